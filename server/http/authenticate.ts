import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { APP_OAUTH_MESSAGES, PROTECTED_RESOURCE_METADATA_PATH } from '../../common/oauth-apps.ts';
import type { Actor, Authenticator, Resource } from '../access/actor.ts';
import { DomainError, forbidden, unauthorized } from '../domain/errors.ts';

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
    /**
     * The route is an OAuth protected resource of its own (the MCP endpoint): an app's token bound
     * to it (RFC 8707 `resource`) works there and nowhere else, and an app's token bound to no or
     * another resource does not work there. Personal access tokens and sessions are not bound.
     */
    resource?: Resource;
  }
}

/** The bearer token of a request, if it has one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/** The actor behind a bearer token, asking each authenticator in turn (sessions first); undefined when none knows it. */
export async function actorOfToken(authenticators: readonly Authenticator[], token: string): Promise<Actor | undefined> {
  for (const authenticate of authenticators) {
    const actor = await authenticate(token);
    if (actor) return actor;
  }
  return undefined;
}

/**
 * What a protected resource's 401 says (RFC 6750 3, RFC 9728 5.1): where its metadata is, which
 * names the authorization server an app gets a token from; and, when a token was presented, that
 * it is not good here.
 */
export function resourceChallenge(publicUrl: string, error?: 'invalid_token'): string {
  const metadata = `resource_metadata="${publicUrl}${PROTECTED_RESOURCE_METADATA_PATH}"`;
  return error ? `Bearer error="${error}", ${metadata}` : `Bearer ${metadata}`;
}

/**
 * Resolves the actor of every request in this scope from its bearer token, asking each
 * authenticator in turn (sessions first), and answers 401 on a route not marked `public` when
 * there is none. An app's token bound to a resource is a credential on that resource's routes only,
 * and those routes take no other app's token (401 `invalid_token`, with the challenge that sends an
 * app to discovery). Unknown routes fall through to the 404 handler.
 */
export function registerAuthentication(app: FastifyInstance, authenticators: readonly Authenticator[], options: { publicUrl: string }): void {
  app.addHook('onRequest', async (request, reply) => {
    const token = bearerToken(request);
    if (token) request.actor = await actorOfToken(authenticators, token);
    const { url, config } = request.routeOptions;
    if (!url) return;
    const via = request.actor?.via;
    if (via?.kind === 'oauth' && via.resource !== config.resource) {
      if (config.resource) {
        reply.header('www-authenticate', resourceChallenge(options.publicUrl, 'invalid_token'));
        throw new DomainError('notSignedIn', 'invalid_token', APP_OAUTH_MESSAGES.tokenNotForResource);
      }
      // A token for another resource is no credential here.
      request.actor = undefined;
    }
    if (!request.actor && !config.public) {
      if (config.resource) reply.header('www-authenticate', resourceChallenge(options.publicUrl, token ? 'invalid_token' : undefined));
      throw unauthorized();
    }
    if (request.actor && request.actor.via.kind !== 'session' && !config.delegated && !config.public) {
      throw forbidden(SERVER_MESSAGES.scopeMissing);
    }
  });
}

/**
 * Every route of the plugin serves apps acting for a user too (`delegated`): its services check
 * the app's scopes per action through the permission matrix (server/access/access.ts).
 */
export function serveApps(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, delegated: true };
  });
}

/** The actor of a route that needs one (the hook above has already refused the rest). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}
