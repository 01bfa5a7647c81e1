import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Actor } from '../access/actor.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { FailureLimiter } from '../auth/failure-limiter.ts';
import type { DB } from '../db/schema.ts';
import type { ItemService } from '../items/items.service.ts';
import type { ListService } from '../lists/lists.service.ts';
import { oauthRoutes } from '../oauth/oauth.routes.ts';
import { createOAuthService } from '../oauth/oauth.service.ts';
import type { AlexaConfig } from './alexa.config.ts';
import { skillRoutes } from './skill.routes.ts';
import { createVoiceSkill } from './skill.ts';
import { createSkillRequestVerifier } from './skill-verifier.ts';
import { createVoiceActions } from './voice-actions.ts';

export interface AlexaDeps {
  db: Kysely<DB>;
  secret: string;
  now: () => Date;
  log: FastifyBaseLogger;
  config: AlexaConfig;
  lists: ListService;
  items: ItemService;
  /** Signing certificates to trust without fetching them (tests), by URL. */
  certificates?: Readonly<Record<string, string>>;
}

/** Without ALEXA_* configuration: nobody can link, and every skill request gets the linking card. */
export const NO_ALEXA: AlexaConfig = { client: undefined, skillId: undefined };

/** The voice assistant: account linking by OAuth, and the skill acting for the linked user. */
export function createAlexa(deps: AlexaDeps) {
  const { client } = deps.config;
  const oauth = createOAuthService({ ...deps, clients: client ? [client] : [] });
  const skill = createVoiceSkill({
    actions: createVoiceActions(deps),
    // Only tokens the skill's own client was given speak for a user here.
    authenticate: async (token): Promise<Actor | undefined> => {
      const actor = await oauth.authenticate(token);
      return actor?.via.kind === 'oauth' && actor.via.clientId === client?.id ? actor : undefined;
    },
    log: deps.log,
  });
  const verify = createSkillRequestVerifier({ now: deps.now, skillId: deps.config.skillId, certificates: deps.certificates });

  return {
    oauth,
    /** The HTTP side, below the API base. */
    routes(options: { auth: AuthService; loginFailures: FailureLimiter; rateLimitPerMinute: number; publicUrl: string }): FastifyPluginAsync {
      return async (api) => {
        await api.register(oauthRoutes(oauth, { ...options, secret: deps.secret }));
        await api.register(skillRoutes(verify, skill));
      };
    },
    /**
     * Where the linking form may send the browser: Chrome holds a form's redirect to the CSP's
     * `form-action`, so the client's redirect URIs join `'self'` there.
     */
    formActionSources: (client?.redirectUris ?? []).map((uri) => new URL(uri).origin),
  };
}
