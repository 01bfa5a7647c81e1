import { DomainError, tooManyRequests, WRONG_PASSWORD } from '../domain/errors.ts';
import { createWindowCounter } from './window-counter.ts';

/** Failures count over one minute, as RATE_LIMIT_AUTH says. */
const WINDOW_MS = 60_000;
/**
 * Keys each counter keeps. An entry (an e-mail and an IPv6 address) takes about 240 bytes, so a
 * full counter holds some 12 MB; pushing a live count out early takes 50,000 failures within a
 * minute, from 2,500 addresses at the default RATE_LIMIT_AUTH of 20.
 */
const MAX_KEYS = 50_000;

/** Where a refusal puts its Retry-After: the Fastify reply. */
export interface RetryAfterSink {
  header(name: string, value: number): unknown;
}

/** A wrong password, or an unknown e-mail: the only answers that count as failures. */
const isFailure = (error: unknown) => error instanceof DomainError && error.code === WRONG_PASSWORD;

function refuse(reply: RetryAfterSink, seconds: number): never {
  reply.header('retry-after', seconds);
  throw tooManyRequests();
}

export interface FailureLimiter {
  /**
   * Runs `check` (a password check, which throws `wrongPassword` when the password is wrong) as an attempt
   * of `source` on `account`, and answers 429 instead when the account is locked for this source.
   */
  attempt<T>(account: string, source: string, reply: RetryAfterSink, check: () => Promise<T>): Promise<T>;
}

/**
 * Password guessing limits that an attacker cannot turn against the real user. Only failures
 * count. Once an account has had `maxFailures` of them within a minute, it is locked for the
 * sources (client addresses) that failed on it: they are refused, even with the right password,
 * until the minute ends. Other sources still get their check: the right password passes, a wrong
 * one is refused and counted. A success clears its source's failures on the account. 0 turns the
 * limit off.
 */
export function createFailureLimiter(maxFailures: number, now?: () => number): FailureLimiter {
  if (maxFailures === 0) return { attempt: (_account, _source, _reply, check) => check() };
  const counter = () => createWindowCounter({ windowMs: WINDOW_MS, maxKeys: MAX_KEYS, now });
  const byAccount = counter();
  const byPair = counter();

  return {
    async attempt(account, source, reply, check) {
      const pair = `${account} ${source}`;
      const locked = byAccount.count(account) >= maxFailures;
      if (locked && byPair.count(pair) > 0) {
        refuse(reply, Math.min(byAccount.secondsLeft(account), byPair.secondsLeft(pair)));
      }
      // Counted before the check and taken back after, so guesses sent in parallel see each other.
      byAccount.add(account);
      byPair.add(pair);
      try {
        const result = await check();
        byAccount.remove(account, byPair.count(pair));
        byPair.remove(pair);
        return result;
      } catch (error) {
        if (!isFailure(error)) {
          byAccount.remove(account, 1);
          byPair.remove(pair, 1);
        } else if (locked) {
          refuse(reply, byAccount.secondsLeft(account));
        }
        throw error;
      }
    },
  };
}
