import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import type { Actor, Authenticator } from '../access/actor.ts';
import { forbidden, unauthorized } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling, when the request carried a valid bearer token. */
    actor?: Actor;
  }
  interface FastifyContextConfig {
    /** The route answers without a bearer token. */
    public?: boolean;
    /**
     * The route also serves apps acting for a user (OAuth clients); their scopes are then checked
     * per action. Without it, only the user's own session gets in.
     */
    delegated?: boolean;
  }
}

/** The bearer token of a request, if it has one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/**
 * Resolves the actor of every request in this scope from its bearer token, asking each
 * authenticator in turn (sessions first), and answers 401 on a route not marked `public` when
 * there is none. Unknown routes fall through to the 404 handler.
 */
export function registerAuthentication(app: FastifyInstance, authenticators: readonly Authenticator[]): void {
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    for (const authenticate of token ? authenticators : []) {
      request.actor = await authenticate(token!);
      if (request.actor) break;
    }
    const { url, config } = request.routeOptions;
    if (!url) return;
    if (!request.actor && !config.public) throw unauthorized();
    if (request.actor && request.actor.via.kind !== 'session' && !config.delegated && !config.public) {
      throw forbidden(SERVER_MESSAGES.scopeMissing);
    }
  });
}

/** The actor of a route that needs one (the hook above has already refused the rest). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}
