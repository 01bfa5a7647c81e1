import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OIDC_ERRORS, OIDC_TEXT } from '../../common/oidc.ts';
import { createUser } from '../test/factories.ts';
import { startTestProvider, type TestProvider } from '../test/oidc-provider.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { callbackUrl, finish, followCallback, signInWithProvider, testProviderConfig, tripThroughProvider } from '../test/oidc.ts';

let provider: TestProvider;
let t: TestApp;

beforeAll(async () => {
  provider = await startTestProvider({ redirectUris: [callbackUrl('test')], postLogoutRedirectUris: ['http://listo.test/'] });
  t = await startTestApp({
    config: {
      oidc: {
        passwordLogin: true,
        providers: [testProviderConfig(provider.issuer, { allowedGroups: ['family'], adminGroup: 'listo-admins' })],
      },
    },
  });
});
afterAll(async () => {
  await t?.app.close();
  await t?.database.close();
  await provider?.close();
});

describe('sign-in with a provider', () => {
  it('offers the provider beside the password form', async () => {
    const methods = await t.request({ method: 'GET', path: '/auth/methods' });
    expect(methods.body).toEqual({ password: true, providers: [{ id: 'test', label: 'Test ID', available: true }] });
  });

  it('creates an account the first time, with the confirmed address, and finds it by subject the next', async () => {
    provider.accounts.set('new-1', { email: 'New@Example.com', email_verified: true, name: 'Nora', groups: ['family'] });
    const first = await signInWithProvider(t, 'new-1');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ outcome: 'signed_in', user: { email: 'new@example.com', first_name: 'Nora', email_verified: true } });
    const me = await t.request({ method: 'GET', path: '/auth/me', token: first.body.token });
    expect(me.body.user.id).toBe(first.body.user.id);
    // A new address at the provider does not make a new account: the subject finds it.
    provider.accounts.set('new-1', { email: 'nora@example.com', email_verified: true, groups: ['family'] });
    const again = await signInWithProvider(t, 'new-1');
    expect(again.body.user.id).toBe(first.body.user.id);
    const identities = await t.request({ method: 'GET', path: '/auth/identities', token: again.body.token });
    expect(identities.body).toMatchObject({
      has_password: false,
      identities: [{ provider: 'test', label: 'Test ID', email: 'nora@example.com' }],
    });
  });

  it('links an existing account when the provider confirmed the address', async () => {
    const user = await createUser(t, { email: 'linked@example.com' });
    provider.accounts.set('link-1', { email: 'linked@example.com', email_verified: true, groups: ['family'] });
    const answer = await signInWithProvider(t, 'link-1');
    expect(answer.status).toBe(200);
    expect(answer.body.user.id).toBe(user.user.id);
  });

  it('refuses an unconfirmed address, then links it once the password is given', async () => {
    const user = await createUser(t, { email: 'unverified@example.com' });
    provider.accounts.set('unv-1', { email: 'unverified@example.com', email_verified: false, groups: ['family'] });
    const trip = await tripThroughProvider(t, 'unv-1');
    await followCallback(t, trip);
    const refused = await finish(t, trip.cookie);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: OIDC_ERRORS.unverifiedEmail, message: OIDC_TEXT.unverifiedEmail('Test ID') });
    const wrong = await finish(t, trip.cookie, { email: user.email, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    const linked = await finish(t, trip.cookie, { email: user.email, password: user.password });
    expect(linked.status).toBe(200);
    expect(linked.body.user.id).toBe(user.user.id);
    expect((await signInWithProvider(t, 'unv-1')).body.user.id).toBe(user.user.id);
  });

  it('does not link to an account whose address Listo never confirmed', async () => {
    await createUser(t, { email: 'squatted@example.com', verified: false });
    provider.accounts.set('owner-1', { email: 'squatted@example.com', email_verified: true, groups: ['family'] });
    const answer = await signInWithProvider(t, 'owner-1');
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe(OIDC_ERRORS.unverifiedEmail);
  });

  it('refuses someone outside the allowed groups, or without the groups claim, and makes no account', async () => {
    provider.accounts.set('stranger', { email: 'stranger@example.com', email_verified: true, groups: ['guests'] });
    provider.accounts.set('no-groups', { email: 'nogroups@example.com', email_verified: true });
    for (const subject of ['stranger', 'no-groups']) {
      const answer = await signInWithProvider(t, subject);
      expect(answer.status).toBe(403);
      expect(answer.body.error).toEqual({ code: OIDC_ERRORS.wrongGroup, message: OIDC_TEXT.wrongGroup('Test ID') });
    }
    const users = await t.database.db.selectFrom('users').select('id').where('email', 'in', ['stranger@example.com', 'nogroups@example.com']).execute();
    expect(users).toEqual([]);
  });

  it('makes members of the admin group administrators, and only while they are', async () => {
    const member = await createUser(t);
    provider.accounts.set('admin-1', { email: 'boss@example.com', email_verified: true, groups: ['listo-admins'] });
    const admin = await signInWithProvider(t, 'admin-1');
    expect(admin.status).toBe(200);
    const turnOff = () =>
      t.request({ method: 'PUT', path: `/admin/users/${member.user.id}/ai`, token: admin.body.token, body: { can_use_ai: false } });
    expect((await turnOff()).status).toBe(200);
    provider.accounts.set('admin-1', { email: 'boss@example.com', email_verified: true, groups: ['family'] });
    await signInWithProvider(t, 'admin-1');
    expect((await turnOff()).status).toBe(403);
  });

  it('links a provider from Account Settings, and unlinks it only while another way to sign in remains', async () => {
    const user = await createUser(t);
    provider.accounts.set('settings-1', { email: 'elsewhere@example.com', email_verified: true, groups: ['family'] });
    const linked = await signInWithProvider(t, 'settings-1', { token: user.token });
    expect(linked.body).toMatchObject({ outcome: 'linked', identity: { provider: 'test', email: 'elsewhere@example.com' } });
    expect((await signInWithProvider(t, 'settings-1')).body.user.id).toBe(user.user.id);
    const unlink = await t.request({ method: 'DELETE', path: '/auth/identities/test', token: user.token });
    expect(unlink.status).toBe(204);
    expect((await t.request({ method: 'DELETE', path: '/auth/identities/test', token: user.token })).status).toBe(404);

    provider.accounts.set('only-1', { email: 'only@example.com', email_verified: true, groups: ['family'] });
    const only = await signInWithProvider(t, 'only-1');
    const refused = await t.request({ method: 'DELETE', path: '/auth/identities/test', token: only.body.token });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: OIDC_ERRORS.lastSignInMethod, message: OIDC_TEXT.lastSignInMethod });
  });

  it("refuses to link a provider account that another Listo account holds", async () => {
    const user = await createUser(t);
    provider.accounts.set('held-1', { email: 'held@example.com', email_verified: true, groups: ['family'] });
    await signInWithProvider(t, 'held-1');
    const answer = await signInWithProvider(t, 'held-1', { token: user.token });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe(OIDC_ERRORS.identityTaken);
  });

  it('ends the provider session on sign-out when the provider supports it; a password session just ends', async () => {
    provider.accounts.set('logout-1', { email: 'logout@example.com', email_verified: true, groups: ['family'] });
    const session = await signInWithProvider(t, 'logout-1');
    const out = await t.request({ method: 'POST', path: '/auth/logout', token: session.body.token });
    expect(out.status).toBe(200);
    const url = new URL(out.body.end_session_url);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe('http://listo.test/');
    expect(url.searchParams.get('id_token_hint')).toEqual(expect.any(String));
    expect((await t.request({ method: 'GET', path: '/auth/me', token: session.body.token })).status).toBe(401);
    const user = await createUser(t);
    expect((await t.request({ method: 'POST', path: '/auth/logout', token: user.token })).status).toBe(204);
  });
});

