import { describe, expect, it } from 'vitest';
import { DomainError, wrongPassword as wrongPasswordError } from '../domain/errors.ts';
import { statusOf as httpStatusOf } from '../http/error-status.ts';
import { createFailureLimiter } from './failure-limiter.ts';

/**
 * The rules of failure-limiter.ts that HTTP tests cannot reach: the end of the minute, parallel
 * guesses, errors that are not failures. failure-limits.test.ts covers the rest through HTTP.
 */

const MAX = 3;
const reply = { header: () => undefined };
const rightPassword = async () => 'signed in';
const wrongPassword = async () => {
  throw wrongPasswordError('notSignedIn', 'wrong');
};

/** The status an attempt ends with: 200, or the DomainError's. */
async function statusOf(attempt: Promise<unknown>): Promise<number> {
  try {
    await attempt;
    return 200;
  } catch (error) {
    if (error instanceof DomainError) return httpStatusOf(error);
    throw error;
  }
}

function limiterWithClock() {
  const clock = { ms: 0 };
  return { limiter: createFailureLimiter(MAX, () => clock.ms), clock };
}

describe('createFailureLimiter', () => {
  it('lets a locked-out source try again once the minute of its failures has passed', async () => {
    const { limiter, clock } = limiterWithClock();
    for (let i = 0; i < MAX; i++) await statusOf(limiter.attempt('ada', 'attacker', reply, wrongPassword));
    expect(await statusOf(limiter.attempt('ada', 'attacker', reply, rightPassword))).toBe(429);
    clock.ms = 60_000;
    expect(await statusOf(limiter.attempt('ada', 'attacker', reply, rightPassword))).toBe(200);
  });

  it('counts guesses sent in parallel before their checks answer', async () => {
    const { limiter } = limiterWithClock();
    const attempts = Array.from({ length: MAX + 2 }, () => statusOf(limiter.attempt('ada', 'attacker', reply, wrongPassword)));
    expect(await Promise.all(attempts)).toEqual([401, 401, 401, 429, 429]);
  });

  it('does not count an attempt that failed for another reason than the password', async () => {
    const { limiter } = limiterWithClock();
    const broken = async () => {
      throw new Error('database down');
    };
    for (let i = 0; i < MAX; i++) await expect(limiter.attempt('ada', 'home', reply, broken)).rejects.toThrow('database down');
    expect(await statusOf(limiter.attempt('ada', 'home', reply, rightPassword))).toBe(200);
  });

  it('says when to come back', async () => {
    const { limiter, clock } = limiterWithClock();
    const headers: Record<string, number> = {};
    const recording = { header: (name: string, value: number) => (headers[name] = value) };
    for (let i = 0; i < MAX; i++) await statusOf(limiter.attempt('ada', 'attacker', reply, wrongPassword));
    clock.ms = 20_500;
    expect(await statusOf(limiter.attempt('ada', 'attacker', recording, rightPassword))).toBe(429);
    expect(headers).toEqual({ 'retry-after': 40 });
  });

  it('lets everything through when the limit is 0', async () => {
    const limiter = createFailureLimiter(0);
    const statuses = [];
    for (let i = 0; i < 2 * MAX; i++) statuses.push(await statusOf(limiter.attempt('ada', 'attacker', reply, wrongPassword)));
    expect(statuses).toEqual(Array.from({ length: 2 * MAX }, () => 401));
  });
});
