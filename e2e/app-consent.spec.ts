import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { LINKED_APPS_TEXT } from '../common/alexa.ts';
import { CONSENT_PAGE_PATH, CONSENT_TEXT, SCOPE_WORDS } from '../common/oauth-apps.ts';
import { appCallback } from './app-callback.ts';
import { expectNoAxeViolations, registerUser } from './fixtures.ts';

/** The assistant's side of the redirect. */
const app = appCallback();

/** Connecting an app as an MCP client does: discovery, registration, the consent page, the code for tokens. */
test('the consent page names the app; Deny sends access_denied back, Allow (by keyboard) a code that trades for tokens; the app shows in Linked apps', async ({
  page,
  request,
}) => {
  const redirectUri = app.uri;
  const resource = (await (await request.get('/.well-known/oauth-protected-resource/mcp')).json()).resource as string;
  const metadata = await (await request.get('/.well-known/oauth-authorization-server')).json();
  const registered = await request.post(metadata.registration_endpoint, { data: { client_name: 'Claude Desktop', redirect_uris: [redirectUri] } });
  expect(registered.status()).toBe(201);
  const clientId = (await registered.json()).client_id as string;
  const verifier = crypto.randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    state: 'app-state-7',
    response_type: 'code',
    scope: 'lists:read items:write',
    code_challenge: crypto.createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    resource,
  });
  expect(metadata.authorization_endpoint).toMatch(new RegExp(`${CONSENT_PAGE_PATH}$`));

  await page.setViewportSize({ width: 390, height: 800 });
  await registerUser(page, 'consent');
  const title = page.getByRole('heading', { name: CONSENT_TEXT.title('Claude Desktop') });

  // Deny: back to the app, which hears access_denied.
  await page.goto(`${metadata.authorization_endpoint}?${query}`);
  await expect(title).toBeVisible();
  await expect(page.getByText(CONSENT_TEXT.redirectsTo(new URL(redirectUri).host))).toBeVisible();
  for (const scope of ['lists:read', 'items:write'] as const) await expect(page.getByRole('listitem').filter({ hasText: SCOPE_WORDS[scope] })).toBeVisible();
  await expectNoAxeViolations(page, 'the consent page');
  await page.getByRole('button', { name: CONSENT_TEXT.deny }).click();
  await page.waitForURL(`${redirectUri}?**`);
  const denied = new URL(page.url()).searchParams;
  expect([denied.get('error'), denied.get('state'), denied.get('code')]).toEqual(['access_denied', 'app-state-7', null]);

  // Allow, by keyboard alone, at 320 px.
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(`${metadata.authorization_endpoint}?${query}`);
  await expect(title).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.getByRole('button', { name: CONSENT_TEXT.deny }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: CONSENT_TEXT.allow })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL(`${redirectUri}?**`);
  const allowed = new URL(page.url()).searchParams;
  expect(allowed.get('state')).toBe('app-state-7');

  const tokens = await request.post(metadata.token_endpoint, {
    form: { grant_type: 'authorization_code', client_id: clientId, code: allowed.get('code')!, redirect_uri: redirectUri, code_verifier: verifier, resource },
  });
  expect(tokens.status()).toBe(200);
  expect(await tokens.json()).toMatchObject({ token_type: 'Bearer', scope: 'lists:read items:write', refresh_token: expect.any(String) });

  // The app shows in Account Settings by its name, and can be unlinked there.
  await page.goto('/account');
  const linked = page.getByRole('region', { name: LINKED_APPS_TEXT.title });
  await expect(linked.getByText('Claude Desktop', { exact: true })).toBeVisible();
  await linked.getByRole('button', { name: 'Unlink Claude Desktop' }).click();
  await page.getByRole('dialog').getByRole('button', { name: LINKED_APPS_TEXT.unlink }).click();
  await expect(linked.getByRole('status')).toHaveText(LINKED_APPS_TEXT.unlinked('Claude Desktop'));
  const { refresh_token: refreshToken } = await tokens.json();
  const refreshed = await request.post(metadata.token_endpoint, { form: { grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshToken } });
  expect((await refreshed.json()).error).toBe('invalid_grant');
});
