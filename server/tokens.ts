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

/** A new token that works for `ttlMs` from `now`: the token for its holder, the rest for storage. */
export interface ExpiringToken {
  token: string;
  hash: string;
  createdAt: string;
  expiresAt: string;
}

export function newExpiringToken(secret: string, now: Date, ttlMs: number): ExpiringToken {
  const token = newToken();
  return {
    token,
    hash: digestToken(secret, token),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + ttlMs).toISOString(),
  };
}