describe('a tampered sign-in is refused', () => {
  const failed = { code: OIDC_ERRORS.failed, message: OIDC_TEXT.failed('Test ID') };
  const expired = { code: OIDC_ERRORS.failed, message: OIDC_TEXT.expired };
  beforeAll(() => provider.accounts.set('victim', { email: 'victim@example.com', email_verified: true, groups: ['family'] }));

  it('a changed state finds no sign-in', async () => {
    const trip = await tripThroughProvider(t, 'victim');
    trip.callback.searchParams.set('state', 'forged-state');
    await followCallback(t, trip);
    expect((await finish(t, trip.cookie)).body.error).toEqual(expired);
  });

  it('a callback from another browser (no cookie, or another one) finishes nothing', async () => {
    const trip = await tripThroughProvider(t, 'victim');
    const other = await tripThroughProvider(t, 'victim');
    await followCallback(t, { ...trip, cookie: other.cookie });
    await followCallback(t, { ...trip, cookie: '' });
    expect((await finish(t, other.cookie)).body.error).toEqual(expired);
  });

  it('a wrong nonce', async () => {
    const trip = await tripThroughProvider(t, 'victim');
    await t.database.db.updateTable('oidc_logins').set({ nonce: 'another-nonce' }).where('result', 'is', null).execute();
    await followCallback(t, trip);
    const answer = await finish(t, trip.cookie);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual(failed);
  });

  it('a wrong PKCE verifier: the provider refuses the code', async () => {
    const trip = await tripThroughProvider(t, 'victim');
    await t.database.db.updateTable('oidc_logins').set({ code_verifier: 'x'.repeat(43) }).where('result', 'is', null).execute();
    await followCallback(t, trip);
    expect((await finish(t, trip.cookie)).body.error).toEqual(failed);
  });

  it('a refusal stored by the version before domain errors (a status, no kind) asks for a new sign-in, not a 500', async () => {
    const trip = await tripThroughProvider(t, 'victim');
    await followCallback(t, trip);
    const legacy = JSON.stringify({ kind: 'refused', status: 403, code: OIDC_ERRORS.failed, message: 'refused before the upgrade' });
    await t.database.db.updateTable('oidc_logins').set({ result: legacy }).where('result', 'is not', null).execute();
    const answer = await finish(t, trip.cookie);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual(expired);
  });

  it('a replayed code', async () => {
    const trip = await tripThroughProvider(t, 'victim');
    await followCallback(t, trip);
    expect((await finish(t, trip.cookie)).status).toBe(200);
    await followCallback(t, trip);
    expect((await finish(t, trip.cookie)).body.error).toEqual(expired);
  });

  it('an ID token whose payload was changed on the way', async () => {
    const tampering = await startTestApp({
      config: { oidc: { passwordLogin: true, providers: [testProviderConfig(provider.issuer)] } },
      oidcProviders: {
        fetch: async (url, init) => {
          const response = await fetch(url, init as RequestInit);
          if (!url.endsWith('/token')) return response;
          const tokens = (await response.json()) as { id_token: string };
          const [header, payload, signature] = tokens.id_token.split('.');
          const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
          const forged = Buffer.from(JSON.stringify({ ...claims, email: 'attacker@example.com' })).toString('base64url');
          return Response.json({ ...tokens, id_token: `${header}.${forged}.${signature}` });
        },
      },
    });
    try {
      const answer = await signInWithProvider(tampering, 'victim');
      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual(failed);
    } finally {
      await tampering.app.close();
      await tampering.database.close();
    }
  });
});

