import { describe, expect, it } from 'vitest';
import { ALEXA_SERVER_MESSAGES } from '../../common/alexa.ts';
import { DomainError } from '../domain/errors.ts';
import { statusOf } from '../http/error-status.ts';
import { createReplayGuard } from './replay-guard.ts';

const WINDOW_MS = 150_000;

function guardAt(max?: number) {
  const clock = { now: new Date('2025-01-01T00:00:00Z') };
  const admit = createReplayGuard({ now: () => clock.now, windowMs: WINDOW_MS, max });
  const advance = (ms: number) => (clock.now = new Date(clock.now.getTime() + ms));
  const refusal = (id: string, timestampMs = clock.now.getTime()) => {
    try {
      admit(id, timestampMs);
      return undefined;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return { status: statusOf(error), code: error.code, message: error.message, retryAfter: error.retryAfterSeconds };
    }
  };
  return { clock, advance, refusal };
}

describe('the replay guard', () => {
  it('remembers an id until its timestamp leaves the window, however long ago it came', () => {
    const { clock, advance, refusal } = guardAt();
    // Dated a minute ahead: remembered until a minute past the usual window.
    const ahead = clock.now.getTime() + 60_000;
    expect(refusal('a', ahead)).toBeUndefined();
    advance(WINDOW_MS + 60_000);
    expect(refusal('a', ahead)).toMatchObject({ status: 400, code: 'replayed_request', message: ALEXA_SERVER_MESSAGES.requestReplayed });
    advance(1);
    expect(refusal('a', ahead)).toBeUndefined();
  });

  it('full, refuses new ids (429, saying when to come back) until the earliest one expires; memory stays bounded', () => {
    const { advance, refusal } = guardAt(3);
    for (const id of ['a', 'b', 'c']) {
      expect(refusal(id)).toBeUndefined();
      advance(10_000);
    }
    // "a" expires 150 s after it came: 120 s from now.
    expect(refusal('d')).toEqual({ status: 429, code: 'rate_limited', message: ALEXA_SERVER_MESSAGES.tooManySkillRequests, retryAfter: 120 });
    // A replay is still told apart from a full memory.
    expect(refusal('b')?.code).toBe('replayed_request');
    advance(120_001);
    expect(refusal('d')).toBeUndefined();
    expect(refusal('e')?.status).toBe(429);
  });
});
