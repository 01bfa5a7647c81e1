import type { DomainError, DomainErrorKind } from '../domain/errors.ts';

/** The HTTP status of each kind of domain error: the one place where the API's statuses for them are decided. */
export const STATUS_OF_KIND: Readonly<Record<DomainErrorKind, number>> = {
  invalid: 400,
  notSignedIn: 401,
  quotaExceeded: 402,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  gone: 410,
  tooLarge: 413,
  unsupportedMedia: 415,
  unprocessable: 422,
  rateLimited: 429,
  notImplemented: 501,
  upstreamFailed: 502,
  unavailable: 503,
  upstreamTimedOut: 504,
};

export const statusOf = (error: DomainError): number => STATUS_OF_KIND[error.kind];
