import { expect, it } from 'vitest';
import { ALEXA_AUTHORIZE_PATH, ALEXA_LOGIN_PATH } from '../../common/alexa.ts';
import { API_BASE_PATH } from '../../common/constants.ts';
import { createUser } from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { authorizationQuery, linkingPageForm, pkcePair, submitLinkForm, TEST_ALEXA } from '../test/oauth-linking.ts';

/** The account-linking form takes posts from this site's linking page only. */
const t = useTestApp({ config: { alexa: TEST_ALEXA } });

async function post(headers: Record<string, string>, fields: Record<string, string>) {
  const query = authorizationQuery(pkcePair().challenge);
  const response = await t.app.inject({
    method: 'POST',
    url: `${API_BASE_PATH}${ALEXA_AUTHORIZE_PATH}?${new URLSearchParams(query)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
  expect(response.statusCode).toBe(303);
  return new URL(String(response.headers.location), 'http://listo.test');
}

it('links from the linking page: its token and cookie, this site as Origin (or none)', async () => {
  const user = await createUser(t);
  const { location } = await submitLinkForm(t, authorizationQuery(pkcePair().challenge), user);
  expect(location.searchParams.get('code')).toEqual(expect.any(String));
  const { cookie, formToken } = await linkingPageForm(t);
  const withoutOrigin = await post({ cookie }, { email: user.email, password: user.password, form_token: formToken });
  expect(withoutOrigin.searchParams.get('code')).toEqual(expect.any(String));
  // As Chrome sends the page's own post under the app's Referrer-Policy: no-referrer.
  const again = await linkingPageForm(t);
  const opaque = await post({ cookie: again.cookie, origin: 'null', 'sec-fetch-site': 'same-origin' }, { email: user.email, password: user.password, form_token: again.formToken });
  expect(opaque.searchParams.get('code')).toEqual(expect.any(String));
});

it.each([
  ['another site as Origin', async () => ({ ...(await linkingPageForm(t)), origin: 'https://evil.example' })],
  ['Sec-Fetch-Site: cross-site beside an opaque Origin', async () => ({ ...(await linkingPageForm(t)), origin: 'null', site: 'cross-site' })],
  ['no form token', async () => ({ ...(await linkingPageForm(t)), formToken: '' })],
  ['no cookie (SameSite kept it from a cross-site post)', async () => ({ ...(await linkingPageForm(t)), cookie: '' })],
  ['a token of another cookie', async () => ({ cookie: (await linkingPageForm(t)).cookie, formToken: (await linkingPageForm(t)).formToken })],
])('refuses a post with %s: back to the page, nothing given', async (_case, make) => {
  const user = await createUser(t);
  const { cookie, formToken, origin, site } = (await make()) as { cookie: string; formToken: string; origin?: string; site?: string };
  const headers = { ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}), ...(site ? { 'sec-fetch-site': site } : {}) };
  const location = await post(headers, { email: user.email, password: user.password, form_token: formToken });
  expect(location.pathname).toBe(ALEXA_LOGIN_PATH);
  expect(location.searchParams.get('error')).toBe('stale_form');
  expect(await t.database.db.selectFrom('oauth_codes').select('code_hash').where('user_id', '=', user.user.id).execute()).toEqual([]);
});
