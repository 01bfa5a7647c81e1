import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthService, Caller } from '../auth/auth.service.ts';
import { unauthorized } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, when the request carried a valid bearer token. */
    caller?: Caller;
  }
  interface FastifyContextConfig {
    /** The route answers without a bearer token. */
    public?: boolean;
  }
}

/** The bearer token of a request, if it has one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/**
 * Resolves the caller of every request in this scope from its bearer token, and answers 401 on a
 * route not marked `public` when there is none. Unknown routes fall through to the 404 handler.
 */
export function registerAuthentication(app: FastifyInstance, auth: AuthService): void {
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (token) request.caller = await auth.authenticate(token);
    if (!request.caller && request.routeOptions.url && !request.routeOptions.config.public) {
      throw unauthorized();
    }
  });
}

/** The caller of a route that needs one (the hook above has already refused the rest). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}
