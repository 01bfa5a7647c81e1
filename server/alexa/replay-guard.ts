import crypto from 'node:crypto';
import { ALEXA_SERVER_MESSAGES } from '../../common/alexa.ts';
import { DomainError, badRequest } from '../domain/errors.ts';

/**
 * Request ids remembered at once. A request is remembered until its timestamp leaves the window
 * (at most twice the window: it may be dated that far ahead), so this is 50,000 requests in 5
 * minutes, some 170 a second: far beyond what one household's skill sends, and a few MB of memory.
 */
export const SKILL_REQUEST_IDS_MAX = 50_000;

export interface ReplayGuardDeps {
  now: () => Date;
  /** How far a request's timestamp may be from now, either way: past it, the timestamp check refuses it. */
  windowMs: number;
  max?: number;
}

export type ReplayGuard = (requestId: string, timestampMs: number) => void;

/**
 * Refuses a signed skill request that was seen before (Amazon asks a skill to refuse replays; the
 * signature and the timestamp alone let a captured request through again for 150 s). Each id is
 * remembered until the timestamp it came with is out of the window, when the timestamp check
 * refuses it anyway. Per process, as the rate limits are. At `max` ids remembered, a new request is
 * refused (429) until the earliest one expires, rather than memory growing without bound.
 */
export function createReplayGuard(deps: ReplayGuardDeps): ReplayGuard {
  const max = deps.max ?? SKILL_REQUEST_IDS_MAX;
  /** A digest of each id (the same few bytes however long the id) -> the last moment its timestamp passes. */
  const seen = new Map<string, number>();
  /** Expired ids are dropped once a window, and at once when the map is full. */
  let nextSweep = 0;
  /** Full after a sweep: when the earliest id left expires; no sweep frees anything before then. 0 when not full. */
  let fullUntil = 0;

  /** Drops the ids whose window has passed; answers when the earliest one left expires. */
  function sweep(now: number): number {
    let earliest = Infinity;
    for (const [id, expiresAt] of seen) {
      if (expiresAt < now) seen.delete(id);
      else earliest = Math.min(earliest, expiresAt);
    }
    nextSweep = now + deps.windowMs;
    return earliest;
  }

  return (requestId, timestampMs) => {
    const now = deps.now().getTime();
    const key = crypto.createHash('sha256').update(requestId).digest('base64');
    const expiresAt = seen.get(key);
    if (expiresAt !== undefined && expiresAt >= now) throw badRequest(ALEXA_SERVER_MESSAGES.requestReplayed, 'replayed_request');
    if (now >= nextSweep || (seen.size >= max && now >= fullUntil)) {
      const earliest = sweep(now);
      fullUntil = seen.size >= max ? earliest : 0;
    }
    if (seen.size >= max) {
      const retryAfterSeconds = Math.max(1, Math.ceil((fullUntil - now) / 1000));
      throw new DomainError('rateLimited', 'rate_limited', ALEXA_SERVER_MESSAGES.tooManySkillRequests, retryAfterSeconds);
    }
    seen.set(key, timestampMs + deps.windowMs);
  };
}
