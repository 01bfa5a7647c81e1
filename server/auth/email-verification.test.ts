import { describe, expect, it } from 'vitest';
import { EMAIL_VERIFICATION_TTL_MS } from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { confirmAddress, confirmationTokenFor, createUser } from '../test/factories.ts';
import { insertList } from '../test/list-factories.ts';
import { NOT_YOUR_ACCOUNT } from './auth.mails.ts';
import { useTestApp } from '../test/test-app.ts';

/** Proving an e-mail address: the link mailed at registration, once, for a week; and a new one on request. */
const t = useTestApp();

const invalidLink = { error: { code: 'invalid_token', message: SERVER_MESSAGES.verifyLinkInvalid } };
/** Opens a confirmation link signed in with `session` (the web app's page sends the signed-in user's token). */
const verify = (token: string, session: string | undefined) => t.request({ method: 'POST', path: '/auth/verify-email', token: session, body: { token } });
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

    const confirmed = await verify(token, user.token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ user: { ...user.user, email_verified: true } });
    expect((await me(user.token)).body.user.email_verified).toBe(true);
    expect((await verify(token, user.token)).body).toEqual(invalidLink);
  });

  it('works for a week, and not after', async () => {
    const user = await createUser(t, { verified: false });
    await t.settle();
    const token = linkTokenIn(t.mails.findLast((sent) => sent.to === user.email)!.text);
    t.clock.advance(EMAIL_VERIFICATION_TTL_MS + 1);
    const late = await verify(token, user.token);
    expect(late.status).toBe(400);
    expect(late.body).toEqual(invalidLink);
    expect((await me(user.token)).body.user.email_verified).toBe(false);
  });

  it('refuses a token that was never sent', async () => {
    const user = await createUser(t, { verified: false });
    expect((await verify('made-up', user.token)).body).toEqual(invalidLink);
  });

  it('proves the address only to the account it was sent for, signed in; a refused link stays usable', async () => {
    const user = await createUser(t, { verified: false });
    const someoneElse = await createUser(t, { verified: false });
    const token = await confirmationTokenFor(t, user.email);

    expect((await verify(token, undefined)).status).toBe(401);
    const otherAccount = await verify(token, someoneElse.token);
    expect(otherAccount.status).toBe(403);
    expect(otherAccount.body).toEqual({ error: { code: 'forbidden', message: SERVER_MESSAGES.verifyLinkOtherAccount } });
    expect((await me(someoneElse.token)).body.user.email_verified).toBe(false);
    expect((await me(user.token)).body.user.email_verified).toBe(false);

    expect((await verify(token, user.token)).status).toBe(200);
  });
});

describe('an address someone else registered', () => {
  it('stays theirs to take back: the link proves nothing without the password, a reset proves the address and ends the other sessions', async () => {
    const owner = await createUser(t);
    const listId = await insertList(t, owner.user.id, { name: 'Family' });
    // Someone registers the address before its owner, and keeps the session.
    const impostor = await createUser(t, { email: 'mailbox-owner@example.com', verified: false });
    const invite = await t.request({ method: 'POST', path: `/lists/${listId}/shares`, token: owner.token, body: { email: impostor.email, permission: 'edit' } });
    expect(invite.body.share).toMatchObject({ status: 'pending' });
    await t.settle();
    const invitation = t.mails.findLast((sent) => sent.to === impostor.email)!;
    expect(invitation.text).toContain(NOT_YOUR_ACCOUNT);

    // The mailbox's owner opens the link without an account of their own: nothing is proven.
    const token = await confirmationTokenFor(t, impostor.email);
    expect((await verify(token, undefined)).status).toBe(401);
    expect((await t.request({ method: 'GET', path: `/lists/${listId}/items`, token: impostor.token })).status).toBe(404);

    // They take the account over with a reset, mailed to the address.
    await t.request({ method: 'POST', path: '/auth/password-reset', body: { email: impostor.email } });
    await t.settle();
    const resetToken = decodeURIComponent(t.mails.findLast((sent) => sent.to === impostor.email)!.text.match(/reset-password\?token=(\S+)/)![1]!);
    const reset = await t.request({ method: 'POST', path: '/auth/password-reset/confirm', body: { token: resetToken, newPassword: 'only-mine-now' } });
    expect(reset.status).toBe(200);
    expect(reset.body.user.email_verified).toBe(true);
    expect((await me(impostor.token)).status).toBe(401);
    const lists = await t.request({ method: 'GET', path: '/lists', token: reset.body.token });
    expect(lists.body.lists).toEqual([expect.objectContaining({ id: listId, shareInfo: expect.objectContaining({ permission: 'edit' }) })]);
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
    expect((await confirmAddress(t, unproven)).status).toBe(200);
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
