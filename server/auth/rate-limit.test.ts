import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { loadConfig } from '../config.ts';
import { useTestApp, type ApiResponse, type TestApp } from '../test/test-app.ts';

/**
 * RATE_LIMIT_AUTH: register, login and password reset allow that many attempts a minute per client
 * address; register and reset as many per e-mail address, login as many failures per e-mail
 * (failure-limits.test.ts); 0 turns the limits off. Every test uses addresses and e-mails of its
 * own, because the counters live as long as the app. `app.inject` comes from 127.0.0.1, so with
 * TRUST_PROXY=127.0.0.1 the test plays a proxy and X-Forwarded-For names the client.
 */

const LIMIT = 3;
const rateLimited = { error: { code: 'rate_limited', message: SERVER_MESSAGES.tooManyAttempts } };

/** TRUST_PROXY as the server reads it from the environment. */
const trusting = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

type AuthPath = '/auth/login' | '/auth/register' | '/auth/password-reset';

/** One attempt at an auth call with this X-Forwarded-For (the client, behind a trusted proxy). */
function attempt(t: TestApp, path: AuthPath, email: string, forwardedFor = '192.0.2.1'): Promise<ApiResponse> {
  const body = path === '/auth/password-reset' ? { email } : { email, password: 'secret-password' };
  return t.request({ method: 'POST', path, body, headers: { 'x-forwarded-for': forwardedFor } });
}

/** The statuses of `n` attempts made one after the other; `make(i)` makes the i-th. */
async function statusesOf(n: number, make: (i: number) => Promise<ApiResponse>): Promise<number[]> {
  const result: number[] = [];
  for (let i = 0; i < n; i++) result.push((await make(i)).status);
  return result;
}

const repeat = <T>(n: number, value: T): T[] => Array.from({ length: n }, () => value);

describe(`with RATE_LIMIT_AUTH=${LIMIT} behind a trusted proxy (TRUST_PROXY=127.0.0.1)`, () => {
  const t = useTestApp({ config: { rateLimitAuth: LIMIT, trustProxy: trusting('127.0.0.1') } });

  it('answers the 4th login from one address in a minute with 429, and not other addresses', async () => {
    const ip = '198.51.100.1';
    const logins = await statusesOf(LIMIT, (i) => attempt(t, '/auth/login', `ip-login-${i}@example.com`, ip));
    expect(logins).toEqual([401, 401, 401]);

    const fourth = await attempt(t, '/auth/login', 'ip-login-x@example.com', ip);
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual(rateLimited);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt(t, '/auth/login', 'ip-login-y@example.com', '198.51.100.2')).status).toBe(401);
  });

  it('limits registrations per address, and the refused one creates no account', async () => {
    const ip = '198.51.100.10';
    const registrations = await statusesOf(LIMIT + 1, (i) => attempt(t, '/auth/register', `ip-reg-${i}@example.com`, ip));
    expect(registrations).toEqual([201, 201, 201, 429]);
    const refused = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', `ip-reg-${LIMIT}@example.com`)
      .executeTakeFirst();
    expect(refused).toBeUndefined();
  });

  it('limits registrations per e-mail', async () => {
    const email = 'reg-twice@example.com';
    const registrations = await statusesOf(LIMIT + 1, (i) => attempt(t, '/auth/register', email, `198.51.100.${20 + i}`));
    expect(registrations).toEqual([201, 409, 409, 429]);
  });

  it('limits reset requests per e-mail, so nobody can flood an inbox', async () => {
    const email = 'inbox@example.com';
    await attempt(t, '/auth/register', email, '198.51.100.30');
    await t.settle();
    const before = t.mails.length;
    const resets = await statusesOf(LIMIT + 1, (i) => attempt(t, '/auth/password-reset', email, `198.51.100.${31 + i}`));
    expect(resets).toEqual([200, 200, 200, 429]);
    await t.settle();
    expect(t.mails.length - before).toBe(LIMIT);
    expect((await attempt(t, '/auth/password-reset', 'other-inbox@example.com', '198.51.100.40')).status).toBe(200);
  });

  it('limits new confirmation links per account, from any address', async () => {
    const { body } = await attempt(t, '/auth/register', 'confirm-me@example.com', '198.51.100.50');
    const resend = (i: number) =>
      t.request({
        method: 'POST',
        path: '/auth/verify-email/resend',
        token: body.token,
        headers: { 'x-forwarded-for': `198.51.100.${51 + i}` },
      });
    expect(await statusesOf(LIMIT + 1, resend)).toEqual([200, 200, 200, 429]);
  });

  it('keeps separate counters per call', async () => {
    const ip = '198.51.100.60';
    const logins = await statusesOf(LIMIT + 1, (i) => attempt(t, '/auth/login', `per-call-${i}@example.com`, ip));
    expect(logins).toEqual([401, 401, 401, 429]);
    expect((await attempt(t, '/auth/password-reset', 'per-call-x@example.com', ip)).status).toBe(200);
  });
});

