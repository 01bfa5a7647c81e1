import { AI_BUSY_RETRY_AFTER_S, AI_MESSAGES } from '../../common/ai.ts';
import { AppError } from '../http/errors.ts';

/**
 * The errors of the AI calls, each with its status and code (docs/api.md, "AI"). The model's own
 * failures are 5xx: nothing the client sent was wrong, and a retry may work.
 */
export const aiErrors = {
  notAllowed: () => new AppError(403, 'ai_not_allowed', AI_MESSAGES.notAllowed),
  notConfigured: (message: string = AI_MESSAGES.notConfigured) => new AppError(501, 'ai_not_configured', message),
  rateLimited: () => new AppError(429, 'rate_limited', AI_MESSAGES.rateLimited),
  /** The model answered twice with something that is not the JSON asked for. */
  badOutput: () => new AppError(502, 'ai_bad_output', AI_MESSAGES.badOutput),
  /** The model's server failed (a 500, no connection). */
  failed: () => new AppError(502, 'ai_failed', AI_MESSAGES.failed),
  /** The model's server refused our key (its 401 or 403): the operator's to fix, not a retry's. */
  refused: () => new AppError(502, 'ai_refused', AI_MESSAGES.refused),
  /** The model's server is over its quota (its 429). */
  busy: () => new AppError(503, 'ai_busy', AI_MESSAGES.busy, AI_BUSY_RETRY_AFTER_S),
  timeout: () => new AppError(504, 'ai_timeout', AI_MESSAGES.timeout),
  /** The built-in assistant's OCR: the photo waited too long for its turn (others' photos were read). */
  photoTurnExpired: () => new AppError(503, 'ai_busy', AI_MESSAGES.photoTurnExpired, AI_BUSY_RETRY_AFTER_S),
  /** The built-in assistant's OCR: the caller's photos waiting already fill their share of the queue. */
  photosWaiting: () => new AppError(429, 'photos_waiting', AI_MESSAGES.photosWaiting),
  unknownItem: (name: string, language: string) =>
    new AppError(422, 'ai_unknown_item', AI_MESSAGES.offlineUnknownItem(name, language)),
  propertiesTooLarge: () => new AppError(422, 'too_large', AI_MESSAGES.propertiesTooLarge),
};

/** Our answer to a call the model's server answered with an error status (undefined: it did not answer). */
export function providerError(status: number | undefined): AppError {
  if (status === 429) return aiErrors.busy();
  if (status === 401 || status === 403) return aiErrors.refused();
  return aiErrors.failed();
}
