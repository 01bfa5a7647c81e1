import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH } from '../../common/constants.ts';
import { MESSAGES, SERVER_MESSAGES } from '../../common/messages.ts';
import { createUser } from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { SESSION_REFRESH_GRACE_MS, SESSION_TTL_MS } from './auth.service.ts';

const t = useTestApp();

describe('register', () => {
  it('creates an account and signs it in', async () => {
    const response = await t.request({
      method: 'POST',
      path: '/auth/register',
      body: { email: '  Ada@Example.com ', password: 'secret1', first_name: 'Ada' },
    });
    expect(response.status).toBe(201);
    expect(response.body.token).toEqual(expect.any(String));
    expect(response.body.user).toEqual({
      id: expect.any(String),
      email: 'ada@example.com',
      first_name: 'Ada',
      can_use_ai: true,
      email_verified: false,
    });
    const me = await t.request({ method: 'GET', path: '/auth/me', token: response.body.token });
    expect(me.body).toEqual({ user: response.body.user });
  });

  it('refuses a taken e-mail, whatever its case', async () => {
    await createUser(t, { email: 'taken@example.com' });
    const response = await t.request({
      method: 'POST',
      path: '/auth/register',
      body: { email: 'TAKEN@example.com', password: 'secret1' },
    });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: { code: 'conflict', message: SERVER_MESSAGES.emailTaken } });
  });

  it.each([
    [{ email: 'not-an-email', password: 'secret1' }, SERVER_MESSAGES.invalidEmail],
    [{ email: 'short@example.com', password: '12345' }, SERVER_MESSAGES.passwordTooShort],
    [{ password: 'secret1' }, SERVER_MESSAGES.invalidEmail],
    [{ email: 'x@example.com' }, SERVER_MESSAGES.passwordTooShort],
    [{ email: 'long@example.com', password: 'p'.repeat(PASSWORD_MAX_LENGTH + 1) }, SERVER_MESSAGES.passwordTooLong],
  ])('refuses %o with a clear message', async (body, message) => {
    const response = await t.request({ method: 'POST', path: '/auth/register', body });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(message);
  });

  it('stores no password in clear', async () => {
    const user = await createUser(t, { password: 'plain-text-password' });
    const row = await t.database.db
      .selectFrom('credentials')
      .select('password_hash')
      .where('user_id', '=', user.user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).not.toContain('plain-text-password');
    const session = await t.database.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', user.user.id)
      .executeTakeFirstOrThrow();
    expect(session.token_hash).not.toBe(user.token);
  });
});

