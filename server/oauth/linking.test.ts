import { describe, expect, it } from 'vitest';
import { ALEXA_AUTHORIZE_PATH, ALEXA_LOGIN_PATH, ALEXA_TOKEN_PATH } from '../../common/alexa.ts';
import { API_BASE_PATH } from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { FORM_BODY_LIMIT_BYTES } from '../http/form-body.ts';
import { createUser } from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';
import {
  authorizationQuery,
  CLIENT_ID,
  CLIENT_SECRET,
  linkAccount,
  OTHER_REDIRECT_URI,
  pkcePair,
  REDIRECT_URI,
  submitLinkForm,
  TEST_ALEXA,
  tokenRequest,
  tokenWorks,
} from '../test/oauth-linking.ts';

const t = useTestApp({ config: { alexa: TEST_ALEXA } });

const countRows = async (table: 'oauth_codes' | 'oauth_grants' | 'oauth_access_tokens') =>
  Number((await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

/** The form with the right credentials: answers the code and the verifier it needs. */
async function authorize(overrides: Record<string, string | undefined> = {}) {
  const user = await createUser(t);
  const { verifier, challenge } = pkcePair();
  const { status, location } = await submitLinkForm(t, authorizationQuery(challenge, overrides), user);
  return { user, verifier, status, location, code: location.searchParams.get('code') ?? '' };
}

const exchange = (code: string, verifier: string, extra: Record<string, string> = {}) =>
  tokenRequest(t, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier, ...extra });

describe('linking an account, the whole way', () => {
  it('form -> redirect with code and state -> tokens -> refresh, with only hashes at rest', async () => {
    const { user, verifier, status, location, code } = await authorize();
    expect(status).toBe(303);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get('state')).toBe('state-from-alexa');
    expect(code).toMatch(/^[\w-]{20,}$/);

    const tokens = await exchange(code, verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.headers['cache-control']).toBe('no-store');
    expect(tokens.body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: expect.any(Number),
      refresh_token: expect.any(String),
      scope: 'lists:read items:write',
    });
    expect(tokens.body.expires_in).toBeGreaterThan(3500);
    expect(await tokenWorks(t, tokens.body.access_token)).toBe(true);

    // An access token lives an hour. Body credentials work as well as HTTP Basic; the refresh
    // token is not rotated.
    t.clock.advance(60 * 60 * 1000);
    expect(await tokenWorks(t, tokens.body.access_token)).toBe(false);
    const refreshed = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token }, { basic: false });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ access_token: expect.any(String), token_type: 'Bearer' });
    expect(refreshed.body.refresh_token).toBeUndefined();
    expect(await tokenWorks(t, refreshed.body.access_token)).toBe(true);
    t.clock.advance(1000);
    const again = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token });
    expect(again.status).toBe(200);

    // A refresh keeps the access token before it (requests in flight) and drops older ones.
    expect(await tokenWorks(t, refreshed.body.access_token)).toBe(true);
    expect(await tokenWorks(t, tokens.body.access_token)).toBe(false);

    const stored = JSON.stringify(
      await Promise.all(['oauth_codes', 'oauth_grants', 'oauth_access_tokens'].map((table) =>
        t.database.db.selectFrom(table as 'oauth_codes').selectAll().execute())),
    );
    for (const secret of [code, tokens.body.access_token, tokens.body.refresh_token, refreshed.body.access_token]) {
      expect(stored).not.toContain(secret);
    }
    const apps = await t.request({ method: 'GET', path: '/auth/linked-apps', token: user.token });
    expect(apps.body.apps).toEqual([
      { client_id: CLIENT_ID, name: 'Alexa', scopes: ['lists:read', 'items:write'], linked_at: expect.any(String), last_used_at: expect.any(String) },
    ]);
  });

  it('grants what the request asks for, within what the client may have', async () => {
    const { code, verifier } = await authorize({ scope: 'lists:read' });
    const tokens = await exchange(code, verifier);
    expect(tokens.body.scope).toBe('lists:read');
  });

  it("a refresh asking for fewer scopes says the link's scopes, which its new token has", async () => {
    const { code, verifier } = await authorize({ scope: 'lists:read items:write' });
    const tokens = await exchange(code, verifier);
    const refreshed = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token, scope: 'lists:read' });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.scope).toBe('lists:read items:write');
  });

  it('linking again replaces the earlier link and its tokens', async () => {
    const user = await createUser(t);
    const first = await linkAccount(t, user);
    const second = await linkAccount(t, user);
    expect(await tokenWorks(t, first.accessToken)).toBe(false);
    expect(await tokenWorks(t, second.accessToken)).toBe(true);
    const refresh = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: first.refreshToken });
    expect(refresh.body.error).toBe('invalid_grant');
    expect((await t.request({ method: 'GET', path: '/auth/linked-apps', token: user.token })).body.apps).toHaveLength(1);
  });
});