describe('the client address', () => {
  describe('without a trusted proxy', () => {
    const t = useTestApp({ config: { rateLimitAuth: LIMIT, trustProxy: trusting('false') } });

    it('ignores X-Forwarded-For, so a client cannot dodge the limit by forging it', async () => {
      const logins = await statusesOf(LIMIT + 1, (i) => attempt(t, '/auth/login', `forger-${i}@example.com`, `192.0.2.${i + 1}`));
      expect(logins).toEqual([401, 401, 401, 429]);
    });
  });

  describe('with TRUST_PROXY naming a proxy that is not the peer', () => {
    const t = useTestApp({ config: { rateLimitAuth: LIMIT, trustProxy: trusting('10.0.0.1, 192.168.0.0/16') } });

    it('ignores the X-Forwarded-For of the untrusted peer', async () => {
      const logins = await statusesOf(LIMIT + 1, (i) => attempt(t, '/auth/login', `rotator-${i}@example.com`, `192.0.2.${i + 1}`));
      expect(logins).toEqual([401, 401, 401, 429]);
    });
  });

  describe('with TRUST_PROXY=1 (one proxy, which appends the address it sees)', () => {
    const t = useTestApp({ config: { rateLimitAuth: LIMIT, trustProxy: trusting('1') } });

    it('counts the address the proxy saw, not what the client wrote before it', async () => {
      const client = '198.51.100.70';
      const forged = (i: number) => `192.0.2.${i + 1}, ${client}`;
      const logins = await statusesOf(LIMIT + 1, (i) => attempt(t, '/auth/login', `hop-${i}@example.com`, forged(i)));
      expect(logins).toEqual([401, 401, 401, 429]);
      expect((await attempt(t, '/auth/login', 'hop-x@example.com', `192.0.2.1, 198.51.100.71`)).status).toBe(401);
    });
  });
});

describe('with RATE_LIMIT_AUTH=0', () => {
  const t = useTestApp({ config: { rateLimitAuth: 0 } });
  const many = 4 * LIMIT;

  it('lets any number of attempts through', async () => {
    const email = 'load-test@example.com';
    expect(await statusesOf(many, () => attempt(t, '/auth/login', email))).toEqual(repeat(many, 401));
    expect(await statusesOf(many, () => attempt(t, '/auth/password-reset', email))).toEqual(repeat(many, 200));
    expect(await statusesOf(many, (i) => attempt(t, '/auth/register', `load-${i}@example.com`))).toEqual(repeat(many, 201));
    const { body } = await attempt(t, '/auth/login', 'load-0@example.com');
    const changes = await statusesOf(many, () =>
      t.request({
        method: 'PUT',
        path: '/auth/password',
        token: body.token,
        body: { currentPassword: 'wrong-password', newPassword: 'new-password' },
      }),
    );
    expect(changes).toEqual(repeat(many, 400));
  });
});
