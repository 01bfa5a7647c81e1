/**
 * Sign-in with an OpenID Connect provider (docs/api.md, "Sign-in with an identity provider"):
 * every path, limit and word of the feature, defined once for the server and the web app.
 */

/** A provider's id in OIDC_PROVIDERS: it names its variables, its redirect URI and its API paths. */
export const OIDC_PROVIDER_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,29}$/;
/** Scopes asked for when OIDC_<ID>_SCOPES is unset: the subject, the e-mail address and a name. */
export const OIDC_DEFAULT_SCOPES = 'openid email profile';

/** The query parameter the server adds when it sends the browser back to the app to finish a sign-in or a link. */
export const OIDC_FINISH_PARAM = 'oidc';
export const OIDC_FINISH_VALUE = 'finish';
/** Where the browser lands after the provider: a sign-in on the sign-in page, a link in Account Settings. */
export const OIDC_RETURN_PATHS = { login: '/', link: '/account' } as const;
export type OidcIntent = keyof typeof OIDC_RETURN_PATHS;

/** Error codes of a refused sign-in or link (the `code` of the error envelope). */
export const OIDC_ERRORS = {
  unavailable: 'oidc_unavailable',
  wrongGroup: 'oidc_wrong_group',
  unverifiedEmail: 'oidc_unverified_email',
  noAccount: 'oidc_no_account',
  noEmail: 'oidc_no_email',
  failed: 'oidc_failed',
  identityTaken: 'oidc_identity_taken',
  passwordLoginOff: 'password_login_off',
  lastSignInMethod: 'last_sign_in_method',
} as const;

/** What the sign-in page and Account Settings say of providers, and the server's refusals. */
export const OIDC_TEXT = {
  signInWith: (label: string) => `Sign in with ${label}`,
  unavailableBadge: 'unavailable',
  signInWithUnavailable: (label: string) => `Sign in with ${label} (unavailable)`,
  or: 'or',
  redirecting: 'Redirecting…',
  finishing: 'Finishing sign-in…',
  unavailable: (label: string) => `${label} cannot be reached right now. Please try again in a minute.`,
  wrongGroup: (label: string) => `Your ${label} account is not in a group allowed to use Listo. Ask whoever runs Listo to add you.`,
  unverifiedEmail: (label: string) => `${label} has not confirmed your e-mail address. Sign in with your password once to link ${label} to your account.`,
  unverifiedEmailNoPassword: (label: string) =>
    `${label} has not confirmed your e-mail address, so Listo cannot tell that the account with that address is yours.`,
  linkedWithPassword: (label: string) => `${label} is now linked to your account.`,
  noAccount: (email: string) => `There is no Listo account for ${email}. Ask whoever runs Listo to create one.`,
  noEmail: (label: string) => `${label} did not share an e-mail address with Listo.`,
  failed: (label: string) => `Sign-in with ${label} did not complete. Please try again.`,
  expired: 'This sign-in took too long or was already used. Please start again.',
  identityTaken: (label: string) => `This ${label} account is already linked to another Listo account.`,
  passwordLoginOff: 'Signing in with a password is turned off on this server.',
  unknownProvider: 'There is no such sign-in provider on this server.',
  // Account Settings
  providersTitle: 'Sign-in providers',
  notLinked: 'Not linked',
  linkedAs: (email: string) => `Linked as ${email}`,
  link: 'Link',
  unlink: 'Unlink',
  unlinking: 'Unlinking…',
  unlinkConfirm: (label: string) => `You will no longer be able to sign in with ${label} until you link it again.`,
  unlinked: (label: string) => `${label} was unlinked.`,
  linked: (label: string) => `${label} is now linked to your account.`,
  lastSignInMethod:
    'This is your only way to sign in. To unlink it, first link another provider, or get a password with "Forgot password?" on the sign-in page.',
  loadFailed: 'Could not load your sign-in providers.',
} as const;
