import { expect, it } from 'vitest';
import { createUser } from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { ALEXA_TOKEN_PATH } from '../../common/alexa.ts';
import { authorizationQuery, CLIENT_ID, pkcePair, REDIRECT_URI, submitLinkForm, TEST_ALEXA, tokenRequest } from '../test/oauth-linking.ts';

/** A secret as `openssl rand -base64 48` makes them: with `+`, `/` and `=`. */
const SECRET = 'Ab+cD/eF=gH+iJ/kL=mN+oP/qR=sT+uV/wX=yZ+01/23==';
const t = useTestApp({ config: { alexa: { ...TEST_ALEXA, client: { ...TEST_ALEXA.client!, secret: SECRET } } } });

it.each([
  ['raw in HTTP Basic', { basic: true, secret: SECRET }],
  ['form-urlencoded in HTTP Basic (RFC 6749 2.3.1)', { basic: true, secret: encodeURIComponent(SECRET) }],
  ['in the form body', { basic: false, secret: SECRET }],
])('takes a client secret with + / = sent %s', async (_how, credentials) => {
  const user = await createUser(t);
  const { verifier, challenge } = pkcePair();
  const { location } = await submitLinkForm(t, authorizationQuery(challenge), user);
  const fields = { grant_type: 'authorization_code', code: location.searchParams.get('code')!, redirect_uri: REDIRECT_URI, code_verifier: verifier };
  const response = await tokenRequest(t, fields, credentials);
  expect(response.status).toBe(200);
  expect(response.body.access_token).toEqual(expect.any(String));
});

it('refuses a wrong secret in either form', async () => {
  const response = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: 'x' }, { secret: encodeURIComponent(`${SECRET}x`) });
  expect(response.status).toBe(401);
  expect(response.body.error).toBe('invalid_client');
});

it('takes a client id form-urlencoded in HTTP Basic, as RFC 6749 2.3.1 has a standards client send it (listo%2Dalexa)', async () => {
  const user = await createUser(t);
  const { verifier, challenge } = pkcePair();
  const { location } = await submitLinkForm(t, authorizationQuery(challenge), user);
  const encodedId = CLIENT_ID.replaceAll('-', '%2D');
  const response = await t.request({
    method: 'POST',
    path: ALEXA_TOKEN_PATH,
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${encodedId}:${encodeURIComponent(SECRET)}`).toString('base64')}` },
    body: new URLSearchParams({ grant_type: 'authorization_code', code: location.searchParams.get('code')!, redirect_uri: REDIRECT_URI, code_verifier: verifier }).toString(),
  });
  expect(response.status).toBe(200);
  expect(response.body.access_token).toEqual(expect.any(String));
});
