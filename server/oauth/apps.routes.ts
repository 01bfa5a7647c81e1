import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APP_AUTHORIZATION_PATH, APP_OAUTH_MESSAGES, APP_REGISTRATION_PATH, APP_TOKEN_PATH, REGISTRATION_LIMITS } from '../../common/oauth-apps.ts';
import {
  AppAuthorizationQuery,
  AppAuthorizationView,
  AppDecisionBody,
  AppDecisionResponse,
  AppTokenBody,
  AppTokenResponse,
  ClientRegistrationBody,
  ClientRegistrationResponse,
} from '../../common/schemas/oauth-apps.ts';
import { OAuthErrorBody } from '../../common/schemas/linked-apps.ts';
import { actorOf } from '../http/authenticate.ts';
import { tooManyRequests } from '../domain/errors.ts';
import { registerFormBodyParser } from '../http/form-body.ts';
import type { AppClients } from './app-clients.ts';
import type { AppGrants } from './app-grants.ts';
import { oauthErrorAnswer } from './oauth.routes.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Registrations per client address and hour: a counter, so the refusal is ours (OAuth's format, `Retry-After`). */
function registrationLimit(app: FastifyInstance, limited: boolean): preHandlerAsyncHookHandler[] {
  if (!limited) return [];
  const count = app.createRateLimit({ max: REGISTRATION_LIMITS.perAddressPerHour, timeWindow: HOUR_MS, keyGenerator: (request) => `register:${request.ip}` });
  return [
    async (request, reply) => {
      const result = await count(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds);
        throw tooManyRequests(APP_OAUTH_MESSAGES.tooManyRegistrations);
      }
    },
  ];
}

/**
 * Apps connecting by OAuth (docs/api.md, "Apps connecting by OAuth"): dynamic registration, the
 * token endpoint of public clients (both public, answering in OAuth's format), and what the consent
 * page reads and posts (sessions only).
 */
export function appOAuthRoutes(clients: AppClients, grants: AppGrants, options: { limitRegistrations: boolean }): FastifyPluginAsyncZod {
  return async (app) => {
    registerFormBodyParser(app);

    app.post(
      APP_REGISTRATION_PATH,
      {
        config: { public: true, oauthErrors: true },
        errorHandler: oauthErrorAnswer('invalid_client_metadata'),
        preHandler: registrationLimit(app, options.limitRegistrations),
        schema: { body: ClientRegistrationBody, response: { 201: ClientRegistrationResponse, '4xx': OAuthErrorBody, '5xx': OAuthErrorBody } },
      },
      async (request, reply) => reply.status(201).header('cache-control', 'no-store').send(await clients.register(request.body)),
    );

    app.post(
      APP_TOKEN_PATH,
      {
        config: { public: true, oauthErrors: true },
        errorHandler: oauthErrorAnswer('invalid_request'),
        schema: { body: AppTokenBody, response: { 200: AppTokenResponse, '4xx': OAuthErrorBody, '5xx': OAuthErrorBody } },
      },
      async (request, reply) => reply.header('cache-control', 'no-store').send(await grants.token(request.body as Record<string, string>)),
    );

    app.get(
      APP_AUTHORIZATION_PATH,
      { schema: { querystring: AppAuthorizationQuery, response: { 200: AppAuthorizationView } } },
      async (request) => grants.view(actorOf(request), request.query),
    );
    app.post(
      APP_AUTHORIZATION_PATH,
      { schema: { body: AppDecisionBody, response: { 200: AppDecisionResponse } } },
      async (request) => grants.decide(actorOf(request), request.body),
    );
  };
}
