import { describe, expect, it } from 'vitest';
import { ALEXA_SERVER_MESSAGES, ALEXA_TOKEN_PATH } from '../../common/alexa.ts';
import { createUser } from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';
import {
  authorizationQuery,
  CLIENT_ID,
  CLIENT_SECRET,
  linkAccount,
  pkcePair,
  REDIRECT_URI,
  submitLinkForm,
  TEST_ALEXA,
  tokenRequest,
} from '../test/oauth-linking.ts';

/** RFC 6749 2.3: "The client MUST NOT use more than one authentication method in each request." */
const t = useTestApp({ config: { alexa: TEST_ALEXA } });

const BASIC = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;

/** A token request with HTTP Basic and whatever else the body carries. */
const withBasic = (fields: Record<string, string>) =>
  t.request({
    method: 'POST',
    path: ALEXA_TOKEN_PATH,
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: BASIC },
    body: new URLSearchParams(fields).toString(),
  });

const rows = async () =>
  Promise.all(
    (['oauth_codes', 'oauth_grants', 'oauth_access_tokens'] as const).map((table) =>
      t.database.db.selectFrom(table).selectAll().execute()),
  );

const refused = { error: 'invalid_request', error_description: ALEXA_SERVER_MESSAGES.twoClientAuthentications };

describe('a token request authenticating its client two ways', () => {
  it('HTTP Basic and client_id with client_secret in the body: 400 invalid_request, the code not spent', async () => {
    const { verifier, challenge } = pkcePair();
    const { location } = await submitLinkForm(t, authorizationQuery(challenge), await createUser(t));
    const trade = { grant_type: 'authorization_code', code: location.searchParams.get('code')!, redirect_uri: REDIRECT_URI, code_verifier: verifier };
    const before = await rows();
    const twoWays: Record<string, string>[] = [
      { client_id: CLIENT_ID, client_secret: CLIENT_SECRET },
      // A wrong secret beside a right one: the library would take the header and pass it.
      { client_id: CLIENT_ID, client_secret: 'wrong-secret' },
      { client_secret: CLIENT_SECRET },
      // A client_id beside HTTP Basic must name that client.
      { client_id: 'someone-else' },
    ];
    for (const body of twoWays) {
      const answer = await withBasic({ ...trade, ...body });
      expect([answer.status, answer.body]).toEqual([400, refused]);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    expect(await rows()).toEqual(before);
    // The code still works, by one method; with Basic, a client_id naming the same client is no second one.
    expect((await withBasic({ ...trade, client_id: CLIENT_ID })).status).toBe(200);
  });

  it('counts only HTTP Basic as a method in the header: beside an empty or a Bearer header, the body authenticates', async () => {
    const link = await linkAccount(t, await createUser(t));
    for (const authorization of ['', 'Bearer some-token']) {
      const answer = await t.request({
        method: 'POST',
        path: ALEXA_TOKEN_PATH,
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: link.refreshToken, client_id: CLIENT_ID, client_secret: CLIENT_SECRET }).toString(),
      });
      expect([answer.status, answer.body.token_type]).toEqual([200, 'Bearer']);
    }
  });

  it('on a refresh too: no token issued', async () => {
    const link = await linkAccount(t, await createUser(t));
    const before = await rows();
    const answer = await withBasic({ grant_type: 'refresh_token', refresh_token: link.refreshToken, client_id: CLIENT_ID, client_secret: CLIENT_SECRET });
    expect([answer.status, answer.body]).toEqual([400, refused]);
    expect(await rows()).toEqual(before);
    // Each method alone still works.
    expect((await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: link.refreshToken })).status).toBe(200);
    expect((await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: link.refreshToken }, { basic: false })).status).toBe(200);
  });
});
