import crypto from 'node:crypto';
import type { AuthResponse } from '../../common/schemas/auth.ts';
import type { TestApp } from './test-app.ts';

export interface TestUser extends AuthResponse {
  email: string;
  password: string;
}

/**
 * Registers a user through the API; every field can be overridden. The address counts as proven
 * (as for anyone who clicked the link in the confirmation mail) unless `verified: false`; the
 * tests of the link itself are in server/auth/email-verification.test.ts.
 */
export async function createUser(
  t: TestApp,
  overrides: { email?: string; password?: string; first_name?: string; verified?: boolean } = {},
): Promise<TestUser> {
  const email = overrides.email ?? `user-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const password = overrides.password ?? 'secret-password';
  const response = await t.request({
    method: 'POST',
    path: '/auth/register',
    body: { email, password, ...(overrides.first_name ? { first_name: overrides.first_name } : {}) },
  });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
  const registered = response.body as AuthResponse;
  if (overrides.verified === false) return { ...registered, email, password };
  await t.database.db
    .updateTable('users')
    .set({ email_verified_at: new Date().toISOString() })
    .where('id', '=', registered.user.id)
    .execute();
  return { ...registered, user: { ...registered.user, email_verified: true }, email, password };
}

/** The token of the newest confirmation link mailed to `email`. */
export async function confirmationTokenFor(t: TestApp, email: string): Promise<string> {
  await t.settle();
  const mail = t.mails.findLast((sent) => sent.to === email && /\/verify-email\?token=/.test(sent.text));
  const token = mail?.text.match(/\/verify-email\?token=(\S+)/)?.[1];
  if (!token) throw new Error(`no confirmation link was mailed to ${email}`);
  return decodeURIComponent(token);
}

/** Follows the newest confirmation link mailed to the user's address, signed in as them (as its owner would), answering the API's reply. */
export async function confirmAddress(t: TestApp, { user, token: session }: AuthResponse) {
  const token = await confirmationTokenFor(t, user.email);
  return t.request({ method: 'POST', path: '/auth/verify-email', token: session, body: { token } });
}

/** Changes the user's password in Account Settings' way (their session, their current password), answering the API's reply. */
export function changePassword(t: TestApp, user: TestUser, newPassword: string) {
  return t.request({ method: 'PUT', path: '/auth/password', token: user.token, body: { currentPassword: user.password, newPassword } });
}
