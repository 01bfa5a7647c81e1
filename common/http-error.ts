/**
 * An error with an HTTP status and a stable code, as the API answers it: `{"error":{"code","message"}}`.
 * The web client reads them back (ApiError); the server's own errors carry no status, which its
 * HTTP layer gives them (server/http/error-status.ts).
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
