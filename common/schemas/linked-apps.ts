import { z } from 'zod';
import { REGISTRATION_LIMITS } from '../oauth-apps.ts';

/** Apps linked to the account (voice assistants), as Account Settings lists them. */

export const LinkedAppView = z.object({
  client_id: z.string(),
  name: z.string(),
  /** What the app may do, e.g. `lists:read`, `items:write`. */
  scopes: z.array(z.string()),
  linked_at: z.string(),
  /** When the app last used its access (to the minute); null when never recorded. */
  last_used_at: z.string().nullable(),
});
export type LinkedAppView = z.infer<typeof LinkedAppView>;

export const LinkedAppsResponse = z.object({ apps: z.array(LinkedAppView) });
export type LinkedAppsResponse = z.infer<typeof LinkedAppsResponse>;

// A client_id may be the URL of the app's metadata document.
export const LinkedAppParams = z.object({ clientId: z.string().min(1).max(REGISTRATION_LIMITS.uriMaxLength) });

/** The linking page's form token (docs/api.md, "Voice assistant"): sent back in the form's `form_token` field. */
export const LinkFormResponse = z.object({ form_token: z.string() });
export type LinkFormResponse = z.infer<typeof LinkFormResponse>;

/** The token endpoint's answer (RFC 6749, section 5.1): the access token and the refresh token that renews it. */
export const OAuthTokenResponse = z.object({
  access_token: z.string(),
  token_type: z.string(),
  expires_in: z.number().int(),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
});
export type OAuthTokenResponse = z.infer<typeof OAuthTokenResponse>;

/** The OAuth endpoints' refusals, in OAuth's format (RFC 6749 5.2, RFC 7591 3.2.2) instead of the API's envelope. */
export const OAuthErrorBody = z.object({ error: z.string(), error_description: z.string().optional() }).meta({ id: 'OAuthError' });
export type OAuthErrorBody = z.infer<typeof OAuthErrorBody>;
