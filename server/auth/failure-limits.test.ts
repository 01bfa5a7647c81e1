import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { loadConfig } from '../config.ts';
import { useTestApp, type ApiResponse } from '../test/test-app.ts';

/**
 * Failed password checks per account (failure-limiter.ts), through HTTP: logins count failures per
 * e-mail and lock out only the addresses that failed; PUT /auth/password counts wrong current
 * passwords per user. RATE_LIMIT_AUTH=3; `app.inject` comes from 127.0.0.1, the trusted proxy, so
 * X-Forwarded-For names the client. Each test uses addresses and e-mails of its own: the per-address
 * limit (3 a minute) would otherwise cut in.
 */

const LIMIT = 3;
const PASSWORD = 'secret-password';
const WRONG = 'wrong-password';
const rateLimited = { error: { code: 'rate_limited', message: SERVER_MESSAGES.tooManyAttempts } };
const failed = { status: 401, body: { error: { code: 'wrong_password', message: SERVER_MESSAGES.invalidCredentials } } };
const refused = { status: 429, body: rateLimited };

const t = useTestApp({
  config: { rateLimitAuth: LIMIT, trustProxy: loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy },
});

const login = (email: string, password: string, client: string) =>
  t.request({ method: 'POST', path: '/auth/login', body: { email, password }, headers: { 'x-forwarded-for': client } });

async function register(email: string, client: string): Promise<string> {
  const response = await t.request({
    method: 'POST',
    path: '/auth/register',
    body: { email, password: PASSWORD },
    headers: { 'x-forwarded-for': client },
  });
  expect(response.status).toBe(201);
  return response.body.token;
}

const answer = ({ status, body }: ApiResponse) => ({ status, body });

describe('failed logins per e-mail', () => {
  it("lock out the attacker's addresses, not the real user, for a real account and an unknown e-mail alike", async () => {
    /** Fails from three addresses, tries the right password from the first, then fails and tries it from a fourth. */
    const attack = async (email: string, network: string) => [
      answer(await login(email, WRONG, `${network}.1`)),
      answer(await login(email, WRONG, `${network}.2`)),
      answer(await login(email, WRONG, `${network}.3`)),
      answer(await login(email, PASSWORD, `${network}.1`)),
      answer(await login(email, WRONG, `${network}.4`)),
      answer(await login(email, PASSWORD, `${network}.4`)),
    ];
    await register('target@example.com', '198.51.100.1');

    expect(await attack('target@example.com', '203.0.113')).toEqual([failed, failed, failed, refused, refused, refused]);
    expect(await attack('nobody@example.com', '203.0.114')).toEqual([failed, failed, failed, refused, refused, refused]);
    const locked = await login('target@example.com', PASSWORD, '203.0.113.2');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    const realUser = await login('target@example.com', PASSWORD, '198.51.100.2');
    expect(realUser.status).toBe(200);
    expect(realUser.body.user.email).toBe('target@example.com');
  });

  it('count one e-mail across spellings, apart from other e-mails', async () => {
    expect(await statusesOfFailures('victim@example.com', ['203.0.116.1', '203.0.116.2', '203.0.116.3'])).toEqual([401, 401, 401]);
    expect((await login(' Victim@EXAMPLE.com', WRONG, '203.0.116.4')).status).toBe(429);
    expect((await login('bystander@example.com', WRONG, '203.0.116.5')).status).toBe(401);
  });

  it("are cleared for an address by its success, so the user's own typos do not lock them out", async () => {
    const email = 'typo@example.com';
    await register(email, '198.51.100.3');
    const home = '198.51.100.4';
    expect((await login(email, WRONG, home)).status).toBe(401);
    expect((await login(email, PASSWORD, home)).status).toBe(200);
    // Had the typo still counted, the third of these would find the e-mail locked.
    expect(await statusesOfFailures(email, ['203.0.117.1', '203.0.117.2', '203.0.117.3'])).toEqual([401, 401, 401]);
    expect((await login(email, PASSWORD, home)).status).toBe(200);
  });
});

describe('PUT /auth/password', () => {
  const change = (token: string, currentPassword: string) =>
    t.request({ method: 'PUT', path: '/auth/password', token, body: { currentPassword, newPassword: 'brand-new-password' } });

  it('answers 429 after too many wrong current passwords, even to the right one, and changes nothing', async () => {
    const token = await register('guessed@example.com', '198.51.100.5');
    const wrong = [];
    for (let i = 0; i < LIMIT; i++) wrong.push((await change(token, `${WRONG}-${i}`)).status);
    expect(wrong).toEqual(repeat(LIMIT, 400));

    const right = await change(token, PASSWORD);
    expect(right.status).toBe(429);
    expect(right.body).toEqual(rateLimited);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login('guessed@example.com', PASSWORD, '198.51.100.6')).status).toBe(200);
    expect((await login('guessed@example.com', 'brand-new-password', '198.51.100.7')).status).toBe(401);

    const otherUser = await register('bystander-user@example.com', '198.51.100.8');
    expect((await change(otherUser, PASSWORD)).status).toBe(204);
  });
});

/** The statuses of one failed login on `email` from each of `clients`, in turn. */
async function statusesOfFailures(email: string, clients: string[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const client of clients) statuses.push((await login(email, WRONG, client)).status);
  return statuses;
}

function repeat<T>(n: number, value: T): T[] {
  return Array.from({ length: n }, () => value);
}
