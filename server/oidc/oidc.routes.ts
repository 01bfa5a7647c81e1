import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NoBody, Redirect } from '../../common/schemas/api.ts';
import { API_BASE_PATH } from '../../common/constants.ts';
import {
  IdentitiesResponse,
  OidcCallbackQuery,
  OidcFinishBody,
  OidcFinishResponse,
  OidcRedirect,
  ProviderParams,
  SignInMethods,
} from '../../common/schemas/oidc.ts';
import { authRateLimits } from '../auth/auth.routes.ts';
import type { FailureLimiter } from '../auth/failure-limiter.ts';
import { actorOf } from '../http/authenticate.ts';
import { readBrowserCookie, setBrowserCookie, type BrowserCookie } from '../http/browser-cookie.ts';
import { OIDC_LOGIN_TTL_MS, type OidcService } from './oidc.service.ts';

/**
 * The cookie that binds a sign-in to the browser that started it, so that a callback URL sent to
 * someone else (login CSRF) finishes nothing. Lax: it must come along on the provider's redirect back.
 */
const BROWSER_COOKIE: BrowserCookie = { name: 'listo_oidc', path: `${API_BASE_PATH}/auth/oidc`, sameSite: 'Lax' };

export function oidcRoutes(
  oidc: OidcService,
  options: { publicUrl: string; rateLimitPerMinute: number; loginFailures: FailureLimiter },
): FastifyPluginAsyncZod {
  const secure = new URL(options.publicUrl).protocol === 'https:';
  return async (app) => {
    const isPublic = { public: true };
    const limited = (name: string) => authRateLimits(app, options.rateLimitPerMinute, name, { email: 'none' });
    const start = (intent: 'login' | 'link') => async (request: FastifyRequest<{ Params: ProviderParams }>, reply: FastifyReply) => {
      const { url, browserToken } = await oidc.start(request.params.provider, intent, request.actor);
      setBrowserCookie(reply, BROWSER_COOKIE, browserToken, { secure, maxAgeS: OIDC_LOGIN_TTL_MS / 1000 });
      return { url } satisfies OidcRedirect;
    };

    app.get('/auth/methods', { config: isPublic, schema: { response: { 200: SignInMethods } } }, async () => oidc.methods());

    app.post(
      '/auth/oidc/:provider/login',
      { config: { ...isPublic, idempotency: false }, preHandler: limited('oidc-login'), schema: { params: ProviderParams, response: { 200: OidcRedirect } } },
      start('login'),
    );
    app.post(
      '/auth/oidc/:provider/link',
      { config: { idempotency: false }, schema: { params: ProviderParams, response: { 200: OidcRedirect } } },
      start('link'),
    );

    // The provider sends the browser here; it goes on to the app, which finishes with the call below.
    app.get(
      '/auth/oidc/:provider/callback',
      { config: isPublic, schema: { params: ProviderParams, querystring: OidcCallbackQuery, response: { 303: Redirect } } },
      async (request, reply) => {
        const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
        const path = await oidc.callback(request.params.provider, request.query, rawQuery, readBrowserCookie(request, BROWSER_COOKIE));
        return reply.redirect(`${options.publicUrl}${path}`, 303);
      },
    );

    app.post(
      '/auth/oidc/finish',
      {
        config: { ...isPublic, idempotency: false },
        preHandler: limited('oidc-finish'),
        schema: { body: OidcFinishBody, response: { 200: OidcFinishResponse } },
      },
      async (request, reply) => {
        const { credentials } = request.body;
        const token = readBrowserCookie(request, BROWSER_COOKIE);
        const answer = credentials
          ? await options.loginFailures.attempt(credentials.email, request.ip, reply, () => oidc.finish(token, credentials))
          : await oidc.finish(token, undefined);
        setBrowserCookie(reply, BROWSER_COOKIE, '', { secure, maxAgeS: 0 });
        return answer;
      },
    );

    app.get('/auth/identities', { schema: { response: { 200: IdentitiesResponse } } }, async (request) => oidc.identities(actorOf(request)));

    app.delete('/auth/identities/:provider', { schema: { params: ProviderParams, response: { 204: NoBody } } }, async (request, reply) => {
      await oidc.unlink(actorOf(request), request.params.provider);
      return reply.status(204).send();
    });
  };
}
