/**
 * A refusal answered in OAuth's own format, `{"error", "error_description"}` (RFC 6749 5.2,
 * RFC 7591 3.2.2), by the token and registration endpoints of apps.
 */
export class OAuthRefusal extends Error {
  readonly error: string;
  readonly status: number;

  constructor(error: string, description: string, status = 400) {
    super(description);
    this.error = error;
    this.status = status;
  }
}
