import { AI_BUSY_RETRY_AFTER_S, AI_MESSAGES } from '../../common/ai.ts';
import { DomainError } from '../domain/errors.ts';

/**
 * The errors of the AI calls, each with its status and code (docs/api.md, "AI"). The model's own
 * failures are 5xx: nothing the client sent was wrong, and a retry may work.
 */
export const aiErrors = {
  notAllowed: () => new DomainError('forbidden', 'ai_not_allowed', AI_MESSAGES.notAllowed),
  notConfigured: (message: string = AI_MESSAGES.notConfigured) => new DomainError('notImplemented', 'ai_not_configured', message),
  rateLimited: (retryAfterSeconds?: number) => new DomainError('rateLimited', 'rate_limited', AI_MESSAGES.rateLimited, retryAfterSeconds),
  /** The model answered twice with something that is not the JSON asked for. */
  badOutput: () => new DomainError('upstreamFailed', 'ai_bad_output', AI_MESSAGES.badOutput),
  /** The model's server failed (a 500, no connection). */
  failed: () => new DomainError('upstreamFailed', 'ai_failed', AI_MESSAGES.failed),
  /** The model's server refused our key (its 401 or 403): the operator's to fix, not a retry's. */
  refused: () => new DomainError('upstreamFailed', 'ai_refused', AI_MESSAGES.refused),
  /** The model's server is over its quota (its 429). */
  busy: () => new DomainError('unavailable', 'ai_busy', AI_MESSAGES.busy, AI_BUSY_RETRY_AFTER_S),
  timeout: () => new DomainError('upstreamTimedOut', 'ai_timeout', AI_MESSAGES.timeout),
  /** The built-in assistant's OCR: the photo waited too long for its turn (others' photos were read). */
  photoTurnExpired: () => new DomainError('unavailable', 'ai_busy', AI_MESSAGES.photoTurnExpired, AI_BUSY_RETRY_AFTER_S),
  /** The built-in assistant's OCR: the caller's photos waiting already fill their share of the queue. */
  photosWaiting: () => new DomainError('rateLimited', 'photos_waiting', AI_MESSAGES.photosWaiting),
  unknownItem: (name: string, language: string) =>
    new DomainError('unprocessable', 'ai_unknown_item', AI_MESSAGES.offlineUnknownItem(name, language)),
  propertiesTooLarge: () => new DomainError('unprocessable', 'too_large', AI_MESSAGES.propertiesTooLarge),
};

/** Our answer to a call the model's server answered with an error status (undefined: it did not answer). */
export function providerError(status: number | undefined): DomainError {
  if (status === 429) return aiErrors.busy();
  if (status === 401 || status === 403) return aiErrors.refused();
  return aiErrors.failed();
}
