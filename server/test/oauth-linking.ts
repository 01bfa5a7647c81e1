import crypto from 'node:crypto';
import { ALEXA_AUTHORIZE_PATH, ALEXA_LINK_FORM_PATH, ALEXA_TOKEN_PATH } from '../../common/alexa.ts';
import { API_BASE_PATH } from '../../common/constants.ts';
import type { AlexaConfig } from '../alexa/alexa.config.ts';
import type { TestUser } from './factories.ts';
import type { ApiResponse, TestApp } from './test-app.ts';

/** A test client of account linking, playing the part of the Alexa service. */

export const CLIENT_ID = 'listo-alexa-test';
export const CLIENT_SECRET = 'test-client-secret-that-is-long-enough-to-pass';
export const REDIRECT_URI = 'https://pitangui.amazon.com/api/skill/link/M2AAAAAAAAAAAA';
/** A second allowed redirect URI, so a code can be taken to the wrong one. */
export const OTHER_REDIRECT_URI = 'https://layla.amazon.com/api/skill/link/M2AAAAAAAAAAAA';
export const SKILL_ID = 'amzn1.ask.skill.00000000-0000-0000-0000-000000000000';

export const TEST_ALEXA: AlexaConfig = {
  client: {
    id: CLIENT_ID,
    secret: CLIENT_SECRET,
    name: 'Alexa',
    redirectUris: [REDIRECT_URI, OTHER_REDIRECT_URI],
    scopes: ['lists:read', 'items:write'],
  },
  skillId: SKILL_ID,
};

/** A PKCE verifier and its S256 challenge (RFC 7636 4.1 and 4.2). */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = crypto.randomBytes(32).toString('base64url');
  return { verifier, challenge: crypto.createHash('sha256').update(verifier).digest('base64url') };
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** The query the Alexa app opens the linking page with. */
export function authorizationQuery(challenge: string, overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const query: Record<string, string | undefined> = {
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    state: 'state-from-alexa',
    response_type: 'code',
    scope: 'lists:read items:write',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** What the linking page gets when it opens: its form's token, and the cookie the browser keeps beside it. */
export async function linkingPageForm(t: TestApp): Promise<{ cookie: string; formToken: string }> {
  const response = await t.request({ method: 'GET', path: ALEXA_LINK_FORM_PATH });
  if (response.status !== 200) throw new Error(`form token: ${response.status}`);
  const cookie = String(response.headers['set-cookie']).split(';')[0]!;
  return { cookie, formToken: response.body.form_token };
}

/** The linking page's form, posted (from `remoteAddress`, default 127.0.0.1). Answers the status and where the browser is sent. */
export async function submitLinkForm(
  t: TestApp,
  query: Record<string, string>,
  { email, password }: { email: string; password: string },
  remoteAddress?: string,
): Promise<{ status: number; location: URL }> {
  const { cookie, formToken } = await linkingPageForm(t);
  const response = await t.app.inject({
    method: 'POST',
    url: `${API_BASE_PATH}${ALEXA_AUTHORIZE_PATH}?${new URLSearchParams(query)}`,
    headers: { ...FORM, cookie, origin: 'http://listo.test' },
    payload: new URLSearchParams({ email, password, form_token: formToken }).toString(),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  return { status: response.statusCode, location: new URL(String(response.headers.location), 'http://listo.test') };
}

/** A token request, the client authenticated by HTTP Basic (as Alexa can be set up to) unless `basic: false`. */
export function tokenRequest(
  t: TestApp,
  fields: Record<string, string>,
  { basic = true, secret = CLIENT_SECRET }: { basic?: boolean; secret?: string } = {},
): Promise<ApiResponse> {
  const credentials: Record<string, string> = basic
    ? { authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${secret}`).toString('base64')}` }
    : {};
  const body = basic ? fields : { client_id: CLIENT_ID, client_secret: secret, ...fields };
  return t.request({
    method: 'POST',
    path: ALEXA_TOKEN_PATH,
    headers: { ...FORM, ...credentials },
    body: new URLSearchParams(body).toString(),
  });
}

export interface Link {
  accessToken: string;
  refreshToken: string;
}

/** Links `user`'s account the whole way, as Alexa would: the form, then the code for tokens. */
export async function linkAccount(t: TestApp, user: TestUser, overrides: Record<string, string | undefined> = {}): Promise<Link> {
  const { verifier, challenge } = pkcePair();
  const { location } = await submitLinkForm(t, authorizationQuery(challenge, overrides), user);
  const code = location.searchParams.get('code');
  if (!code) throw new Error(`no code: ${location}`);
  const response = await tokenRequest(t, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: overrides.redirect_uri ?? REDIRECT_URI,
    code_verifier: verifier,
  });
  if (response.status !== 200) throw new Error(`token: ${response.status} ${JSON.stringify(response.body)}`);
  return { accessToken: response.body.access_token, refreshToken: response.body.refresh_token };
}

/**
 * Whether an access token still names a user: an app's token is refused on a session-only route
 * with 403 while it is valid, and with 401 once it is not.
 */
export async function tokenWorks(t: TestApp, accessToken: string): Promise<boolean> {
  const { status } = await t.request({ method: 'GET', path: '/auth/me', token: accessToken });
  if (status !== 403 && status !== 401) throw new Error(`unexpected ${status}`);
  return status === 403;
}
