import { backoffDelay } from './live-client.ts';

export interface RetryOptions {
  /** The first wait is about this long (half of it fixed, half random)... */
  baseMs: number;
  /** ...doubling up to this. */
  maxMs: number;
  /** No try starts later than this after the first one: the last error is thrown instead. */
  giveUpAfterMs: number;
  /** Whether a failure may pass if tried again; the others are thrown at once. */
  isTransient: (error: unknown) => boolean;
  /** Told before each wait, e.g. to show that the call will be tried again. */
  onWait?: (delayMs: number) => void;
  /** Ends the tries, and any wait between them, with the signal's reason. */
  signal?: AbortSignal;
  /** For the jitter; injectable so tests are deterministic. */
  random?: () => number;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((done, fail) => {
    if (signal?.aborted) return fail(signal.reason);
    const woken = () => {
      clearTimeout(timer);
      fail(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', woken);
      done();
    }, ms);
    signal?.addEventListener('abort', woken, { once: true });
  });
}

/** Runs `call` until it succeeds, waiting longer after each transient failure (exponential backoff with jitter). */
export async function retryWithBackoff<T>(call: () => Promise<T>, options: RetryOptions): Promise<T> {
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    options.signal?.throwIfAborted();
    try {
      return await call();
    } catch (error) {
      options.signal?.throwIfAborted();
      const delay = backoffDelay(attempt, options.baseMs, options.maxMs, options.random ?? Math.random);
      if (!options.isTransient(error) || Date.now() + delay - started > options.giveUpAfterMs) throw error;
      options.onWait?.(delay);
      await sleep(delay, options.signal);
    }
  }
}
