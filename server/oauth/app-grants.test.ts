import { describe, expect, it } from 'vitest';
import { APP_OAUTH_MESSAGES } from '../../common/oauth-apps.ts';
import { createUser } from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';
import {
  APP_NAME,
  APP_REDIRECT_URI,
  appTokenRequest,
  connectApp,
  consentQuery,
  decide,
  MCP_RESOURCE,
  refreshApp,
  registeredClientId,
  viewConsent,
} from '../test/oauth-apps.ts';
import { linkAccount, pkcePair, TEST_ALEXA } from '../test/oauth-linking.ts';

/** Consent, codes and tokens of apps connecting themselves: PKCE, the resource, rotation. */
const t = useTestApp({ config: { alexa: TEST_ALEXA } });

const grantsOf = (userId: string) => t.database.db.selectFrom('oauth_grants').selectAll().where('user_id', '=', userId).execute();

/** A code the user allowed, with its verifier. */
async function allowedCode(overrides: Record<string, string | undefined> = {}) {
  const user = await createUser(t);
  const clientId = await registeredClientId(t);
  const { verifier, challenge } = pkcePair();
  const location = await decide(t, user, consentQuery(clientId, challenge, overrides));
  const code = location.searchParams.get('code')!;
  const fields = { grant_type: 'authorization_code', client_id: clientId, code, redirect_uri: APP_REDIRECT_URI, code_verifier: verifier };
  return { user, clientId, code, verifier, fields };
}

describe('the consent page', () => {
  it('names the app, where the browser goes back to, and the scopes asked for', async () => {
    const user = await createUser(t);
    const clientId = await registeredClientId(t);
    const response = await viewConsent(t, user, consentQuery(clientId, pkcePair().challenge));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ outcome: 'consent', client: { name: APP_NAME, redirect_host: '127.0.0.1:33418' }, scopes: ['lists:read', 'items:write'] });
  });

  it('refuses an unknown app or a redirect URI it did not register, without sending the browser there', async () => {
    const user = await createUser(t);
    const clientId = await registeredClientId(t);
    const { challenge } = pkcePair();
    for (const query of [consentQuery('app_unknown', challenge), consentQuery(clientId, challenge, { redirect_uri: 'https://evil.example/cb' })]) {
      const response = await viewConsent(t, user, query);
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual({ code: 'invalid_client', message: APP_OAUTH_MESSAGES.unknownClient });
    }
  });

  it.each([
    ['no PKCE', { code_challenge: undefined, code_challenge_method: undefined }, 'invalid_request'],
    ['plain PKCE', { code_challenge_method: 'plain' }, 'invalid_request'],
    ['another resource', { resource: 'https://other.example/mcp' }, 'invalid_target'],
    ['a scope apps are never given', { scope: 'lists:read account' }, 'invalid_scope'],
    ['another response type', { response_type: 'token' }, 'unsupported_response_type'],
  ])('sends the browser back to the app with the error for %s', async (_case, overrides, error) => {
    const user = await createUser(t);
    const clientId = await registeredClientId(t);
    const response = await viewConsent(t, user, consentQuery(clientId, pkcePair().challenge, overrides));
    expect(response.body.outcome).toBe('redirect');
    const location = new URL(response.body.location);
    expect(location.origin + location.pathname).toBe(APP_REDIRECT_URI);
    expect(location.searchParams.get('error')).toBe(error);
    expect(location.searchParams.get('state')).toBe('state-of-the-app');
    // Nor does an Allow sent anyway give a code.
    expect((await decide(t, user, consentQuery(clientId, pkcePair().challenge, overrides))).searchParams.get('code')).toBeNull();
  });

  it('Deny sends access_denied back to the app, and grants nothing', async () => {
    const user = await createUser(t);
    const clientId = await registeredClientId(t);
    const location = await decide(t, user, consentQuery(clientId, pkcePair().challenge), 'deny');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('state-of-the-app');
    expect(location.searchParams.get('code')).toBeNull();
    expect(await t.database.db.selectFrom('oauth_codes').select('code_hash').where('user_id', '=', user.user.id).execute()).toEqual([]);
  });

  it('is for the user’s own session: an app’s token cannot allow anything', async () => {
    const user = await createUser(t);
    const link = await linkAccount(t, user);
    const response = await t.request({ method: 'GET', path: `/oauth/authorization?${new URLSearchParams(consentQuery('x', 'y'))}`, token: link.accessToken });
    expect(response.status).toBe(403);
  });
});

