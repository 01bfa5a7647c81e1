import { z } from 'zod';
import { ALEXA_CLIENT_NAME } from '../../common/alexa.ts';
import { DELEGABLE_SCOPES } from '../../common/oauth-apps.ts';
import type { OAuthClient } from '../oauth/clients.ts';
import { isAllowedRedirectUri } from '../oauth/redirect-uri.ts';

/** Account linking and the skill endpoint, as configured (README, "Configuration"). */
export interface AlexaConfig {
  /** The OAuth client the skill's account linking uses; unset, nobody can link. */
  client: OAuthClient | undefined;
  /** When set, skill requests for any other skill are refused. */
  skillId: string | undefined;
}

/** HTTPS, or plain HTTP to this machine (for trying linking out locally); never a fragment (RFC 6749 3.1.2). */
const RedirectUri = z.url({ error: 'must be URLs' }).refine(isAllowedRedirectUri, { error: 'must be https:// URLs without a #fragment' });

const list = (value: string) => value.split(/[\s,]+/).filter(Boolean);

/** The ALEXA_* variables, spread into config.ts's Env. */
export const AlexaEnv = {
  // Printable ASCII: what RFC 6749 allows in a client id (VSCHAR).
  ALEXA_CLIENT_ID: z.string().regex(/^[\x20-\x7e]{1,200}$/, { error: 'must be 1 to 200 printable ASCII characters' }).optional(),
  // Long enough that guessing it at the token endpoint is hopeless, so that endpoint needs no rate limit.
  ALEXA_CLIENT_SECRET: z
    .string()
    .regex(/^[\x21-\x7e]{32,200}$/, { error: 'must be 32 to 200 printable ASCII characters without spaces' })
    .optional(),
  ALEXA_REDIRECT_URIS: z.string().transform(list).pipe(z.array(RedirectUri).min(1)).optional(),
  ALEXA_SCOPES: z
    .string()
    .transform(list)
    .pipe(z.array(z.enum(DELEGABLE_SCOPES, { error: `must be among ${DELEGABLE_SCOPES.join(', ')}` })).min(1))
    .default(['lists:read', 'items:write']),
  ALEXA_SKILL_ID: z.string().min(1).max(200).optional(),
};

type AlexaVariables = z.infer<z.ZodObject<typeof AlexaEnv>>;

/** A client id without its secret or redirect URIs cannot link anybody: say so at start. */
export function requireCompleteAlexaClient(env: AlexaVariables, ctx: z.RefinementCtx): void {
  if (env.ALEXA_CLIENT_ID === undefined) return;
  for (const name of ['ALEXA_CLIENT_SECRET', 'ALEXA_REDIRECT_URIS'] as const) {
    if (env[name] === undefined) ctx.addIssue({ code: 'custom', path: [name], message: 'is needed with ALEXA_CLIENT_ID' });
  }
}

export function alexaConfig(env: AlexaVariables): AlexaConfig {
  const { ALEXA_CLIENT_ID: id, ALEXA_CLIENT_SECRET: secret, ALEXA_REDIRECT_URIS: redirectUris } = env;
  return {
    client:
      id && secret && redirectUris
        ? { id, secret, name: ALEXA_CLIENT_NAME, redirectUris, scopes: env.ALEXA_SCOPES }
        : undefined,
    skillId: env.ALEXA_SKILL_ID,
  };
}
