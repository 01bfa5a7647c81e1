/**
 * An error with an HTTP status and a stable code, as the API answers it: `{"error":{"code","message"}}`.
 * The server throws them (AppError) and the web client reads them back (ApiError).
 */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}
