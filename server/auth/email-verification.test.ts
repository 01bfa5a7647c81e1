import { describe, expect, it } from 'vitest';
import { EMAIL_VERIFICATION_TTL_MS } from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { confirmAddress, createUser } from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';

/** Proving an e-mail address: the link mailed at registration, once, for a week; and a new one on request. */
const t = useTestApp();

const invalidLink = { error: { code: 'invalid_token', message: SERVER_MESSAGES.verifyLinkInvalid } };
const verify = (token: string) => t.request({ method: 'POST', path: '/auth/verify-email', body: { token } });
const me = (token: string) => t.request({ method: 'GET', path: '/auth/me', token });

function linkTokenIn(text: string): string {
  const token = text.match(/http:\/\/listo\.test\/verify-email\?token=(\S+)/)?.[1];
  if (!token) throw new Error(`no confirmation link in:\n${text}`);
  return decodeURIComponent(token);
}

describe('the confirmation link', () => {
  it('is mailed at registration and proves the address, once', async () => {
    const user = await createUser(t, { verified: false });
    expect(user.user.email_verified).toBe(false);
    await t.settle();
    const mail = t.mails.findLast((sent) => sent.to === user.email)!;
    expect(mail.subject).toBe('Confirm your e-mail address for Listo');
    const token = linkTokenIn(mail.text);

    const confirmed = await verify(token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ user: { ...user.user, email_verified: true } });
    expect((await me(user.token)).body.user.email_verified).toBe(true);
    expect((await verify(token)).body).toEqual(invalidLink);
  });

  it('works for a week, and not after', async () => {
    const user = await createUser(t, { verified: false });
    await t.settle();
    const token = linkTokenIn(t.mails.findLast((sent) => sent.to === user.email)!.text);
    t.clock.advance(EMAIL_VERIFICATION_TTL_MS + 1);
    const late = await verify(token);
    expect(late.status).toBe(400);
    expect(late.body).toEqual(invalidLink);
    expect((await me(user.token)).body.user.email_verified).toBe(false);
  });

  it('refuses a token that was never sent', async () => {
    expect((await verify('made-up')).body).toEqual(invalidLink);
  });
});

describe('POST /auth/verify-email/resend', () => {
  it('mails a new link to an unproven address, and none to a proven one', async () => {
    const unproven = await createUser(t, { verified: false });
    await t.settle();
    const before = t.mails.length;
    const resend = await t.request({ method: 'POST', path: '/auth/verify-email/resend', token: unproven.token });
    expect(resend.status).toBe(200);
    expect(resend.body).toEqual({ message: SERVER_MESSAGES.verificationSent });
    expect((await confirmAddress(t, unproven.email)).status).toBe(200);
    expect(t.mails.length).toBe(before + 1);

    const proven = await createUser(t);
    await t.settle();
    const count = t.mails.length;
    expect((await t.request({ method: 'POST', path: '/auth/verify-email/resend', token: proven.token })).status).toBe(200);
    await t.settle();
    expect(t.mails.length).toBe(count);
  });

  it('needs a sign-in', async () => {
    expect((await t.request({ method: 'POST', path: '/auth/verify-email/resend' })).status).toBe(401);
  });
});
