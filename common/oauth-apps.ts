import { AUTHORIZATION_PARAMS } from './alexa.ts';

/**
 * Apps that connect themselves (an assistant's MCP client): discovery, registration, the consent
 * page and their tokens (docs/api.md, "Apps connecting by OAuth"; docs/decisions/060). Every path,
 * limit, word and message of the feature, defined once.
 */

/** Where the metadata of the one resource these apps' tokens are for (the MCP endpoint, RFC 8707) is. */
export const PROTECTED_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource';
export const AUTHORIZATION_SERVER_METADATA_PATH = '/.well-known/oauth-authorization-server';
/** The web app's consent page: the authorization endpoint apps send the browser to. */
export const CONSENT_PAGE_PATH = '/oauth/authorize';
/** Below the API base. */
export const APP_TOKEN_PATH = '/oauth/token';
export const APP_REGISTRATION_PATH = '/oauth/register';
/** Below the API base: what the consent page reads (the request checked) and posts (the decision). */
export const APP_AUTHORIZATION_PATH = '/oauth/authorization';

/** The query parameters of an app's authorization request: account linking's, and the resource (RFC 8707 2). */
export const APP_AUTHORIZATION_PARAMS = [...AUTHORIZATION_PARAMS, 'resource'] as const;

/** Scopes a user may grant an app: everything but `account`, which stays with the user's own sessions. */
export const DELEGABLE_SCOPES = ['lists:read', 'items:write', 'lists:manage'] as const;
export type DelegableScope = (typeof DELEGABLE_SCOPES)[number];

/** What an app gets when it asks for no scope: reading and changing items, not managing lists. */
export const APP_DEFAULT_SCOPES = ['lists:read', 'items:write'] as const satisfies readonly DelegableScope[];

export const APP_ACCESS_TOKEN_TTL_S = 60 * 60;
/** Rotated on every refresh; an app unused for this long has to ask the user again. */
export const APP_REFRESH_TOKEN_TTL_S = 90 * 24 * 60 * 60;
/** A grant's last use is written at most this often (a token used many times a minute writes once). */
export const GRANT_LAST_USE_RESOLUTION_S = 60;

/** Dynamic registration's bounds. */
export const REGISTRATION_LIMITS = {
  perAddressPerHour: 20,
  /** Registered clients kept at once; more wait until unused ones expire. */
  maxClients: 1_000,
  /** A registered client no user has allowed is deleted after this. */
  unusedClientTtlS: 24 * 60 * 60,
  maxRedirectUris: 5,
  uriMaxLength: 2_000,
  nameMaxLength: 100,
} as const;

/** Client ID metadata documents' bounds. */
export const CLIENT_DOCUMENT_LIMITS = {
  maxBytes: 5 * 1024,
  timeoutMs: 3_000,
  /** Documents kept in memory at once, each for `cacheTtlS`. */
  cacheEntries: 200,
  cacheTtlS: 10 * 60,
} as const;

/** Scopes in plain words, as the consent page and Linked apps say them. */
export const SCOPE_WORDS: Record<DelegableScope, string> = {
  'lists:read': 'See your lists and their items',
  'items:write': 'Add, check off, rename and remove items',
  'lists:manage': 'Create, rename, sort and share lists',
};

export const CONSENT_TEXT = {
  heading: 'Connect an app',
  title: (name: string) => `Allow ${name} to use your Listo?`,
  redirectsTo: (host: string) => `After you decide, you go back to ${host}.`,
  unverified: 'Listo has not checked who made this app. Allow it only if you started connecting it yourself.',
  scopesTitle: 'It will be able to:',
  allow: 'Allow',
  allowing: 'Allowing…',
  deny: 'Deny',
  denying: 'Denying…',
  loading: 'Checking the app…',
  failed: 'Something went wrong. Please try again.',
  leaving: 'Going back to the app…',
  backHome: 'Back to your lists',
  /** Account Settings' Linked apps: when an app last used its access. */
  lastUsed: (date: string) => `last used ${date}`,
} as const;

/** The server's answers about these apps, in the API's envelope or OAuth's `error_description`. */
export const APP_OAUTH_MESSAGES = {
  unnamedApp: 'An unnamed app',
  unknownClient: 'This app is not known to this Listo server, or its redirect address is not one it registered. Start connecting again in the app.',
  clientDocumentUnavailable: "The app's client information could not be read. Start connecting again in the app.",
  tooManyRegistrations: 'Too many apps were registered from this address. Please try again in an hour.',
  registrationsFull: 'Too many apps are registered right now. Please try again tomorrow.',
  redirectUriInvalid: 'Redirect URIs must be https:// URLs, or http:// URLs to this machine (127.0.0.1, [::1] or localhost), without a #fragment.',
  publicClientsOnly: 'Only public clients register here: token_endpoint_auth_method must be none.',
  grantTypesUnsupported: 'Only the authorization_code and refresh_token grant types are supported.',
  responseTypesUnsupported: 'Only the code response type is supported.',
  pkceRequired: 'A code_challenge with code_challenge_method=S256 is required.',
  resourceUnknown: 'The resource must be this server’s MCP endpoint.',
  resourceMismatch: 'The resource is not the one this grant is for.',
  scopeUnknown: 'The scope names a permission this server does not give apps.',
  scopeBeyondGrant: 'The scope is more than the user allowed.',
  codeInvalid: 'The authorization code is invalid, expired or used.',
  verifierInvalid: 'The code_verifier does not match the code_challenge.',
  verifierMissing: 'The code_verifier is missing.',
  redirectUriMismatch: 'The redirect_uri is not the one the code was issued for.',
  refreshTokenInvalid: 'The refresh token is invalid, expired or revoked.',
  refreshTokenReused: 'The refresh token was used before: every token of this grant is revoked.',
  clientMismatch: 'The code or token was issued to another client.',
  grantTypeUnsupported: 'Only the authorization_code and refresh_token grant types are supported.',
  parameterMissing: (name: string) => `The ${name} parameter is missing.`,
  userDenied: 'The user denied the request.',
  tokenNotForResource: 'This token is not for this resource.',
} as const;
