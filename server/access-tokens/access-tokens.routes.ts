import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccessTokenParams,
  AccessTokensResponse,
  CreateAccessTokenBody,
  CreatedAccessTokenResponse,
} from '../../common/schemas/access-tokens.ts';
import { NoBody } from '../../common/schemas/api.ts';
import { actorOf } from '../http/authenticate.ts';
import type { AccessTokenService } from './access-tokens.service.ts';

/**
 * The personal access token calls (docs/api.md, "Personal access tokens"): the person's own session
 * only (not `delegated`), so a token never makes or sees tokens.
 */
export function accessTokenRoutes(tokens: AccessTokenService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/auth/tokens', { schema: { response: { 200: AccessTokensResponse } } }, async (request) => ({
      tokens: await tokens.list(actorOf(request)),
    }));
    // Never replayed from the idempotency store: that would keep the secret in clear for a day.
    app.post(
      '/auth/tokens',
      { schema: { body: CreateAccessTokenBody, response: { 201: CreatedAccessTokenResponse } }, config: { idempotency: false } },
      async (request, reply) => reply.status(201).send(await tokens.create(actorOf(request), request.body)),
    );
    app.delete('/auth/tokens/:id', { schema: { params: AccessTokenParams, response: { 204: NoBody } } }, async (request, reply) => {
      await tokens.revoke(actorOf(request), request.params.id);
      return reply.status(204).send();
    });
  };
}