describe('a provider down at start', () => {
  it('leaves Listo up, says the provider is unavailable, and signs in once it is back', async () => {
    const late = await startTestProvider({ redirectUris: [callbackUrl('late')], listen: false });
    const app = await startTestApp({
      config: { oidc: { passwordLogin: true, providers: [testProviderConfig(late.issuer, { id: 'late', label: 'Late' })] } },
      oidcProviders: { retryFirstMs: 50 },
    });
    try {
      expect((await app.request({ method: 'GET', path: '/auth/methods' })).body.providers).toEqual([{ id: 'late', label: 'Late', available: false }]);
      const refused = await app.request({ method: 'POST', path: '/auth/oidc/late/login' });
      expect(refused.status).toBe(503);
      expect(refused.body.error).toEqual({ code: OIDC_ERRORS.unavailable, message: OIDC_TEXT.unavailable('Late') });
      await late.listen();
      await expect
        .poll(async () => (await app.request({ method: 'GET', path: '/auth/methods' })).body.providers[0].available, { timeout: 5000 })
        .toBe(true);
      late.accounts.set('late-1', { email: 'late@example.com', email_verified: true });
      expect((await signInWithProvider(app, 'late-1', { provider: 'late' })).status).toBe(200);
    } finally {
      await app.app.close();
      await app.database.close();
      await late.close();
    }
  });
});

describe('passwords off', () => {
  it('refuses every password sign-in, while the provider signs in the accounts it may', async () => {
    const app = await startTestApp({
      config: { oidc: { passwordLogin: false, providers: [testProviderConfig(provider.issuer, { autoCreate: false })] } },
    });
    try {
      expect((await app.request({ method: 'GET', path: '/auth/methods' })).body.password).toBe(false);
      const off = { code: OIDC_ERRORS.passwordLoginOff, message: OIDC_TEXT.passwordLoginOff };
      for (const [path, body] of [
        ['/auth/login', { email: 'a@example.com', password: 'secret-password' }],
        ['/auth/register', { email: 'a@example.com', password: 'secret-password' }],
        ['/auth/password-reset', { email: 'a@example.com' }],
      ] as const) {
        const answer = await app.request({ method: 'POST', path, body });
        expect(answer.status, path).toBe(403);
        expect(answer.body.error).toEqual(off);
      }
      provider.accounts.set('nobody', { email: 'nobody@example.com', email_verified: true });
      const none = await signInWithProvider(app, 'nobody');
      expect(none.status).toBe(403);
      expect(none.body.error).toEqual({ code: OIDC_ERRORS.noAccount, message: OIDC_TEXT.noAccount('nobody@example.com') });
    } finally {
      await app.app.close();
      await app.database.close();
    }
  });
});
