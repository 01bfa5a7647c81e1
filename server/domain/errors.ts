import { EMAIL_UNCONFIRMED } from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';

/**
 * What went wrong, in the domain's words. The transport decides what each kind becomes (HTTP:
 * server/http/error-status.ts); nothing here knows a status.
 */
export const DOMAIN_ERROR_KINDS = [
  /** What the caller sent cannot be taken as it is. */
  'invalid',
  /** No caller, or one whose credentials do not hold. */
  'notSignedIn',
  /** The caller's storage would go past their quota. */
  'quotaExceeded',
  /** A known caller who may not do this. */
  'forbidden',
  'notFound',
  /** The state of things refuses it (a name taken, already done). */
  'conflict',
  /** It existed and has ended for good (an invitation link used up or revoked). */
  'gone',
  /** Within the request size limit, but past one of the domain's limits (a list's items, a photo's pixels). */
  'tooLarge',
  'unsupportedMedia',
  /** Well formed, yet not something we can act on (an idempotency key reused for another request). */
  'unprocessable',
  /** Too many tries: passes with time (see `retryAfterSeconds`). */
  'rateLimited',
  /** Not set up on this server (no AI provider configured). */
  'notImplemented',
  /** A service we depend on failed (mail, an AI model). */
  'upstreamFailed',
  /** We or a service we depend on cannot serve now; a retry may work. */
  'unavailable',
  /** A service we depend on did not answer in time. */
  'upstreamTimedOut',
] as const;
export type DomainErrorKind = (typeof DOMAIN_ERROR_KINDS)[number];

/**
 * An error whose code and message are meant for the client. Services, access checks and features
 * throw these. A refusal that will pass with time says when to ask again.
 */
export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  readonly code: string;
  readonly retryAfterSeconds: number | undefined;

  constructor(kind: DomainErrorKind, code: string, message: string, retryAfterSeconds?: number) {
    super(message);
    this.kind = kind;
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const badRequest = (message: string, code = 'invalid_input') => new DomainError('invalid', code, message);
export const unauthorized = (message: string = SERVER_MESSAGES.notSignedIn) =>
  new DomainError('notSignedIn', 'unauthorized', message);
export const forbidden = (message: string) => new DomainError('forbidden', 'forbidden', message);
/** Refused until the caller proves their e-mail address (a join that an invitation waits on). */
export const emailUnconfirmed = (message: string) => new DomainError('forbidden', EMAIL_UNCONFIRMED, message);
export const notFound = (message: string = SERVER_MESSAGES.notFound) => new DomainError('notFound', 'not_found', message);
export const conflict = (message: string) => new DomainError('conflict', 'conflict', message);
/** A request within the body limit that would take something past one of its limits (a list's items, a photo's pixels). */
export const tooLarge = (message: string) => new DomainError('tooLarge', 'too_large', message);
export const unsupportedMediaType = (message: string) => new DomainError('unsupportedMedia', 'unsupported_media_type', message);
export const tooManyRequests = (message: string = SERVER_MESSAGES.tooManyAttempts) =>
  new DomainError('rateLimited', 'rate_limited', message);

/**
 * A password that does not match: at sign-in (`notSignedIn`, as for an unknown e-mail) or as the
 * current password of a change (`invalid`: the caller is signed in, so `notSignedIn` would wrongly
 * send the client to refresh its token). The failure limiter counts exactly these
 * (server/auth/failure-limiter.ts).
 */
export const WRONG_PASSWORD = 'wrong_password';
export const wrongPassword = (kind: 'notSignedIn' | 'invalid', message: string) => new DomainError(kind, WRONG_PASSWORD, message);
