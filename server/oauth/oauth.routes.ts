import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALEXA_AUTHORIZE_PATH, ALEXA_LINK_FORM_PATH, ALEXA_TOKEN_PATH, type LinkError } from '../../common/alexa.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { LoginBody } from '../../common/schemas/auth.ts';
import { NoBody, Redirect } from '../../common/schemas/api.ts';
import { LinkedAppParams, LinkedAppsResponse, LinkFormResponse, OAuthErrorBody, OAuthTokenResponse } from '../../common/schemas/linked-apps.ts';
import { authRateLimits } from '../auth/auth.routes.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { FailureLimiter } from '../auth/failure-limiter.ts';
import { actorOf } from '../http/authenticate.ts';
import { answerError, knownClientError } from '../http/error-handler.ts';
import { DomainError, unsupportedMediaType, wrongPassword } from '../domain/errors.ts';
import { statusOf } from '../http/error-status.ts';
import { FORM_TYPE, INVALID_FORM, registerFormBodyParser } from '../http/form-body.ts';
import { isStorableText } from '../http/text-guard.ts';
import { createLinkFormGuard, FORM_TOKEN_FIELD } from './link-form-guard.ts';
import { OAuthRefusal } from './oauth-refusal.ts';
import { authorizationRequestOf, linkPage, type OAuthService } from './oauth.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers errors in OAuth's format (`{"error", "error_description"}`), not the API's envelope. */
    oauthErrors?: boolean;
  }
}

/**
 * Whatever fails on an OAuth endpoint before its own answer (bad JSON, a body too large, bad text,
 * a field given twice) is answered in OAuth's format too, with the API's wording: `fallback` is the
 * `error` of a malformed request there (RFC 6749 5.2, RFC 7591 3.2.2). A refusal of the endpoint's
 * own (OAuthRefusal) says its own error.
 */
export function oauthErrorAnswer(fallback: 'invalid_request' | 'invalid_client_metadata') {
  // Sends the answer; the reply (a thenable) is not waited for, as an error handler's need not be.
  const answer = (error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    reply.header('cache-control', 'no-store');
    if (error instanceof OAuthRefusal) return reply.status(error.status).send({ error: error.error, error_description: error.message });
    // Fastify's own refusals in our words, as the rest of the API has them; but this endpoint takes forms.
    const known = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? { status: 415, message: SERVER_MESSAGES.formExpected } : knownClientError(error);
    const status = known?.status ?? (error instanceof DomainError ? statusOf(error) : (error.statusCode ?? 500));
    if (status >= 500) {
      request.log.error({ err: error }, 'OAuth request failed');
      return reply.status(500).send({ error: 'server_error', error_description: SERVER_MESSAGES.internal });
    }
    if (error instanceof DomainError && error.retryAfterSeconds !== undefined) reply.header('retry-after', error.retryAfterSeconds);
    // RFC 6749 4.1.2.1's word for a refusal that passes with time.
    const code = status === 429 ? 'temporarily_unavailable' : fallback;
    return reply.status(status).send({ error: code, error_description: known?.message ?? error.message });
  };
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => void answer(error, request, reply);
}
const answerOAuthError = oauthErrorAnswer('invalid_request');

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
  const status = error instanceof DomainError ? statusOf(error) : (error.statusCode ?? 500);
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
  options: { auth: AuthService; loginFailures: FailureLimiter; rateLimitPerMinute: number; secret: string; publicUrl: string },
): FastifyPluginAsyncZod {
  const formGuard = createLinkFormGuard(options);
  return async (app) => {
    registerFormBodyParser(app);
    const perAddress = authRateLimits(app, options.rateLimitPerMinute, 'alexa-link', { email: 'none' });

    // The linking page asks for its form's token when it opens.
    app.get(ALEXA_LINK_FORM_PATH, { config: { public: true }, schema: { response: { 200: LinkFormResponse } } }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { form_token: formGuard.issue(reply) };
    });

    // Every answer is a redirect, also a refusal: a person in a browser sent this form. (An error
    // handler has sent the reply when it returns; the reply, a thenable, is not waited for.)
    app.post(ALEXA_AUTHORIZE_PATH, { config: { public: true }, errorHandler: (error, request, reply) => void backToLinkPage(error, request, reply), schema: { response: { 303: Redirect } } }, async (request, reply) => {
      if (!isForm(request)) throw unsupportedMediaType(SERVER_MESSAGES.unsupportedMediaType);
      if (!formGuard.fromLinkingPage(request, request.body)) return reply.redirect(linkPage(authorizationRequestOf(request.query), 'stale_form'), 303);
      const { [FORM_TOKEN_FIELD]: _token, ...fields } = request.body as Record<string, unknown>;
      const location = await oauth.authorize(authorizationRequestOf(request.query), async () => {
        // The same limits as the sign-in form: this form is as good a password oracle.
        for (const limit of perAddress) await limit.call(app, request, reply);
        const credentials = LoginBody.safeParse(fields);
        if (!credentials.success) throw wrongPassword('notSignedIn', SERVER_MESSAGES.invalidCredentials);
        const { email } = credentials.data;
        return options.loginFailures.attempt(email, request.ip, reply, () => options.auth.checkCredentials(credentials.data));
      });
      return reply.redirect(location, 303);
    });

    app.post(
      ALEXA_TOKEN_PATH,
      {
        config: { public: true, oauthErrors: true },
        errorHandler: answerOAuthError,
        schema: { response: { 200: OAuthTokenResponse, '4xx': OAuthErrorBody, '5xx': OAuthErrorBody } },
      },
      async (request, reply) => {
        const answer = await oauth.token(request.headers, request.body);
        // The OAuth library's answer: a token, or a refusal in OAuth's format.
        return reply.status(answer.status).headers(answer.headers).send(answer.body as OAuthTokenResponse | OAuthErrorBody);
      },
    );

    app.get('/auth/linked-apps', { schema: { response: { 200: LinkedAppsResponse } } }, async (request) => ({
      apps: await oauth.linkedApps(actorOf(request)),
    }));
    app.delete('/auth/linked-apps/:clientId', { schema: { params: LinkedAppParams, response: { 204: NoBody } } }, async (request, reply) => {
      await oauth.unlink(actorOf(request), request.params.clientId);
      return reply.status(204).send();
    });
  };
}
