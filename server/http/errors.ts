import { EMAIL_UNCONFIRMED } from '../../common/constants.ts';
import { HttpError } from '../../common/http-error.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';

/**
 * An error whose status, code and message are meant for the client. Services throw these. A
 * refusal that will pass with time says when to ask again (`Retry-After`).
 */
export class AppError extends HttpError {
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, code: string, message: string, retryAfterSeconds?: number) {
    super(status, code, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const badRequest = (message: string, code = 'invalid_input') => new AppError(400, code, message);
export const unauthorized = (message: string = SERVER_MESSAGES.notSignedIn) =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (message: string) => new AppError(403, 'forbidden', message);
/** Refused until the caller proves their e-mail address (a join that an invitation waits on). */
export const emailUnconfirmed = (message: string) => new AppError(403, EMAIL_UNCONFIRMED, message);
export const notFound = (message: string = SERVER_MESSAGES.notFound) => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
/** A request within the body limit that would take something past one of its limits (a list's items, a photo's pixels). */
export const tooLarge = (message: string) => new AppError(413, 'too_large', message);
export const unsupportedMediaType = (message: string) => new AppError(415, 'unsupported_media_type', message);
export const tooManyRequests = (message: string = SERVER_MESSAGES.tooManyAttempts) =>
  new AppError(429, 'rate_limited', message);

/**
 * A password that does not match: at login (401, as for an unknown e-mail) or as the current
 * password of a change (400: the caller is signed in, so a 401 would wrongly send the client to
 * refresh its token). The failure limiter counts exactly these (server/auth/failure-limiter.ts).
 */
export const WRONG_PASSWORD = 'wrong_password';
export const wrongPassword = (status: 400 | 401, message: string) => new AppError(status, WRONG_PASSWORD, message);
