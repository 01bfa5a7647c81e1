import { z } from 'zod';
import { OIDC_PROVIDER_ID_PATTERN } from '../oidc.ts';
import { AuthResponse, LoginBody, UserView } from './auth.ts';

/** Payloads of sign-in with an identity provider (docs/api.md, "Sign-in with an identity provider"). */

export const ProviderParams = z.object({ provider: z.string().regex(OIDC_PROVIDER_ID_PATTERN) });
export type ProviderParams = z.infer<typeof ProviderParams>;

/** What the sign-in page offers: the password form, and a button per provider. */
export const SignInMethods = z.object({
  password: z.boolean(),
  providers: z.array(z.object({ id: z.string(), label: z.string(), available: z.boolean() })),
});
export type SignInMethods = z.infer<typeof SignInMethods>;

/** Where to send the browser: the provider's authorization endpoint. */
export const OidcRedirect = z.object({ url: z.url() });
export type OidcRedirect = z.infer<typeof OidcRedirect>;

/** The provider's answer as it comes back to the redirect URI (RFC 6749 4.1.2 and 4.1.2.1). */
export const OidcCallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
});

/** Finishing: `{}`, or the password of the account to link when the provider did not confirm the address. */
export const OidcFinishBody = z.strictObject({ credentials: LoginBody.optional() });
export type OidcFinishBody = z.infer<typeof OidcFinishBody>;

export const LinkedIdentityView = z.object({
  provider: z.string(),
  label: z.string(),
  /** The address the provider gave at the last sign-in. */
  email: z.string().nullable(),
  linked_at: z.string(),
});
export type LinkedIdentityView = z.infer<typeof LinkedIdentityView>;

export const OidcFinishResponse = z.discriminatedUnion('outcome', [
  AuthResponse.extend({ outcome: z.literal('signed_in') }),
  z.object({ outcome: z.literal('linked'), identity: LinkedIdentityView, user: UserView }),
]);
export type OidcFinishResponse = z.infer<typeof OidcFinishResponse>;

/** Account Settings: the providers, linked or not, and whether the account has a password. */
export const IdentitiesResponse = z.object({
  /** Whether a password signs the account in (it has one, and passwords are on). */
  has_password: z.boolean(),
  identities: z.array(LinkedIdentityView),
  providers: SignInMethods.shape.providers,
});
export type IdentitiesResponse = z.infer<typeof IdentitiesResponse>;

/** POST /auth/logout: 204, or this when the provider's session can end too (RP-initiated logout). */
export const LogoutResponse = z.object({ end_session_url: z.url() });
export type LogoutResponse = z.infer<typeof LogoutResponse>;
