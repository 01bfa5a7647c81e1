import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect, test } from '@playwright/test';
import { LINKED_APPS_TEXT } from '../common/alexa.ts';
import { itemActivity, type ItemActivity } from '../common/list-activity.ts';
import { MCP_PATH } from '../common/mcp.ts';
import { API_BASE_PATH } from '../common/constants.ts';
import {
  APP_REGISTRATION_PATH,
  APP_TOKEN_PATH,
  AUTHORIZATION_SERVER_METADATA_PATH,
  CONSENT_TEXT,
  PROTECTED_RESOURCE_METADATA_PATH,
} from '../common/oauth-apps.ts';
import { appCallback } from './app-callback.ts';
import { openNewList, registerUser } from './fixtures.ts';

/**
 * An assistant connecting the standard way: the SDK's own MCP client and its OAuth flow (discovery,
 * dynamic registration, PKCE, the resource indicator, refresh), with the user's consent given in
 * the browser, against the server Playwright serves.
 */

const APP_NAME = 'Claude';

/** The open list's activity line after the app's latest change, naming it as it registered. */
const byTheApp = (activity: ItemActivity, names: string[]) => `${APP_NAME} ${itemActivity(activity, names)}, just now`;

/** The requests the SDK makes, as the recording below writes them. */
const MCP = `POST ${MCP_PATH}`;
const TOKEN = `POST ${API_BASE_PATH}${APP_TOKEN_PATH}`;
const REGISTER = `POST ${API_BASE_PATH}${APP_REGISTRATION_PATH}`;
/** Discovery after every 401 (the provider keeps no discovery state): the metadata the challenge names (RFC 9728 5.1), then the authorization server's (RFC 8414). */
const DISCOVERY = [`GET ${PROTECTED_RESOURCE_METADATA_PATH} 200`, `GET ${AUTHORIZATION_SERVER_METADATA_PATH} 200`];

/** What the SDK asked of the network: method, path (with the grant type of a token request) and status. */
type Exchange = { request: string; status: number; error?: string };

/** An exchange as the expectations below write it: "POST /mcp 401". */
const seen = ({ request, status, error }: Exchange) => [request, status, error].filter((part) => part !== undefined).join(' ');

/**
 * The SDK's OAuthClientProvider as a desktop assistant implements it, kept in memory: it registers
 * itself, stores what the SDK hands it unchanged, and "opens the browser" by noting the URL, which
 * the test then visits as the user.
 */
class AssistantProvider implements OAuthClientProvider {
  readonly authorizationUrls: URL[] = [];
  private client: OAuthClientInformationMixed | undefined;
  private saved: OAuthTokens | undefined;
  private verifier = '';

  readonly redirectUrl: string;

  constructor(redirectUrl: string) {
    this.redirectUrl = redirectUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: APP_NAME,
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.client = information;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrls.push(url);
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') {
    if (scope === 'all' || scope === 'client') this.client = undefined;
    if (scope === 'all' || scope === 'tokens') this.saved = undefined;
  }

  /**
   * The access token as the server sees it once its hour is over: one it no longer accepts. The
   * test does not wait the hour; it gives the client a token the server never issued, refused the
   * same way (401 with the challenge), while the refresh token stays the one the server issued.
   */
  outliveAccessToken() {
    this.saved = { ...this.saved!, access_token: `${this.saved!.access_token}-expired` };
  }
}

/** The assistant's own side of the redirect. */
const callback = appCallback();

