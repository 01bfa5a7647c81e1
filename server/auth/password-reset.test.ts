import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_TTL_MS } from '../../common/constants.ts';
import { MESSAGES, SERVER_MESSAGES } from '../../common/messages.ts';
import { changePassword, createUser, type TestUser } from '../test/factories.ts';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp.ts';
import { startTestApp, TEST_SECRET, type TestApp } from '../test/test-app.ts';
import { digestToken, newToken } from '../tokens.ts';

/**
 * The whole forgot-password journey, with the app's real nodemailer SMTP mailer delivering to a
 * real SMTP server on this machine, and the test following the link in the mail it received.
 */

let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ config: { smtpUrl: smtp.url }, realMailer: true });
});

afterAll(async () => {
  await t?.app.close();
  await t?.database.close();
  await smtp?.close();
});

beforeEach(() => {
  smtp.mails.length = 0;
});

/** Asks for a reset, and waits for the mail the server sends after answering. */
async function requestReset(email: string) {
  const response = await t.request({ method: 'POST', path: '/auth/password-reset', body: { email } });
  await t.settle();
  return response;
}

/** A new account, whose confirmation mail (sent at registration) is out of the way. */
async function newUser(overrides: Parameters<typeof createUser>[1] = {}): Promise<TestUser> {
  const user = await createUser(t, overrides);
  await t.settle();
  smtp.mails.length = 0;
  return user;
}

const confirmReset = (token: string, newPassword: string) =>
  t.request({ method: 'POST', path: '/auth/password-reset/confirm', body: { token, newPassword } });

const login = (email: string, password: string) =>
  t.request({ method: 'POST', path: '/auth/login', body: { email, password } });

const me = (token: string) => t.request({ method: 'GET', path: '/auth/me', token });

/** Asks for a reset of the user's password and answers the token from the link in the mail. */
async function resetTokenFor(user: TestUser): Promise<string> {
  const response = await requestReset(user.email);
  expect(response.status).toBe(200);
  const mail = smtp.mails.findLast((received) => received.to.includes(user.email));
  if (!mail) throw new Error(`no mail reached ${user.email}`);
  const link = mail.text.match(/http:\/\/listo\.test\/reset-password\?token=(\S+)/);
  if (!link) throw new Error(`no reset link in the mail:\n${mail.text}`);
  return decodeURIComponent(link[1]!);
}

const invalidLink = { error: { code: 'invalid_token', message: SERVER_MESSAGES.resetLinkInvalid } };

describe('requesting a reset', () => {
  it('mails a link to an existing account over SMTP', async () => {
    const user = await newUser();
    const response = await requestReset(`  ${user.email.toUpperCase()} `);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: MESSAGES.passwordResetSent });
    expect(smtp.mails).toHaveLength(1);
    const [mail] = smtp.mails;
    expect(mail!.to).toEqual([user.email]);
    expect(mail!.from).toBe('listo@listo.test');
    expect(mail!.headers.subject).toBe('Reset your Listo password');
    expect(mail!.text).toMatch(/^http:\/\/listo\.test\/reset-password\?token=[\w%-]{20,}$/m);
  });

  it('gives the same answer for an unknown e-mail, and sends nothing', async () => {
    const response = await requestReset('nobody-here@example.com');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: MESSAGES.passwordResetSent });
    expect(smtp.mails).toEqual([]);
  });

  it('sends a different link each time, and a new link retires the one before', async () => {
    const user = await newUser();
    const first = await resetTokenFor(user);
    const second = await resetTokenFor(user);
    expect(second).not.toBe(first);
    expect((await confirmReset(first, 'from-the-old-link')).body).toEqual(invalidLink);
    expect((await confirmReset(second, 'from-the-new-link')).status).toBe(200);
  });
});

describe('following the link', () => {
  it('sets the new password, ends the old sessions and signs the user in', async () => {
    const user = await newUser({ password: 'old-password' });
    const otherDevice = await login(user.email, 'old-password');
    const token = await resetTokenFor(user);

    const response = await confirmReset(token, 'new-password');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ token: expect.any(String), user: user.user });
    expect((await me(response.body.token)).status).toBe(200);

    expect((await me(user.token)).status).toBe(401);
    expect((await me(otherDevice.body.token)).status).toBe(401);
    expect((await login(user.email, 'old-password')).status).toBe(401);
    expect((await login(user.email, 'new-password')).status).toBe(200);
  });

  it('works only once', async () => {
    const user = await newUser();
    const token = await resetTokenFor(user);
    expect((await confirmReset(token, 'first-new-password')).status).toBe(200);

    const again = await confirmReset(token, 'second-new-password');
    expect(again.status).toBe(400);
    expect(again.body).toEqual(invalidLink);
    expect((await login(user.email, 'first-new-password')).status).toBe(200);
    expect((await login(user.email, 'second-new-password')).status).toBe(401);
  });

  it('works until the hour is up, and not after', async () => {
    const user = await newUser();
    const fresh = await resetTokenFor(user);
    t.clock.advance(PASSWORD_RESET_TTL_MS - 60_000);
    expect((await confirmReset(fresh, 'in-time-password')).status).toBe(200);

    const stale = await resetTokenFor(user);
    t.clock.advance(PASSWORD_RESET_TTL_MS + 1);
    const response = await confirmReset(stale, 'too-late-password');
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalidLink);
    expect((await login(user.email, 'in-time-password')).status).toBe(200);
    expect((await login(user.email, 'too-late-password')).status).toBe(401);
  });

  it('retires every other link of the user once one is used', async () => {
    const user = await newUser();
    const mailed = await resetTokenFor(user);
    // A second link still out (as a race of two requests could leave), put straight into the database.
    const other = newToken();
    await t.database.db
      .insertInto('password_resets')
      .values({
        token_hash: digestToken(TEST_SECRET, other),
        user_id: user.user.id,
        created_at: t.clock.now.toISOString(),
        expires_at: new Date(t.clock.now.getTime() + PASSWORD_RESET_TTL_MS).toISOString(),
      })
      .execute();
    expect((await confirmReset(mailed, 'winner-password')).status).toBe(200);
    expect((await confirmReset(other, 'late-password')).body).toEqual(invalidLink);
    expect((await login(user.email, 'winner-password')).status).toBe(200);
  });

  it('stops working once the password is changed in Account Settings', async () => {
    const user = await newUser({ password: 'old-password' });
    const token = await resetTokenFor(user);
    const change = await changePassword(t, user, 'changed-password');
    expect(change.status).toBe(204);
    expect((await confirmReset(token, 'from-the-link')).body).toEqual(invalidLink);
    expect((await login(user.email, 'changed-password')).status).toBe(200);
  });

  it('refuses a token that was never sent', async () => {
    const response = await confirmReset('made-up-token', 'new-password');
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalidLink);
  });

  it('refuses a password under 6 characters, and changes nothing', async () => {
    const user = await newUser({ password: 'old-password' });
    const token = await resetTokenFor(user);

    const response = await confirmReset(token, '12345');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { code: 'invalid_input', message: SERVER_MESSAGES.passwordTooShort } });
    expect((await me(user.token)).status).toBe(200);
    expect((await login(user.email, 'old-password')).status).toBe(200);
    expect((await login(user.email, '12345')).status).toBe(401);
    // The link was not used up by the refused attempt.
    expect((await confirmReset(token, '123456')).status).toBe(200);
  });
});
