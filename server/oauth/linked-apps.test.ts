import { describe, expect, it } from 'vitest';
import { ALEXA_SERVER_MESSAGES } from '../../common/alexa.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { waitUntil } from '../test/live.ts';
import { changePassword, createUser } from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';
import {
  authorizationQuery,
  CLIENT_ID,
  linkAccount,
  pkcePair,
  REDIRECT_URI,
  submitLinkForm,
  TEST_ALEXA,
  tokenRequest,
  tokenWorks,
} from '../test/oauth-linking.ts';
import { ACCESS_TOKEN_TTL_S, AUTHORIZATION_CODE_TTL_S } from './oauth.model.ts';

/** Account Settings' linked apps, unlinking, and what an app's token may not do. */
const t = useTestApp({ config: { alexa: TEST_ALEXA }, maintenanceIntervalMs: 20 });

const rowsOf = async (userId: string) => ({
  codes: (await t.database.db.selectFrom('oauth_codes').select('code_hash').where('user_id', '=', userId).execute()).length,
  tokens: (
    await t.database.db
      .selectFrom('oauth_access_tokens')
      .innerJoin('oauth_grants', 'oauth_grants.id', 'oauth_access_tokens.grant_id')
      .select('oauth_access_tokens.id')
      .where('oauth_grants.user_id', '=', userId)
      .execute()
  ).length,
});

/** A user with a linked app, and a code given out since, not traded yet: whoever signed the app in may not be the owner. */
async function linkedWithCodeOut() {
  const user = await createUser(t, { password: 'old-password' });
  const link = await linkAccount(t, user);
  const { verifier, challenge } = pkcePair();
  const { location } = await submitLinkForm(t, authorizationQuery(challenge), { email: user.email, password: 'old-password' });
  return { user, link, code: location.searchParams.get('code')!, verifier };
}

/** Neither the app's tokens nor the code work any more, and Account Settings lists no app. */
async function expectAllEnded({ link, code, verifier }: Awaited<ReturnType<typeof linkedWithCodeOut>>, token: string) {
  expect(await tokenWorks(t, link.accessToken)).toBe(false);
  expect((await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: link.refreshToken })).body.error).toBe('invalid_grant');
  const traded = await tokenRequest(t, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
  expect(traded.body.error).toBe('invalid_grant');
  expect((await t.request({ method: 'GET', path: '/auth/linked-apps', token })).body.apps).toEqual([]);
}

describe('unlinking in Account Settings', () => {
  it('ends the app, and the codes given to it not yet traded: none can link it again', async () => {
    const linked = await linkedWithCodeOut();
    expect((await t.request({ method: 'DELETE', path: `/auth/linked-apps/${CLIENT_ID}`, token: linked.user.token })).status).toBe(204);
    await expectAllEnded(linked, linked.user.token);
  });
});

describe('a new password', () => {
  it('set in Account Settings ends every app the account had linked, and the codes not yet traded', async () => {
    const linked = await linkedWithCodeOut();
    expect((await changePassword(t, linked.user, 'new-password')).status).toBe(204);
    await expectAllEnded(linked, linked.user.token);
  });

  it('set from a reset link does too', async () => {
    const linked = await linkedWithCodeOut();
    await t.request({ method: 'POST', path: '/auth/password-reset', body: { email: linked.user.email } });
    await t.settle();
    const token = t.mails.findLast((mail) => mail.to === linked.user.email)!.text.match(/token=(\S+)/)![1]!;
    const reset = await t.request({
      method: 'POST',
      path: '/auth/password-reset/confirm',
      body: { token: decodeURIComponent(token), newPassword: 'reset-password' },
    });
    expect(reset.status).toBe(200);
    await expectAllEnded(linked, reset.body.token);
  });
});

describe('linked apps', () => {
  it('lists the links of the caller only, and unlinking revokes their tokens at once', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const link = await linkAccount(t, user);
    const otherLink = await linkAccount(t, other);
    expect((await t.request({ method: 'GET', path: '/auth/linked-apps', token: user.token })).body.apps).toHaveLength(1);

    const unlink = await t.request({ method: 'DELETE', path: `/auth/linked-apps/${CLIENT_ID}`, token: user.token });
    expect(unlink.status).toBe(204);
    expect(await tokenWorks(t, link.accessToken)).toBe(false);
    const refresh = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: link.refreshToken });
    expect(refresh.body.error).toBe('invalid_grant');
    expect((await t.request({ method: 'GET', path: '/auth/linked-apps', token: user.token })).body.apps).toEqual([]);

    const again = await t.request({ method: 'DELETE', path: `/auth/linked-apps/${CLIENT_ID}`, token: user.token });
    expect(again).toMatchObject({ status: 404, body: { error: { message: ALEXA_SERVER_MESSAGES.linkedAppNotFound } } });
    expect(await tokenWorks(t, otherLink.accessToken)).toBe(true);
  });

  it("an app is refused (403) on every route that is for the user's own sessions, its link included", async () => {
    const user = await createUser(t);
    const { accessToken } = await linkAccount(t, user);
    const nameX = { name: 'x' };
    for (const [method, path, body] of [
      ['GET', '/auth/linked-apps'],
      ['DELETE', `/auth/linked-apps/${CLIENT_ID}`],
      ['GET', '/auth/me'],
      ['POST', '/auth/logout', nameX],
      ['POST', '/auth/realtime-token', nameX],
      // The list routes serve apps, within their scopes: this link may read lists, not make them.
      ['POST', '/lists', nameX],
      // Even with the right password: an app never deletes the account.
      ['DELETE', '/auth/account', { currentPassword: user.password }],
    ] as const) {
      const answer = await t.request({ method, path, token: accessToken, body });
      expect(answer, `${method} ${path}`).toMatchObject({ status: 403, body: { error: { message: SERVER_MESSAGES.scopeMissing } } });
    }
    expect(await tokenWorks(t, accessToken)).toBe(true);
  });

  it('an access token ends after its hour; the purge removes spent codes and dead tokens', async () => {
    const user = await createUser(t);
    const { accessToken, refreshToken } = await linkAccount(t, user);
    expect(await rowsOf(user.user.id)).toEqual({ codes: 1, tokens: 1 });
    t.clock.advance(Math.max(ACCESS_TOKEN_TTL_S, AUTHORIZATION_CODE_TTL_S) * 1000 + 1);
    expect(await tokenWorks(t, accessToken)).toBe(false);
    await waitUntil(async () => (await rowsOf(user.user.id)).codes + (await rowsOf(user.user.id)).tokens === 0, 'the purge');
    // The link lives on: its refresh token gets a new access token.
    const refreshed = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: refreshToken });
    expect(await tokenWorks(t, refreshed.body.access_token)).toBe(true);
  });
});