test('the SDK client connects by OAuth with consent, adds and checks items seen live, refreshes, and is refused once unlinked', async ({
  page,
  context,
  baseURL,
}) => {
  const redirectUrl = callback.uri;
  await registerUser(page, 'mcp-oauth');
  const listId = await openNewList(page, 'Groceries');

  const provider = new AssistantProvider(redirectUrl);
  const exchanges: Exchange[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const body = init?.body instanceof URLSearchParams ? init.body : undefined;
    const grant = body?.get('grant_type');
    const error = grant && !response.ok ? ((await response.clone().json()) as { error: string }).error : undefined;
    const path = new URL(input instanceof Request ? input.url : input).pathname;
    exchanges.push({ request: `${init?.method ?? 'GET'} ${path}${grant ? ` ${grant}` : ''}`, status: response.status, error });
    return response;
  };
  const mcpUrl = new URL(MCP_PATH, baseURL);
  const transportFor = () => new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider, fetch: recordingFetch });
  const newClient = () => {
    const client = new Client({ name: 'e2e-assistant', version: '1.0.0' });
    client.onerror = () => {};
    return client;
  };

  // Unauthorized at first: the SDK discovers, registers and sends the user to the consent page.
  const first = transportFor();
  await expect(newClient().connect(first)).rejects.toThrow(UnauthorizedError);
  expect(provider.authorizationUrls).toHaveLength(1);
  const authorizationUrl = provider.authorizationUrls[0]!;
  expect(Object.fromEntries(authorizationUrl.searchParams)).toMatchObject({
    response_type: 'code',
    code_challenge_method: 'S256',
    redirect_uri: redirectUrl,
    resource: mcpUrl.href,
  });
  expect(exchanges.map(seen)).toEqual([`${MCP} 401`, ...DISCOVERY, `${REGISTER} 201`]);

  // The user, signed in, allows it in another tab; the redirect brings the code to the app's listener.
  const consent = await context.newPage();
  await consent.goto(authorizationUrl.href);
  await expect(consent.getByRole('heading', { name: CONSENT_TEXT.title(APP_NAME) })).toBeVisible();
  await consent.getByRole('button', { name: CONSENT_TEXT.allow }).click();
  await consent.waitForURL(`${redirectUrl}?**`);
  const answered = new URL(consent.url()).searchParams;
  expect(answered.get('state')).toBe(authorizationUrl.searchParams.get('state'));
  await first.finishAuth(answered.get('code')!);
  expect(exchanges.at(-1)).toEqual({ request: `${TOKEN} authorization_code`, status: 200 });

  const client = newClient();
  await client.connect(transportFor());
  const tool = async (name: string, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
    // Answers of many shapes; each call reads what it needs.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return result.structuredContent as any;
  };
  try {
    // Tool calls, seen live on the open list, the activity naming the app by the name it registered.
    const { items } = await tool('add_items', { list_id: listId, text: '2 bottles milk and eggs' });
    expect(items).toEqual([expect.objectContaining({ name: 'milk', quantity: '2 bottles' }), expect.objectContaining({ name: 'eggs' })]);
    await expect(page.getByText('milk', { exact: true })).toBeVisible();
    await expect(page.getByText('eggs', { exact: true })).toBeVisible();
    await expect(page.getByTestId('last-change')).toHaveText(byTheApp('added', ['milk', 'eggs']));
    await tool('check_item', { list_id: listId, item_id: items[0].id, checked: true });
    await expect(page.getByTestId('last-change')).toHaveText(byTheApp('checked', ['milk']));

    // Refresh: the access token no longer accepted, the SDK trades its refresh token for new ones
    // (rotated) and the call goes through.
    const before = provider.tokens()!;
    provider.outliveAccessToken();
    const refreshesBefore = exchanges.length;
    await tool('check_item', { list_id: listId, item_id: items[0].id, checked: false });
    expect(exchanges.slice(refreshesBefore).map(seen)).toEqual([
      `${MCP} 401`,
      ...DISCOVERY,
      `${TOKEN} refresh_token 200`,
      `${MCP} 200`,
    ]);
    expect(provider.tokens()!.refresh_token).not.toBe(before.refresh_token);
    expect(provider.tokens()!.access_token).not.toBe(before.access_token);
    await expect(page.getByTestId('last-change')).toHaveText(byTheApp('unchecked', ['milk']));

    // Unlinked in Account Settings: the next call is refused, the refresh too, and the SDK says so.
    await consent.goto('/account');
    const linked = consent.getByRole('region', { name: LINKED_APPS_TEXT.title });
    await linked.getByRole('button', { name: `${LINKED_APPS_TEXT.unlink} ${APP_NAME}` }).click();
    await consent.getByRole('dialog').getByRole('button', { name: LINKED_APPS_TEXT.unlink }).click();
    await expect(linked.getByRole('status')).toHaveText(LINKED_APPS_TEXT.unlinked(APP_NAME));
    const refusedFrom = exchanges.length;
    await expect(client.callTool({ name: 'find_lists', arguments: {} })).rejects.toThrow(UnauthorizedError);
    expect(exchanges.slice(refusedFrom).map(seen)).toEqual([`${MCP} 401`, ...DISCOVERY, `${TOKEN} refresh_token 400 invalid_grant`, ...DISCOVERY]);
    // With nothing left that works, the SDK asks for consent again: the user would have to link it anew.
    expect(provider.authorizationUrls).toHaveLength(2);
  } finally {
    await client.close();
  }
});
