import { z } from 'zod';
import { OIDC_DEFAULT_SCOPES, OIDC_PROVIDER_ID_PATTERN } from '../../common/oidc.ts';
import { isLoopbackHost } from '../http/trustworthy-origin.ts';

/** One OpenID provider people may sign in with (docs/deploy.md, "Sign-in with an identity provider"). */
export interface OidcProviderConfig {
  /** Lower-case id from OIDC_PROVIDERS; names its variables (OIDC_<ID>_*) and its redirect URI. */
  id: string;
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  scopes: string;
  /** The sign-in button says "Sign in with {label}". */
  label: string;
  /** A first sign-in with no account to link creates one. */
  autoCreate: boolean;
  groupsClaim: string;
  /** Empty: anybody the provider signs in; otherwise members of at least one of these groups. */
  allowedGroups: string[];
  /** Members of this group are Listo's administrators (as ADMIN_EMAILS are). */
  adminGroup: string | undefined;
}

export interface OidcConfig {
  providers: OidcProviderConfig[];
  /** Sign-in, registration and reset by password; off only with a provider configured. */
  passwordLogin: boolean;
}

const list = (value: string) => value.split(',').map((entry) => entry.trim()).filter(Boolean);

/**
 * An issuer over HTTPS, or plain HTTP to this machine only (a provider run beside Listo for a
 * trial, and the tests): a token over plain HTTP across a network could be read and replaced.
 */
const Issuer = z.url({ error: 'must be the provider\'s issuer URL, like https://auth.example.com/application/o/listo/' }).refine(
  (value) => {
    const url = URL.canParse(value) ? new URL(value) : undefined;
    return url !== undefined && !url.hash && !url.search && (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname)));
  },
  { error: 'must be an https:// URL without ?query or #fragment (plain http:// only for 127.0.0.1 or localhost)' },
);

const Flag = z.stringbool({ error: 'must be on or off' });

const ProviderEnv = z.object({
  ISSUER: Issuer,
  CLIENT_ID: z.string().regex(/^[\x21-\x7e]{1,200}$/, { error: 'must be 1 to 200 printable ASCII characters' }),
  // A public client (PKCE alone) when unset, as Kanidm and Authelia allow.
  CLIENT_SECRET: z.string().regex(/^[\x20-\x7e]{1,500}$/, { error: 'must be printable ASCII' }).optional(),
  SCOPES: z
    .string()
    .regex(/^[\x21-\x7e]+( [\x21-\x7e]+)*$/, { error: 'must be scopes separated by single spaces' })
    .refine((value) => value.split(' ').includes('openid'), { error: 'must include openid' })
    .default(OIDC_DEFAULT_SCOPES),
  LABEL: z.string().trim().min(1).max(40, { error: 'must be at most 40 characters' }).optional(),
  AUTO_CREATE: Flag.default(false),
  GROUPS_CLAIM: z.string().min(1).max(100).default('groups'),
  ALLOWED_GROUPS: z.string().transform(list).default([]),
  ADMIN_GROUP: z.string().trim().min(1).optional(),
});

/** Refuses the start with one line naming the variable (config.ts's ConfigError). */
export type Refuse = (variable: string, message: string) => never;

/** OIDC_PROVIDERS, each provider's OIDC_<ID>_* and PASSWORD_LOGIN, from the environment (empty values already dropped). */
export function oidcConfig(env: Record<string, string | undefined>, refuse: Refuse): OidcConfig {
  const ids = list(env.OIDC_PROVIDERS ?? '').map((id) => id.toLowerCase());
  for (const id of ids) {
    if (!OIDC_PROVIDER_ID_PATTERN.test(id)) refuse('OIDC_PROVIDERS', `"${id}" must be letters, digits or hyphens (at most 30)`);
  }
  if (new Set(ids).size !== ids.length) refuse('OIDC_PROVIDERS', 'names a provider twice');
  const providers = ids.map((id) => providerConfig(id, env, refuse));
  const passwordLogin = Flag.safeParse(env.PASSWORD_LOGIN ?? 'on');
  if (!passwordLogin.success) refuse('PASSWORD_LOGIN', 'must be on or off');
  if (!passwordLogin.data && providers.length === 0) {
    refuse('PASSWORD_LOGIN', 'can be off only with an identity provider in OIDC_PROVIDERS, or nobody could sign in');
  }
  return { providers, passwordLogin: passwordLogin.data };
}

function providerConfig(id: string, env: Record<string, string | undefined>, refuse: Refuse): OidcProviderConfig {
  const prefix = `OIDC_${id.toUpperCase().replaceAll('-', '_')}_`;
  const own = Object.fromEntries(Object.keys(ProviderEnv.shape).map((key) => [key, env[prefix + key]]));
  const parsed = ProviderEnv.safeParse(own);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = `${prefix}${String(issue.path[0])}`;
    refuse(name, own[String(issue.path[0])] === undefined ? `is needed for the provider "${id}"` : issue.message);
  }
  const e = parsed.data;
  return {
    id,
    issuer: e.ISSUER,
    clientId: e.CLIENT_ID,
    clientSecret: e.CLIENT_SECRET,
    scopes: e.SCOPES,
    label: e.LABEL ?? id.charAt(0).toUpperCase() + id.slice(1),
    autoCreate: e.AUTO_CREATE,
    groupsClaim: e.GROUPS_CLAIM,
    allowedGroups: e.ALLOWED_GROUPS,
    adminGroup: e.ADMIN_GROUP,
  };
}
