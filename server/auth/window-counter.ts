/**
 * Counts events per key in fixed windows, in memory, for the auth limits. A key's window starts at
 * its first event and lasts `windowMs`; at most `maxKeys` keys are kept, and when a new key finds
 * the counter full, the oldest window goes first.
 */
export interface WindowCounter {
  /** Events of `key` in its current window. */
  count(key: string): number;
  /** Counts one event of `key`. */
  add(key: string): void;
  /** Takes back `n` events of `key`, or all of them. */
  remove(key: string, n?: number): void;
  /** Whole seconds until the current window of `key` ends; 0 when it has none. */
  secondsLeft(key: string): number;
}

interface Window {
  count: number;
  endsAt: number;
}

export function createWindowCounter(options: { windowMs: number; maxKeys: number; now?: () => number }): WindowCounter {
  const { windowMs, maxKeys, now = Date.now } = options;
  // Keys in the order their windows started: as every window is as long, the first ones end first,
  // so dropping the ended ones, and making room, both take from the front.
  const windows = new Map<string, Window>();

  const live = (key: string): Window | undefined => {
    const window = windows.get(key);
    return window && window.endsAt > now() ? window : undefined;
  };

  function dropEnded(): void {
    const time = now();
    for (const [key, window] of windows) {
      if (window.endsAt > time && windows.size < maxKeys) return;
      windows.delete(key);
    }
  }

  return {
    count: (key) => live(key)?.count ?? 0,

    add(key) {
      let window = live(key);
      if (!window) {
        windows.delete(key);
        dropEnded();
        window = { count: 0, endsAt: now() + windowMs };
        windows.set(key, window);
      }
      window.count++;
    },

    remove(key, n) {
      const window = live(key);
      if (!window) return;
      window.count = n === undefined ? 0 : Math.max(0, window.count - n);
      if (window.count === 0) windows.delete(key);
    },

    secondsLeft(key) {
      const window = live(key);
      return window ? Math.ceil((window.endsAt - now()) / 1000) : 0;
    },
  };
}
