import { MCP_PATH } from '../../common/mcp.ts';
import { APP_AUTHORIZATION_PATH, APP_REGISTRATION_PATH, APP_TOKEN_PATH } from '../../common/oauth-apps.ts';
import type { TestUser } from './factories.ts';
import type { ApiResponse, TestApp } from './test-app.ts';
import { pkcePair } from './oauth-linking.ts';

/** A test app connecting itself, playing the part of an assistant's MCP client (a desktop one: its redirect URI is on loopback). */

export const APP_REDIRECT_URI = 'http://127.0.0.1:33418/callback';
export const APP_NAME = 'Test Assistant';
/** The test app's PUBLIC_URL (server/test/test-app.ts) and its MCP endpoint. */
export const MCP_RESOURCE = `http://listo.test${MCP_PATH}`;

/** Registers the app (RFC 7591); answers the whole response. */
export function registerApp(t: TestApp, body: Record<string, unknown> = {}): Promise<ApiResponse> {
  return t.request({ method: 'POST', path: APP_REGISTRATION_PATH, body: { client_name: APP_NAME, redirect_uris: [APP_REDIRECT_URI], ...body } });
}

export async function registeredClientId(t: TestApp): Promise<string> {
  const response = await registerApp(t);
  if (response.status !== 201) throw new Error(`register: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.client_id;
}

/** The authorization request an app sends the browser with. */
export function consentQuery(clientId: string, challenge: string, overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const query: Record<string, string | undefined> = {
    client_id: clientId,
    redirect_uri: APP_REDIRECT_URI,
    state: 'state-of-the-app',
    response_type: 'code',
    scope: 'lists:read items:write',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    resource: MCP_RESOURCE,
    ...overrides,
  };
  return Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** What the consent page reads for a request. */
export function viewConsent(t: TestApp, user: TestUser, query: Record<string, string>): Promise<ApiResponse> {
  return t.request({ method: 'GET', path: `${APP_AUTHORIZATION_PATH}?${new URLSearchParams(query)}`, token: user.token });
}

/** The user's decision on the consent page; answers where the browser goes. */
export async function decide(t: TestApp, user: TestUser, query: Record<string, string>, decision: 'allow' | 'deny' = 'allow'): Promise<URL> {
  const response = await t.request({ method: 'POST', path: APP_AUTHORIZATION_PATH, token: user.token, body: { ...query, decision } });
  if (response.status !== 200) throw new Error(`decide: ${response.status} ${JSON.stringify(response.body)}`);
  return new URL(response.body.location);
}

export function appTokenRequest(t: TestApp, fields: Record<string, string>): Promise<ApiResponse> {
  return t.request({
    method: 'POST',
    path: APP_TOKEN_PATH,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

export interface AppConnection {
  clientId: string;
  accessToken: string;
  refreshToken: string;
}

/** The whole way: registration, the user's Allow, the code for tokens. */
export async function connectApp(t: TestApp, user: TestUser, overrides: Record<string, string | undefined> = {}): Promise<AppConnection> {
  const clientId = overrides.client_id ?? (await registeredClientId(t));
  const { verifier, challenge } = pkcePair();
  const location = await decide(t, user, consentQuery(clientId, challenge, overrides));
  const code = location.searchParams.get('code');
  if (!code) throw new Error(`no code: ${location}`);
  const response = await appTokenRequest(t, { grant_type: 'authorization_code', client_id: clientId, code, redirect_uri: APP_REDIRECT_URI, code_verifier: verifier, resource: MCP_RESOURCE });
  if (response.status !== 200) throw new Error(`token: ${response.status} ${JSON.stringify(response.body)}`);
  return { clientId, accessToken: response.body.access_token, refreshToken: response.body.refresh_token };
}

export function refreshApp(t: TestApp, connection: Pick<AppConnection, 'clientId' | 'refreshToken'>, extra: Record<string, string> = {}): Promise<ApiResponse> {
  return appTokenRequest(t, { grant_type: 'refresh_token', client_id: connection.clientId, refresh_token: connection.refreshToken, ...extra });
}
