import type { Scope } from '../access/actor.ts';

/**
 * An app that may act for users who link their account to it (today: one voice assistant). Clients
 * come from configuration, not from a table: a self-hosted Listo has one or two, set up once by
 * whoever runs it, and the secret is that person's to keep.
 */
export interface OAuthClient {
  id: string;
  secret: string;
  /** Shown in Account Settings, beside the Unlink button. */
  name: string;
  /** Exactly these; a request naming another is refused before anything else happens. */
  redirectUris: readonly string[];
  /** The most this client may be granted; a request may ask for less. */
  scopes: readonly Scope[];
}

