import { session } from '../store/session.ts';

/**
 * Work started ahead of the one who will ask for it (a read or a load of the first screen, while
 * its code loads), kept per key: the first to ask takes it, once, while it is fresh (`freshMs`)
 * and the session that started it is still the one signed in; otherwise they do the work again.
 */
export function createHandoff<K, T>(freshMs: number) {
  const waiting = new Map<K, { work: Promise<T>; token: string | null; at: number }>();
  return {
    has: (key: K) => waiting.has(key),
    /** Starts `work` for the one who will take it; answers it too. */
    start(key: K, start: () => Promise<T>): Promise<T> {
      const work = start();
      // Whoever takes it sees the failure; left untaken, it must not surface as an unhandled rejection.
      work.catch(() => undefined);
      waiting.set(key, { work, token: session.get().token, at: performance.now() });
      return work;
    },
    take(key: K): Promise<T> | undefined {
      const entry = waiting.get(key);
      waiting.delete(key);
      const fresh = entry !== undefined && performance.now() - entry.at < freshMs && entry.token === session.get().token;
      return fresh ? entry.work : undefined;
    },
  };
}