describe('the token endpoint', () => {
  it('trades an allowed code, with the verifier and the resource, for tokens bound to the MCP endpoint', async () => {
    const { user, fields } = await allowedCode();
    const response = await appTokenRequest(t, { ...fields, resource: MCP_RESOURCE });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600, refresh_token: expect.any(String), scope: 'lists:read items:write' });
    const [grant] = await grantsOf(user.user.id);
    expect(grant).toMatchObject({ resource: 'mcp', client_name: APP_NAME, scope: 'lists:read items:write' });
  });

  it('refuses a wrong verifier, and the code is spent all the same', async () => {
    const { fields } = await allowedCode();
    const wrong = await appTokenRequest(t, { ...fields, code_verifier: pkcePair().verifier });
    expect(wrong.body).toEqual({ error: 'invalid_grant', error_description: APP_OAUTH_MESSAGES.verifierInvalid });
    expect((await appTokenRequest(t, fields)).body.error).toBe('invalid_grant');
  });

  it('refuses a trade without a verifier', async () => {
    const { fields } = await allowedCode();
    const response = await appTokenRequest(t, { ...fields, code_verifier: '' });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_request');
  });

  it('refuses another resource (wrong audience)', async () => {
    const { fields } = await allowedCode();
    const response = await appTokenRequest(t, { ...fields, resource: 'https://other.example/mcp' });
    expect(response.body.error).toBe('invalid_target');
  });

  it('a reused code fails and revokes the grant it made', async () => {
    const { user, fields } = await allowedCode();
    const first = await appTokenRequest(t, fields);
    expect(first.status).toBe(200);
    const again = await appTokenRequest(t, fields);
    expect(again.body.error).toBe('invalid_grant');
    expect(await grantsOf(user.user.id)).toEqual([]);
    expect((await refreshApp(t, { clientId: fields.client_id, refreshToken: first.body.refresh_token })).body.error).toBe('invalid_grant');
  });

  it('refuses a code traded by another client or to another redirect URI', async () => {
    const other = await registeredClientId(t);
    const { fields } = await allowedCode();
    expect((await appTokenRequest(t, { ...fields, client_id: other })).body.error).toBe('invalid_grant');
    const second = await allowedCode();
    expect((await appTokenRequest(t, { ...second.fields, redirect_uri: 'http://127.0.0.1:1/other' })).body.error).toBe('invalid_grant');
  });

  it('does not trade account linking’s codes or refresh tokens, nor give apps’ to account linking', async () => {
    const user = await createUser(t);
    const link = await linkAccount(t, user);
    const refreshed = await refreshApp(t, { clientId: TEST_ALEXA.client!.id, refreshToken: link.refreshToken });
    expect(refreshed.body.error).toBe('invalid_grant');
  });

  it('refuses a grant type other than the code and refresh', async () => {
    const response = await appTokenRequest(t, { grant_type: 'client_credentials', client_id: 'app_x' });
    expect(response.body.error).toBe('unsupported_grant_type');
  });
});

describe('refresh tokens', () => {
  it('rotate: each refresh answers a new pair, and the new access token works', async () => {
    const user = await createUser(t);
    const connection = await connectApp(t, user);
    const refreshed = await refreshApp(t, connection, { resource: MCP_RESOURCE });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(connection.refreshToken);
    expect(refreshed.body.access_token).not.toBe(connection.accessToken);
    const next = await refreshApp(t, { clientId: connection.clientId, refreshToken: refreshed.body.refresh_token });
    expect(next.status).toBe(200);
  });

  it('a refresh token used again revokes the whole grant', async () => {
    const user = await createUser(t);
    const connection = await connectApp(t, user);
    const refreshed = await refreshApp(t, connection);
    const reused = await refreshApp(t, connection);
    expect(reused.body).toEqual({ error: 'invalid_grant', error_description: APP_OAUTH_MESSAGES.refreshTokenReused });
    expect(await grantsOf(user.user.id)).toEqual([]);
    // The thief's and the app's newest tokens alike.
    expect((await refreshApp(t, { clientId: connection.clientId, refreshToken: refreshed.body.refresh_token })).body.error).toBe('invalid_grant');
  });

  it('refuses a scope beyond the grant, or another resource, and changes nothing', async () => {
    const user = await createUser(t);
    const connection = await connectApp(t, user);
    expect((await refreshApp(t, connection, { scope: 'lists:manage' })).body.error).toBe('invalid_scope');
    expect((await refreshApp(t, connection, { resource: 'https://other.example/mcp' })).body.error).toBe('invalid_target');
    expect((await refreshApp(t, connection)).status).toBe(200);
  });

  it('stop working once the user unlinks the app', async () => {
    const user = await createUser(t);
    const connection = await connectApp(t, user);
    const unlink = await t.request({ method: 'DELETE', path: `/auth/linked-apps/${encodeURIComponent(connection.clientId)}`, token: user.token });
    expect(unlink.status).toBe(204);
    expect((await refreshApp(t, connection)).body.error).toBe('invalid_grant');
  });
});

describe('Linked apps', () => {
  it('lists an allowed app by its name, with its last use', async () => {
    const user = await createUser(t);
    const connection = await connectApp(t, user);
    const { body } = await t.request({ method: 'GET', path: '/auth/linked-apps', token: user.token });
    expect(body.apps).toEqual([
      { client_id: connection.clientId, name: APP_NAME, scopes: ['lists:read', 'items:write'], linked_at: expect.any(String), last_used_at: t.clock.now.toISOString() },
    ]);
  });
});