describe('a client with one redirect URI', () => {
  const single = useTestApp({ config: { alexa: { ...TEST_ALEXA, client: { ...TEST_ALEXA.client!, redirectUris: [REDIRECT_URI] } } } });

  async function codeFor(overrides: Record<string, string | undefined>) {
    const { verifier, challenge } = pkcePair();
    const { location } = await submitLinkForm(single, authorizationQuery(challenge, overrides), await createUser(single));
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    return { verifier, code: location.searchParams.get('code') ?? '' };
  }
  const trade = (code: string, verifier: string, extra: Record<string, string> = {}) =>
    tokenRequest(single, { grant_type: 'authorization_code', code, code_verifier: verifier, ...extra });

  it('may be sent no redirect URI: the code goes to that one, and the token request need not name it (RFC 6749 4.1.3)', async () => {
    const { code, verifier } = await codeFor({ redirect_uri: undefined });
    const tokens = await trade(code, verifier);
    expect(tokens.status).toBe(200);
    expect(await tokenWorks(single, tokens.body.access_token)).toBe(true);
  });

  it('named at the form: the token request must name it again', async () => {
    const { code, verifier } = await codeFor({});
    expect((await trade(code, verifier)).body).toEqual({ error: 'invalid_request', error_description: expect.stringContaining('redirect_uri') });
    const { code: another, verifier: its } = await codeFor({});
    expect((await trade(another, its, { redirect_uri: REDIRECT_URI })).status).toBe(200);
  });
});

