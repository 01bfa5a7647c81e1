import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect, test, type Page } from '@playwright/test';
import { ACCESS_TOKEN_PREFIX, ACCESS_TOKENS_TEXT } from '../common/access-tokens.ts';
import { MCP_PATH } from '../common/mcp.ts';
import { apiToken, expectNoAxeViolations, openNewList, registerUser } from './fixtures.ts';

/** Apps and tokens in Account Settings, and an assistant's changes through /mcp seen live. */

const PHONE = { width: 390, height: 844 };

/** Makes a token through the API with the page's session, as Account Settings does; answers its secret. */
async function tokenFor(page: Page, name: string): Promise<string> {
  const made = await page.request.post('/api/v1/auth/tokens', {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    data: { name, scopes: ['lists:read', 'items:write'], expires_in_days: 7 },
  });
  expect(made.status()).toBe(201);
  return (await made.json()).secret as string;
}

/** The SDK's own MCP client, on the server the browser uses. */
async function mcpClient(baseURL: string, secret: string): Promise<Client> {
  const client = new Client({ name: 'e2e-assistant', version: '1.0.0' });
  client.onerror = () => {};
  await client.connect(new StreamableHTTPClientTransport(new URL(MCP_PATH, baseURL), { requestInit: { headers: { authorization: `Bearer ${secret}` } } }));
  return client;
}

async function tool(client: Client, name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
  // Answers of many shapes; each call reads what it needs.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return result.structuredContent as any;
}

test.use({ viewport: PHONE });

test('Apps and tokens: create a token, copy it once, revoke it, at 390 px', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await registerUser(page, 'tokens');
  await page.getByRole('link', { name: 'Account Settings' }).click();
  const section = page.getByRole('region', { name: ACCESS_TOKENS_TEXT.title });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByText(ACCESS_TOKENS_TEXT.none)).toBeVisible();

  await section.getByLabel(ACCESS_TOKENS_TEXT.name, { exact: true }).fill('Claude');
  await section.getByRole('button', { name: ACCESS_TOKENS_TEXT.create }).click();
  const secretField = section.getByLabel(ACCESS_TOKENS_TEXT.secretLabel('Claude'));
  await expect(secretField).toHaveValue(new RegExp(`^${ACCESS_TOKEN_PREFIX}`));
  const secret = await secretField.inputValue();
  await expect(section.getByText(ACCESS_TOKENS_TEXT.shownOnce)).toBeVisible();
  await section.getByRole('button', { name: ACCESS_TOKENS_TEXT.copy }).click();
  await expect(section.getByRole('status').filter({ hasText: 'Copied' })).toHaveCount(1);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(page, 'Account Settings, a new token shown');

  const listed = section.getByRole('listitem').filter({ hasText: 'Claude' });
  await expect(listed).toContainText('lists:read, items:write');
  await expect(listed).toContainText(ACCESS_TOKENS_TEXT.neverUsed);
  await section.getByRole('button', { name: ACCESS_TOKENS_TEXT.done }).click();
  await expect(secretField).toHaveCount(0);
  // Shown once: a reload lists the token, never its secret.
  await page.reload();
  await expect(listed).toBeVisible();
  await expect(page.locator(`input[value^="${ACCESS_TOKEN_PREFIX}"]`)).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);

  // The token works until it is revoked.
  const asApp = (token: string) => page.request.get('/api/v1/lists', { headers: { authorization: `Bearer ${token}` } });
  expect((await asApp(secret)).status()).toBe(200);
  await listed.getByRole('button', { name: `${ACCESS_TOKENS_TEXT.revoke} Claude` }).click();
  await page.getByRole('dialog').getByRole('button', { name: ACCESS_TOKENS_TEXT.revoke }).click();
  await expect(section.getByRole('status').filter({ hasText: ACCESS_TOKENS_TEXT.revoked('Claude') })).toHaveCount(1);
  await expect(listed).toHaveCount(0);
  expect((await asApp(secret)).status()).toBe(401);
});

test('an item an assistant adds through MCP appears live on an open list, naming the app', async ({ page, baseURL }) => {
  await registerUser(page, 'mcp');
  const listId = await openNewList(page, 'Groceries');
  const client = await mcpClient(baseURL!, await tokenFor(page, 'Claude'));
  try {
    const { lists } = await tool(client, 'find_lists', { name: 'groc' });
    expect(lists).toEqual([expect.objectContaining({ id: listId, name: 'Groceries' })]);

    const { items } = await tool(client, 'add_items', { list_id: listId, text: '2 bottles milk' });
    await expect(page.getByText('milk', { exact: true })).toBeVisible();
    await expect(page.getByTestId('last-change')).toHaveText(/^Claude added milk, just now$/);

    await tool(client, 'check_item', { list_id: listId, item_id: items[0].id });
    await expect(page.getByTestId('last-change')).toHaveText(/^Claude checked off milk, just now$/);
  } finally {
    await client.close();
  }
});
