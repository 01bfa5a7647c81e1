import crypto from 'node:crypto';
import http from 'node:http';
import { expect, test } from '@playwright/test';
import { ALEXA_LOGIN_PATH, LINKED_APPS_TEXT, LINK_ERRORS, LINK_PAGE_TEXT } from '../common/alexa.ts';
import { alexaPort, alexaRedirectUri, E2E_ALEXA } from './alexa-client.ts';
import { expectNoAxeViolations, expectScreenshots, expectSignedIn, newEmail, PASSWORD, submitAuthForm } from './fixtures.ts';

/** Alexa's side of the redirect: a page on an origin of its own. */
let alexa: http.Server;
test.beforeAll(async ({ baseURL }) => {
  alexa = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Linked</h1>'));
  await new Promise<void>((resolve) => alexa.listen(alexaPort(new URL(baseURL!).port), '127.0.0.1', resolve));
});
test.afterAll(() => new Promise<void>((resolve) => alexa.close(() => resolve())));

/** Linking an account as the Alexa app does it: it opens /alexa-login with an authorization request. */
test('link an account at /alexa-login: a wrong password says so and keeps the request, the code goes to Alexa; unlink in Account Settings', async ({
  page,
  request,
  baseURL,
}) => {
  const redirectUri = alexaRedirectUri(new URL(baseURL!).port);
  const email = newEmail('alexa');
  expect((await request.post('/api/v1/auth/register', { data: { email, password: PASSWORD } })).status()).toBe(201);

  const verifier = crypto.randomBytes(32).toString('base64url');
  const query = {
    client_id: E2E_ALEXA.clientId,
    redirect_uri: redirectUri,
    state: 'alexa-state-42',
    response_type: 'code',
    scope: 'lists:read items:write',
    code_challenge: crypto.createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  };
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(`${ALEXA_LOGIN_PATH}?${new URLSearchParams(query)}`);
  await expect(page.getByRole('heading', { name: LINK_PAGE_TEXT.title })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: LINK_PAGE_TEXT.submit }).click();
  await expect(page.getByRole('alert')).toHaveText(LINK_ERRORS.invalid_credentials);
  const back = new URL(page.url());
  expect(back.pathname).toBe(ALEXA_LOGIN_PATH);
  expect(Object.fromEntries(back.searchParams)).toEqual({ ...query, error: 'invalid_credentials' });
  await expect(page.getByLabel('Email')).toBeFocused();
  // The address typed is still there; the password is not.
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Password')).toHaveValue('');
  await expectNoAxeViolations(page, '/alexa-login, a wrong password');
  await expectScreenshots(page, 'alexa-login');
  await page.getByLabel('Email').focus();

  // By keyboard alone: the focus starts in the e-mail field, Enter sends the form.
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL(`${redirectUri}?**`);
  const landed = new URL(page.url());
  expect(landed.searchParams.get('state')).toBe(query.state);
  const code = landed.searchParams.get('code');
  expect(code).toBeTruthy();

  // Alexa trades the code for tokens.
  const tokens = await request.post('/api/v1/auth/alexa/token', {
    form: { grant_type: 'authorization_code', code: code!, redirect_uri: redirectUri, code_verifier: verifier },
    headers: { authorization: `Basic ${Buffer.from(`${E2E_ALEXA.clientId}:${E2E_ALEXA.clientSecret}`).toString('base64')}` },
  });
  expect(tokens.status()).toBe(200);
  expect(await tokens.json()).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String), refresh_token: expect.any(String) });

  // The link shows in Account Settings, and Unlink ends it.
  await page.goto('/');
  await submitAuthForm(page, email, PASSWORD, 'Login');
  await expectSignedIn(page, email);
  await page.getByRole('link', { name: 'Account Settings' }).click();
  const linked = page.getByRole('region', { name: LINKED_APPS_TEXT.title });
  await expect(linked.getByText('Alexa', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'Account Settings, a linked app');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await linked.getByRole('button', { name: 'Unlink Alexa' }).click();
  await expectNoAxeViolations(page, 'confirm dialog, unlink an app');
  await page.getByRole('dialog').getByRole('button', { name: LINKED_APPS_TEXT.unlink }).click();
  await expect(linked.getByRole('status')).toHaveText(LINKED_APPS_TEXT.unlinked('Alexa'));
  await expect(linked.getByText(LINKED_APPS_TEXT.none)).toBeVisible();
  const { access_token: accessToken } = await tokens.json();
  expect((await request.get('/api/v1/auth/me', { headers: { authorization: `Bearer ${accessToken}` } })).status()).toBe(401);
});