describe('the linking form refuses', () => {
  it('an unknown client or redirect URI: back to the page, never to that URI, nothing stored', async () => {
    const user = await createUser(t);
    const codes = await countRows('oauth_codes');
    for (const [overrides, error] of [
      [{ client_id: 'someone-else' }, 'invalid_client'],
      [{ redirect_uri: 'https://evil.example/callback' }, 'invalid_client'],
      [{ client_id: undefined }, 'invalid_request'],
      // The test client has two redirect URIs: which one, the request must say (RFC 6749 3.1.2.3).
      [{ redirect_uri: undefined }, 'invalid_request'],
    ] as const) {
      const query = authorizationQuery(pkcePair().challenge, overrides);
      const { status, location } = await submitLinkForm(t, query, user);
      expect(status).toBe(303);
      expect(location.pathname).toBe(ALEXA_LOGIN_PATH);
      expect(location.searchParams.get('error')).toBe(error);
      for (const [name, value] of Object.entries(query)) expect(location.searchParams.get(name)).toBe(value);
    }
    expect(await countRows('oauth_codes')).toBe(codes);
  });

  it('wrong credentials: back to the page with the error and the query kept', async () => {
    const user = await createUser(t);
    const query = authorizationQuery(pkcePair().challenge);
    for (const credentials of [
      { email: user.email, password: 'wrong-password' },
      { email: 'nobody@example.com', password: 'x' },
      { email: 'not-an-email', password: '' },
    ]) {
      const { status, location } = await submitLinkForm(t, query, credentials);
      expect(status).toBe(303);
      expect(location.pathname).toBe(ALEXA_LOGIN_PATH);
      expect(Object.fromEntries(location.searchParams)).toEqual({ ...query, error: 'invalid_credentials' });
    }
  });

  it('an odd character, a body too large, a body that is no form or not UTF-8: back to the page too, nothing stored', async () => {
    const user = await createUser(t);
    const query = authorizationQuery(pkcePair().challenge);
    const send = (headers: Record<string, string>, payload: string) =>
      t.app.inject({ method: 'POST', url: `${API_BASE_PATH}${ALEXA_AUTHORIZE_PATH}?${new URLSearchParams(query)}`, headers, payload });
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const codesBefore = await countRows('oauth_codes');
    for (const [headers, payload, error] of [
      [form, new URLSearchParams({ email: `${user.email}\u0000`, password: user.password }).toString(), 'invalid_credentials'],
      [form, new URLSearchParams({ email: user.email, password: 'x'.repeat(1024 * 1024) }).toString(), 'invalid_credentials'],
      [{ 'content-type': 'application/json' }, JSON.stringify({ email: user.email, password: user.password }), 'invalid_request'],
      [{ 'content-type': 'application/json' }, `email=${user.email}&password=${user.password}`, 'invalid_request'],
      // No browser sends these for a UTF-8 page: a lenient parser turned `é` into U+FFFD (sweep 13 L10).
      [{ 'content-type': 'application/x-www-form-urlencoded; charset=iso-8859-1' }, new URLSearchParams({ email: user.email, password: user.password }).toString(), 'invalid_request'],
      [form, `email=${encodeURIComponent(user.email)}&password=caf%E9`, 'invalid_request'],
    ] as const) {
      const response = await send(headers, payload);
      expect(response.statusCode).toBe(303);
      const location = new URL(String(response.headers.location), 'http://listo.test');
      expect(location.pathname).toBe(ALEXA_LOGIN_PATH);
      expect(Object.fromEntries(location.searchParams)).toEqual({ ...query, error });
    }
    expect(await countRows('oauth_codes')).toBe(codesBefore);
  });

  // (A lone surrogate cannot reach the query: HTTP's bytes decode to U+FFFD or stay percent-encoded.)
  it('NUL in the link, not in the form: the link is broken, however right the password', async () => {
    const user = await createUser(t);
    for (const name of ['state', 'client_id', 'redirect_uri']) {
      const query = new URLSearchParams(authorizationQuery(pkcePair().challenge, { [name]: 'x\u0000' }));
      const response = await t.app.inject({
        method: 'POST',
        url: `${API_BASE_PATH}${ALEXA_AUTHORIZE_PATH}?${query}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email: user.email, password: user.password }).toString(),
      });
      expect(response.statusCode).toBe(303);
      const location = new URL(String(response.headers.location), 'http://listo.test');
      expect([location.pathname, location.searchParams.get('error')]).toEqual([ALEXA_LOGIN_PATH, 'invalid_request']);
    }
  });

  it('a request without a PKCE challenge, or asking for more than the client may have: the client hears why', async () => {
    for (const [overrides, error] of [
      [{ code_challenge: undefined, code_challenge_method: undefined }, 'invalid_request'],
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      // RFC 7636 4.2: 43 to 128 characters.
      [{ code_challenge: 'abc' }, 'invalid_request'],
      [{ scope: 'lists:read account' }, 'invalid_scope'],
      [{ scope: 'lists:manage' }, 'invalid_scope'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ state: undefined }, 'invalid_request'],
    ] as const) {
      const { status, location } = await authorize(overrides);
      expect(status).toBe(303);
      expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
      expect(location.searchParams.get('error')).toBe(error);
      expect(location.searchParams.get('code')).toBeNull();
    }
  });
});

describe('the token endpoint refuses', () => {
  it('a code used twice, and revokes what it gave the first time', async () => {
    const { code, verifier } = await authorize();
    const first = await exchange(code, verifier);
    expect(first.status).toBe(200);
    const second = await exchange(code, verifier);
    expect(second.status).toBe(400);
    expect(second.body.error).toBe('invalid_grant');
    expect(await tokenWorks(t, first.body.access_token)).toBe(false);
    expect((await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: first.body.refresh_token })).body.error).toBe('invalid_grant');
  });

  it('a code after its 5 minutes', async () => {
    const { code, verifier } = await authorize();
    t.clock.advance(5 * 60 * 1000 + 1);
    const answer = await exchange(code, verifier);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_grant');
  });

  it('a code taken to another redirect URI than it was issued for (and the code is spent)', async () => {
    const { code, verifier } = await authorize();
    const answer = await exchange(code, verifier, { redirect_uri: OTHER_REDIRECT_URI });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_request');
    expect((await exchange(code, verifier)).body.error).toBe('invalid_grant');
  });

  it('a wrong PKCE verifier, or none (and the code is spent)', async () => {
    for (const extra of [{ code_verifier: pkcePair().verifier }, { code_verifier: '' }]) {
      const { code, verifier } = await authorize();
      const answer = await tokenRequest(t, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, ...extra });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('invalid_grant');
      expect((await exchange(code, verifier)).body.error).toBe('invalid_grant');
    }
  });

  it('a wrong client secret, by HTTP Basic (401) or in the body (400), and no secret at all', async () => {
    const { code, verifier } = await authorize();
    const fields = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier };
    const basic = await tokenRequest(t, fields, { secret: 'wrong-secret' });
    expect(basic.status).toBe(401);
    expect(basic.headers['www-authenticate']).toMatch(/^Basic/);
    expect(basic.body).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
    expect((await tokenRequest(t, fields, { basic: false, secret: 'wrong-secret' })).status).toBe(400);
    // With a PKCE verifier the library would do without a secret; this client is confidential.
    const noSecret = await t.request({
      method: 'POST',
      path: ALEXA_TOKEN_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, client_id: CLIENT_ID }).toString(),
    });
    expect(noSecret.body.error).toBe('invalid_client');
    // None of those spent the code.
    expect((await exchange(code, verifier)).status).toBe(200);
  });

  it('an unknown refresh token, and JSON instead of a form: in OAuth format', async () => {
    const refresh = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: 'made-up' });
    expect(refresh.status).toBe(400);
    expect(refresh.body).toEqual({ error: 'invalid_grant', error_description: expect.any(String) });
    const json = await t.request({ method: 'POST', path: ALEXA_TOKEN_PATH, body: { grant_type: 'refresh_token' } });
    expect(json.status).toBe(400);
    expect(json.body.error).toBe('invalid_request');
    const garbled = await t.request({
      method: 'POST', path: ALEXA_TOKEN_PATH, headers: { 'content-type': 'application/json' }, body: '{"grant_type":',
    });
    expect(garbled.status).toBe(400);
    expect(garbled.body).toEqual({ error: 'invalid_request', error_description: SERVER_MESSAGES.invalidJson });
  });

  it('a body that is no form, not UTF-8, or too large: in OAuth format, and the code still works', async () => {
    const { code, verifier } = await authorize();
    const form = new URLSearchParams({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier }).toString();
    const send = (contentType: string, payload: string) =>
      t.request({ method: 'POST', path: ALEXA_TOKEN_PATH, headers: { 'content-type': contentType }, body: payload });
    const latin1 = await send('application/x-www-form-urlencoded; charset=iso-8859-1', form);
    expect([latin1.status, latin1.body]).toEqual([415, { error: 'invalid_request', error_description: SERVER_MESSAGES.formNotUtf8 }]);
    const tooLarge = await send('application/x-www-form-urlencoded', `${form}${'&a'.repeat(FORM_BODY_LIMIT_BYTES)}`);
    expect([tooLarge.status, tooLarge.body]).toEqual([413, { error: 'invalid_request', error_description: SERVER_MESSAGES.bodyTooLarge }]);
    const text = await send('text/plain', form);
    expect([text.status, text.body]).toEqual([415, { error: 'invalid_request', error_description: SERVER_MESSAGES.formExpected }]);
    const badEscape = await send('application/x-www-form-urlencoded', `${form}&state=%E9`);
    expect([badEscape.status, badEscape.body]).toEqual([400, { error: 'invalid_request', error_description: SERVER_MESSAGES.formNotUtf8 }]);
    expect((await exchange(code, verifier)).status).toBe(200);
  });
});
