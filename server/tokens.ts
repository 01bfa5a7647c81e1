import crypto from 'node:crypto';

/** A new bearer secret: 256 random bits, URL-safe. */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/**
 * What we store instead of a token: an HMAC keyed by the server secret, so a copy of the database
 * alone cannot be used to recognise or forge a token.
 */
export function digestToken(secret: string, token: string): string {
  return crypto.createHmac('sha256', secret).update(token).digest('base64url');
}
