import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALEXA_AUTHORIZE_PATH, ALEXA_TOKEN_PATH, type LinkError } from '../../common/alexa.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { LoginBody } from '../../common/schemas/auth.ts';
import { LinkedAppParams, LinkedAppsResponse } from '../../common/schemas/linked-apps.ts';
import { authRateLimits } from '../auth/auth.routes.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { FailureLimiter } from '../auth/failure-limiter.ts';
import { actorOf } from '../http/authenticate.ts';
import { answerError, knownClientError } from '../http/error-handler.ts';
import { AppError, unsupportedMediaType, wrongPassword } from '../http/errors.ts';
import { FORM_TYPE, INVALID_FORM, registerFormBodyParser } from '../http/form-body.ts';
import { isStorableText } from '../http/text-guard.ts';
import { authorizationRequestOf, linkPage, type OAuthService } from './oauth.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers errors in OAuth's format (`{"error", "error_description"}`), not the API's envelope. */
    oauthErrors?: boolean;
  }
}

/**
 * Whatever fails on the token endpoint before the library answers (bad JSON, a body too large, bad
 * text) is answered in OAuth's format too, with the API's wording.
 */
function answerOAuthError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  // Fastify's own refusals in our words, as the rest of the API has them; but this endpoint takes forms.
  const known = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? { status: 415, message: SERVER_MESSAGES.formExpected } : knownClientError(error);
  const status = known?.status ?? (error instanceof AppError ? error.status : (error.statusCode ?? 500));
  if (status >= 500) {
    request.log.error({ err: error }, 'token request failed');
    return reply.status(500).send({ error: 'server_error', error_description: SERVER_MESSAGES.internal });
  }
  return reply.status(status).header('cache-control', 'no-store').send({ error: 'invalid_request', error_description: known?.message ?? error.message });
}

/**
 * The linking form answers a person's browser, also when it is refused before the credentials are
 * checked (an odd character, a body too large, not a form): back to the linking page, saying that
 * the sign-in failed (or, when the fault is not in what the person typed, that the link is broken).
 * A fault of ours stays the API's 500.
 */
const isForm = (request: FastifyRequest) => request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() === FORM_TYPE;

/**
 * Whether the request itself is broken, not the credentials: a body that is no form (even one its
 * own parser refused first, bad JSON) or a form no browser sends (not UTF-8) is no sign-in attempt,
 * and text no column can hold in the query came with the link, which typing the password again
 * would never fix (sweep 13 L6).
 */
const linkIsBroken = (request: FastifyRequest, error: FastifyError, status: number) =>
  !isForm(request) || status === 415 || error.code === INVALID_FORM || !isStorableText(request.query);

function backToLinkPage(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status = error instanceof AppError ? error.status : (error.statusCode ?? 500);
  if (status >= 500) return answerError(error, request, reply);
  const reason: LinkError = status === 429 ? 'rate_limited' : linkIsBroken(request, error, status) ? 'invalid_request' : 'invalid_credentials';
  return reply.redirect(linkPage(authorizationRequestOf(request.query), reason), 303);
}

/**
 * Account linking: the linking page's form, the token endpoint (both take forms, as RFC 6749 has
 * it; the rest of the API stays JSON-only, as the form parser lives in this plugin only), and the
 * linked apps of Account Settings (sessions only).
 */
export function oauthRoutes(
  oauth: OAuthService,
  options: { auth: AuthService; loginFailures: FailureLimiter; rateLimitPerMinute: number },
): FastifyPluginAsyncZod {
  return async (app) => {
    registerFormBodyParser(app);
    const perAddress = authRateLimits(app, options.rateLimitPerMinute, 'alexa-link', { email: 'none' });

    // Every answer is a redirect, also a refusal: a person in a browser sent this form.
    app.post(ALEXA_AUTHORIZE_PATH, { config: { public: true }, errorHandler: backToLinkPage }, async (request, reply) => {
      if (!isForm(request)) throw unsupportedMediaType(SERVER_MESSAGES.unsupportedMediaType);
      const location = await oauth.authorize(authorizationRequestOf(request.query), async () => {
        // The same limits as the sign-in form: this form is as good a password oracle.
        for (const limit of perAddress) await limit.call(app, request, reply);
        const credentials = LoginBody.safeParse(request.body);
        if (!credentials.success) throw wrongPassword(401, SERVER_MESSAGES.invalidCredentials);
        const { email } = credentials.data;
        return options.loginFailures.attempt(email, request.ip, reply, () => options.auth.checkCredentials(credentials.data));
      });
      return reply.redirect(location, 303);
    });

    app.post(
      ALEXA_TOKEN_PATH,
      { config: { public: true, oauthErrors: true }, errorHandler: answerOAuthError },
      async (request, reply) => {
        const answer = await oauth.token(request.headers, request.body);
        return reply.status(answer.status).headers(answer.headers).send(answer.body);
      },
    );

    app.get('/auth/linked-apps', { schema: { response: { 200: LinkedAppsResponse } } }, async (request) => ({
      apps: await oauth.linkedApps(actorOf(request)),
    }));
    app.delete('/auth/linked-apps/:clientId', { schema: { params: LinkedAppParams } }, async (request, reply) => {
      await oauth.unlink(actorOf(request), request.params.clientId);
      return reply.status(204).send();
    });
  };
}
