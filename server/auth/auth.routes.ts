import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES, SERVER_MESSAGES } from '../../common/messages.ts';
import { NoBody } from '../../common/schemas/api.ts';
import {
  AuthResponse,
  ChangePasswordBody,
  DeleteAccountBody,
  LoginBody,
  MessageResponse,
  PasswordResetBody,
  PasswordResetConfirmBody,
  ProfileBody,
  RegisterBody,
  UserResponse,
  VerifyEmailBody,
} from '../../common/schemas/auth.ts';
import { LogoutResponse } from '../../common/schemas/oidc.ts';
import type { Actor } from '../access/actor.ts';
import type { Background } from '../background.ts';
import { actorOf, bearerToken } from '../http/authenticate.ts';
import { tooManyRequests, unauthorized } from '../domain/errors.ts';
import type { AuthService } from './auth.service.ts';
import { createFailureLimiter, type FailureLimiter } from './failure-limiter.ts';

/**
 * Per-address limits for the calls a password guesser or a mail bomber would use: one counter per
 * IP address and one per e-mail address (`email`: the body's, or the signed-in user's own), each
 * `perMinute` attempts a minute; 0 turns them off. (Logins count only failures per e-mail:
 * failure-limiter.ts.)
 */
export function authRateLimits(
  app: FastifyInstance,
  perMinute: number,
  name: string,
  { email }: { email: 'body' | 'caller' | 'none' },
): preHandlerAsyncHookHandler[] {
  if (perMinute === 0) return [];
  const counter = (key: (request: FastifyRequest) => string) =>
    app.createRateLimit({ max: perMinute, timeWindow: 60_000, keyGenerator: key });
  const counters = [counter((request) => `${name}:ip:${request.ip}`)];
  // Runs after validation, so the address is already trimmed and lower-cased.
  const addressOf = {
    body: (request: FastifyRequest) => (request.body as { email: string }).email,
    caller: (request: FastifyRequest) => request.actor?.user.email ?? '',
    none: undefined,
  }[email];
  if (addressOf) counters.push(counter((request) => `${name}:email:${addressOf(request)}`));
  // Counters, not app.rateLimit() hooks: the plugin runs only the first of its hooks on a request,
  // so a second hook (the per-e-mail one) would never count anything.
  return [
    async (request, reply) => {
      for (const count of counters) {
        const result = await count(request);
        if (!result.isAllowed && result.isExceeded) {
          reply.header('retry-after', result.ttlInSeconds);
          throw tooManyRequests();
        }
      }
    },
  ];
}

export function authRoutes(
  auth: AuthService,
  options: {
    rateLimitPerMinute: number;
    background: Background;
    /** Failed logins, shared with every other form that takes a password (account linking). */
    loginFailures: FailureLimiter;
    /** The identity provider's end-session URL for a session it opened (RP-initiated logout), if any. */
    endProviderSession?: (actor: Actor) => Promise<string | undefined>;
  },
): FastifyPluginAsyncZod {
  return async (app) => {
    const isPublic = { public: true };
    const limited = (name: string, email: 'body' | 'caller' | 'none' = 'body') =>
      authRateLimits(app, options.rateLimitPerMinute, name, { email });
    const logins = options.loginFailures;
    // A stolen token must not make a faster password oracle than the login form.
    const passwordChecks = createFailureLimiter(options.rateLimitPerMinute);

    app.post(
      '/auth/register',
      { config: isPublic, preHandler: limited('register'), schema: { body: RegisterBody, response: { 201: AuthResponse } } },
      async (request, reply) => reply.status(201).send(await auth.register(request.body)),
    );

    app.post(
      '/auth/login',
      { config: isPublic, preHandler: limited('login', 'none'), schema: { body: LoginBody, response: { 200: AuthResponse } } },
      async (request, reply) => logins.attempt(request.body.email, request.ip, reply, () => auth.login(request.body)),
    );

    // Ends the caller's session, not the user's: a key another session already used must not
    // answer that session's 204 and leave this one signed in. Ending a session twice is harmless.
    // A session an identity provider opened answers where the browser can end the provider's session too.
    app.post(
      '/auth/logout',
      { config: { idempotency: false }, schema: { response: { 200: LogoutResponse, 204: NoBody } } },
      async (request, reply) => {
        const actor = actorOf(request);
        const endSessionUrl = await options.endProviderSession?.(actor);
        await auth.logout(actor);
        return endSessionUrl ? ({ end_session_url: endSessionUrl } satisfies LogoutResponse) : reply.status(204).send();
      },
    );

    // Public, because its whole point is to accept a token the authentication hook now refuses.
    app.post('/auth/refresh', { config: isPublic, schema: { response: { 200: AuthResponse } } }, async (request) => {
      const token = bearerToken(request);
      if (!token) throw unauthorized();
      return (await auth.refresh(token)) satisfies AuthResponse;
    });

    app.get('/auth/me', { schema: { response: { 200: UserResponse } } }, async (request) => ({ user: actorOf(request).user }));

    app.put('/auth/profile', { schema: { body: ProfileBody, response: { 200: UserResponse } } }, async (request) => ({
      user: await auth.updateProfile(actorOf(request), request.body.first_name),
    }));

    app.put('/auth/password', { schema: { body: ChangePasswordBody, response: { 204: NoBody } } }, async (request, reply) => {
      const actor = actorOf(request);
      // Only the user can try their own current password, so the user is the account and the source.
      const userId = actor.user.id;
      await passwordChecks.attempt(userId, userId, reply, () => auth.changePassword(actor, request.body));
      return reply.status(204).send();
    });

    app.delete('/auth/account', { schema: { body: DeleteAccountBody, response: { 204: NoBody } } }, async (request, reply) => {
      const actor = actorOf(request);
      const userId = actor.user.id;
      await passwordChecks.attempt(userId, userId, reply, () => auth.deleteAccount(actor, request.body));
      return reply.status(204).send();
    });

    app.post(
      '/auth/password-reset',
      { config: isPublic, preHandler: limited('password-reset'), schema: { body: PasswordResetBody, response: { 200: MessageResponse } } },
      async (request) => {
        auth.requirePasswordLogin();
        // After the answer: its time must not tell whether the address has an account.
        const { email } = request.body;
        options.background.run('password reset', () => auth.requestPasswordReset(email));
        return { message: MESSAGES.passwordResetSent } satisfies MessageResponse;
      },
    );

    app.post(
      '/auth/password-reset/confirm',
      { config: isPublic, preHandler: limited('password-reset-confirm', 'none'), schema: { body: PasswordResetConfirmBody, response: { 200: AuthResponse } } },
      async (request) => auth.confirmPasswordReset(request.body),
    );
    // Signed in: the link proves the address to the account whose password its opener knows.
    app.post(
      '/auth/verify-email',
      { preHandler: limited('verify-email', 'caller'), schema: { body: VerifyEmailBody, response: { 200: UserResponse } } },
      async (request) => ({ user: await auth.verifyEmail(actorOf(request), request.body.token) }),
    );
    app.post(
      '/auth/verify-email/resend',
      { preHandler: limited('verify-email-resend', 'caller'), schema: { response: { 200: MessageResponse } } },
      async (request) => {
        await auth.resendVerification(actorOf(request));
        return { message: SERVER_MESSAGES.verificationSent } satisfies MessageResponse;
      },
    );
  };
}