describe('login', () => {
  it('signs in with the right password', async () => {
    const user = await createUser(t);
    const response = await t.request({
      method: 'POST',
      path: '/auth/login',
      body: { email: user.email.toUpperCase(), password: user.password },
    });
    expect(response.status).toBe(200);
    expect(response.body.user).toEqual(user.user);
    expect(response.body.token).not.toBe(user.token);
  });

  it('gives one answer for a wrong password and an unknown e-mail', async () => {
    const user = await createUser(t);
    const wrong = await t.request({ method: 'POST', path: '/auth/login', body: { email: user.email, password: 'nope-nope' } });
    const unknown = await t.request({
      method: 'POST',
      path: '/auth/login',
      body: { email: 'nobody@example.com', password: 'nope-nope' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error.message).toBe(SERVER_MESSAGES.invalidCredentials);
  });

  it('says a password longer than any account can have is too long, not missing', async () => {
    const response = await t.request({
      method: 'POST',
      path: '/auth/login',
      body: { email: 'ada@example.com', password: 'p'.repeat(PASSWORD_MAX_LENGTH + 1) },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(SERVER_MESSAGES.passwordTooLong);
  });
});

describe('bearer tokens', () => {
  it('are needed for every other call', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const response = await t.request({ method: 'GET', path: '/auth/me', token });
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('unauthorized');
    }
    const malformed = await t.request({ method: 'GET', path: '/auth/me', headers: { authorization: 'Basic abc' } });
    expect(malformed.status).toBe(401);
  });

  it('stop working after logout', async () => {
    const user = await createUser(t);
    const other = await t.request({ method: 'POST', path: '/auth/login', body: { email: user.email, password: user.password } });
    expect((await t.request({ method: 'POST', path: '/auth/logout', token: user.token })).status).toBe(204);
    expect((await t.request({ method: 'GET', path: '/auth/me', token: user.token })).status).toBe(401);
    expect((await t.request({ method: 'POST', path: '/auth/refresh', token: user.token })).status).toBe(401);
    // Logging out one device leaves the others signed in.
    expect((await t.request({ method: 'GET', path: '/auth/me', token: other.body.token })).status).toBe(200);
  });

  it('stop working after a logout that reuses an Idempotency-Key another session of the user sent', async () => {
    const user = await createUser(t);
    const other = await t.request({ method: 'POST', path: '/auth/login', body: { email: user.email, password: user.password } });
    const headers = { 'idempotency-key': 'sign-out' };
    expect((await t.request({ method: 'POST', path: '/auth/logout', token: user.token, headers })).status).toBe(204);
    const second = await t.request({ method: 'POST', path: '/auth/logout', token: other.body.token, headers });
    expect(second.status).toBe(204);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect((await t.request({ method: 'GET', path: '/auth/me', token: other.body.token })).status).toBe(401);
  });

  it('refresh into a new token and retire the old one', async () => {
    const user = await createUser(t);
    const refreshed = await t.request({ method: 'POST', path: '/auth/refresh', token: user.token });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.user).toEqual(user.user);
    expect((await t.request({ method: 'GET', path: '/auth/me', token: refreshed.body.token })).status).toBe(200);
    expect((await t.request({ method: 'GET', path: '/auth/me', token: user.token })).status).toBe(401);
    expect((await t.request({ method: 'POST', path: '/auth/refresh', token: user.token })).status).toBe(401);
  });

  it('expire, can be refreshed for a while after, and then not', async () => {
    const user = await createUser(t);
    const second = await t.request({ method: 'POST', path: '/auth/login', body: { email: user.email, password: user.password } });
    t.clock.advance(SESSION_TTL_MS + 1);
    try {
      expect((await t.request({ method: 'GET', path: '/auth/me', token: user.token })).status).toBe(401);
      const refreshed = await t.request({ method: 'POST', path: '/auth/refresh', token: user.token });
      expect(refreshed.status).toBe(200);
      expect((await t.request({ method: 'GET', path: '/auth/me', token: refreshed.body.token })).status).toBe(200);
      t.clock.advance(SESSION_REFRESH_GRACE_MS);
      expect((await t.request({ method: 'POST', path: '/auth/refresh', token: second.body.token })).status).toBe(401);
    } finally {
      t.clock.now = new Date();
    }
  });
});

describe('profile', () => {
  it('changes the first name', async () => {
    const user = await createUser(t, { first_name: 'Old' });
    const response = await t.request({ method: 'PUT', path: '/auth/profile', token: user.token, body: { first_name: ' New ' } });
    expect(response.status).toBe(200);
    expect(response.body.user).toEqual({ ...user.user, first_name: 'New' });
    expect((await t.request({ method: 'GET', path: '/auth/me', token: user.token })).body.user.first_name).toBe('New');
    // A name nobody could see is no name: others see the part of the address before the @.
    const unseen = await t.request({ method: 'PUT', path: '/auth/profile', token: user.token, body: { first_name: '\u200b\u200d' } });
    expect(unseen.body.user.first_name).toBe('');
  });

  it.each([
    ['with a first name', { first_name: 'Other', email: 'new@example.com' }],
    ['alone', { email: 'new@example.com' }],
  ])('refuses to change the e-mail (%s), says so, and changes nothing', async (_case, body) => {
    const user = await createUser(t, { first_name: 'Same' });
    const response = await t.request({ method: 'PUT', path: '/auth/profile', token: user.token, body });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(SERVER_MESSAGES.emailNotEditable);
    expect((await t.request({ method: 'GET', path: '/auth/me', token: user.token })).body.user).toEqual(user.user);
  });
});

describe('change password', () => {
  const change = (token: string, body: unknown) => t.request({ method: 'PUT', path: '/auth/password', token, body });

  it('changes it, keeps this session and ends the others', async () => {
    const user = await createUser(t);
    const other = await t.request({ method: 'POST', path: '/auth/login', body: { email: user.email, password: user.password } });
    expect((await change(user.token, { currentPassword: user.password, newPassword: 'brand-new' })).status).toBe(204);
    expect((await t.request({ method: 'GET', path: '/auth/me', token: user.token })).status).toBe(200);
    expect((await t.request({ method: 'GET', path: '/auth/me', token: other.body.token })).status).toBe(401);
    const login = (password: string) =>
      t.request({ method: 'POST', path: '/auth/login', body: { email: user.email, password } });
    expect((await login(user.password)).status).toBe(401);
    expect((await login('brand-new')).status).toBe(200);
  });

  it.each([
    [{ currentPassword: 'secret-password', newPassword: '123' }, 400, MESSAGES.newPasswordTooShort],
    [{ currentPassword: '', newPassword: 'long-enough' }, 400, MESSAGES.currentPasswordRequired],
    [{ newPassword: 'long-enough' }, 400, MESSAGES.currentPasswordRequired],
    [{ currentPassword: 'wrong-one', newPassword: 'long-enough' }, 400, SERVER_MESSAGES.currentPasswordWrong],
    [{ currentPassword: 'p'.repeat(PASSWORD_MAX_LENGTH + 1), newPassword: 'long-enough' }, 400, SERVER_MESSAGES.passwordTooLong],
    [{ currentPassword: 'secret-password', newPassword: 'p'.repeat(PASSWORD_MAX_LENGTH + 1) }, 400, SERVER_MESSAGES.passwordTooLong],
  ])('answers %o with %i and its message, and changes nothing', async (body, status, message) => {
    const user = await createUser(t);
    const response = await change(user.token, body);
    expect(response.status).toBe(status);
    expect(response.body.error.message).toBe(message);
    const login = await t.request({ method: 'POST', path: '/auth/login', body: { email: user.email, password: user.password } });
    expect(login.status).toBe(200);
  });

  it('lets one of two changes proven by the same password through; the other is told it is no longer current', async () => {
    const user = await createUser(t);
    const other = await t.request({ method: 'POST', path: '/auth/login', body: { email: user.email, password: user.password } });
    // Both prove the password before either writes: each check and each hash takes scrypt's time.
    const [first, second] = await Promise.all([
      change(user.token, { currentPassword: user.password, newPassword: 'first-new' }),
      change(other.body.token, { currentPassword: user.password, newPassword: 'second-new' }),
    ]);
    expect([first.status, second.status].sort()).toEqual([204, 400]);
    const loser = first.status === 400 ? first : second;
    expect(loser.body.error.message).toBe(SERVER_MESSAGES.currentPasswordWrong);
    const login = (password: string) => t.request({ method: 'POST', path: '/auth/login', body: { email: user.email, password } });
    const winner = first.status === 204 ? 'first-new' : 'second-new';
    const kept = winner === 'first-new' ? 'second-new' : 'first-new';
    expect((await login(winner)).status).toBe(200);
    expect((await login(kept)).status).toBe(401);
  });

  it('refuses to delete the account with a password that a change made stale meanwhile', async () => {
    const user = await createUser(t);
    const [changed, deleted] = await Promise.all([
      change(user.token, { currentPassword: user.password, newPassword: 'brand-new' }),
      t.request({ method: 'DELETE', path: '/auth/account', token: user.token, body: { currentPassword: user.password } }),
    ]);
    // Either order is fine as long as the other one is refused: never a deleted account whose
    // owner was just told the password changed.
    expect([changed.status, deleted.status].sort()).toEqual([204, 400]);
  });
});

describe('can_use_ai', () => {
  it('starts as AI_DEFAULT_ENABLED says', async () => {
    const user = await createUser(t);
    expect(user.user.can_use_ai).toBe(true);
  });
});
