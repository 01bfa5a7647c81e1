/**
 * Personal access tokens: what an app or a script of the user's own (an assistant, a shortcut)
 * sends as its bearer token, on the REST API and at /mcp. Every limit, word and message of the
 * feature, defined once (docs/api.md, "Personal access tokens").
 */

/** Every token starts with this, so the server (and a secret scanner) can tell one at a glance. */
export const ACCESS_TOKEN_PREFIX = 'listo_pat_';

/** The scopes a token may carry: never `account`, which stays with the person's own sessions. */
export const ACCESS_TOKEN_SCOPES = ['lists:read', 'items:write', 'lists:manage'] as const;
export type AccessTokenScope = (typeof ACCESS_TOKEN_SCOPES)[number];

/** The lifetimes offered, in days; a token always ends. */
export const ACCESS_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;
export type AccessTokenExpiryDays = (typeof ACCESS_TOKEN_EXPIRY_DAYS)[number];
export const DEFAULT_ACCESS_TOKEN_EXPIRY_DAYS: AccessTokenExpiryDays = 30;

/** A name is what the activity line calls the app ("Claude added milk"): a short one. */
export const ACCESS_TOKEN_NAME_MAX_LENGTH = 40;

/** Tokens an account may hold at once: enough for every app one person uses, few enough to review. */
export const ACCESS_TOKENS_MAX = 20;

/**
 * A token's last use is written at most this often: a write per request would cost every call of
 * a busy script a transaction, and "last used" is read in minutes anyway.
 */
export const ACCESS_TOKEN_LAST_USE_PRECISION_MS = 60_000;

/** What each scope lets an app do, as Account Settings explains it. */
export const ACCESS_TOKEN_SCOPE_TEXT: Record<AccessTokenScope, string> = {
  'lists:read': 'Read your lists and their items',
  'items:write': 'Add, check off, rename, remove and sort items',
  'lists:manage': 'Create, rename and delete lists, and change their sharing',
};

export const ACCESS_TOKEN_MESSAGES = {
  nameRequired: 'Give the token a name, e.g. the app that will use it',
  nameTooLong: `A token's name must be at most ${ACCESS_TOKEN_NAME_MAX_LENGTH} characters long`,
  scopesRequired: `Choose what the token may do: one or more of ${ACCESS_TOKEN_SCOPES.join(', ')}`,
  scopesRepeated: 'Name each scope once',
  expiryInvalid: `A token lasts ${ACCESS_TOKEN_EXPIRY_DAYS.join(', ')} days: choose one`,
  tooMany: `An account can hold at most ${ACCESS_TOKENS_MAX} tokens. Revoke one you no longer use first.`,
  notFound: 'No token with this id belongs to your account.',
} as const;

export const ACCESS_TOKENS_TEXT = {
  title: 'Apps and tokens',
  explained:
    'A token lets an app act for you, for example an AI assistant connected to Listo at /mcp. It can do only what you choose here, and never more than your account may do on each list.',
  none: 'You have no tokens.',
  name: 'Name',
  namePlaceholder: 'e.g. Claude',
  scopes: 'It may',
  expiry: 'Expires after',
  expiryOption: (days: number) => `${days} days`,
  create: 'Create token',
  creating: 'Creating…',
  createFailed: 'The token could not be created: ',
  loadFailed: 'Your tokens could not be loaded. Reload the page to try again.',
  shownOnce: 'Copy this token now: it is shown only once.',
  secretLabel: (name: string) => `The token ${name}`,
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Copying failed: select the token and copy it yourself.',
  done: 'Done',
  createdOn: (date: string) => `Created ${date}`,
  lastUsed: (when: string) => `last used ${when}`,
  neverUsed: 'never used',
  expiresOn: (date: string) => `expires ${date}`,
  revoke: 'Revoke',
  revoking: 'Revoking…',
  revokeConfirm: (name: string) => `Revoke ${name}? Every app using it loses access at once.`,
  revoked: (name: string) => `${name} was revoked.`,
  revokeFailed: 'The token could not be revoked: ',
  tryAgain: 'Please try again.',
} as const;
