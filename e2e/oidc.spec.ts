import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { OIDC_TEXT } from '../common/oidc.ts';
import { startTestProvider, TEST_CLIENT, type TestProvider } from '../server/test/oidc-provider.ts';
import { expectNoAxeViolations, expectScreenshots } from './fixtures.ts';

/**
 * Sign-in through the household's identity provider (docs/api.md, "Sign-in with an identity
 * provider") on a 390 px phone and at 320 px: a real OpenID provider on 127.0.0.1 and a Listo of
 * its own that names it (the shared test server has no provider, so no other page changes).
 */

const PHONE = { width: 390, height: 844 };
const NARROW = { width: 320, height: 640 };
const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const LISTO = `http://127.0.0.1:${BASE_PORT + 1}`;
const LABEL = 'Household login';

let provider: TestProvider;
let listo: ChildProcess;

test.beforeAll(async () => {
  provider = await startTestProvider({
    port: BASE_PORT + 2,
    redirectUris: [`${LISTO}/api/v1/auth/oidc/household/callback`],
    postLogoutRedirectUris: [`${LISTO}/`],
  });
  provider.accounts.set('ada', { email: 'ada@example.com', email_verified: true, name: 'Ada', groups: ['family'] });
  provider.accounts.set('guest', { email: 'guest@example.com', email_verified: true, groups: ['guests'] });
  listo = spawn(process.execPath, [path.resolve(import.meta.dirname, 'serve.ts')], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(BASE_PORT + 1),
      OIDC_PROVIDERS: 'household',
      OIDC_HOUSEHOLD_ISSUER: provider.issuer,
      OIDC_HOUSEHOLD_CLIENT_ID: TEST_CLIENT.id,
      OIDC_HOUSEHOLD_CLIENT_SECRET: TEST_CLIENT.secret,
      OIDC_HOUSEHOLD_LABEL: LABEL,
      OIDC_HOUSEHOLD_AUTO_CREATE: 'on',
      OIDC_HOUSEHOLD_ALLOWED_GROUPS: 'family',
    },
  });
  await expect.poll(async () => (await fetch(`${LISTO}/api/v1/health`).catch(() => undefined))?.status, { timeout: 30_000 }).toBe(200);
});

test.afterAll(async () => {
  listo?.kill('SIGTERM');
  await provider?.close();
});

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(PHONE);
});

const providerButton = (page: Page) => page.getByRole('button', { name: OIDC_TEXT.signInWith(LABEL) });

async function throughProvider(page: Page, subject: string) {
  await providerButton(page).click();
  await page.getByLabel('Account').fill(subject);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Nothing wider than the screen: the buttons' labels wrap at 320 px. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('signs in through the provider, shows the link in Account Settings, and signs out of both', async ({ page }) => {
  await page.goto(`${LISTO}/`);
  await expect(providerButton(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'sign-in page with a provider');
  await expectScreenshots(page, 'oidc-login');
  await page.setViewportSize(NARROW);
  await expectNoSidewaysScroll(page);
  await expect(page).toHaveScreenshot('oidc-login-320.png');
  await page.setViewportSize(PHONE);

  await throughProvider(page, 'ada');
  await expect(page.getByPlaceholder('Create a new list...')).toBeVisible();

  await page.goto(`${LISTO}/account`);
  const section = page.getByRole('region', { name: OIDC_TEXT.providersTitle });
  await expect(section.getByText(OIDC_TEXT.linkedAs('ada@example.com'))).toBeVisible();
  // An account the provider made has no password: its only way in stays.
  await expect(section.getByText(OIDC_TEXT.lastSignInMethod)).toBeVisible();
  await expectNoAxeViolations(page, 'Account Settings with a provider');
  await section.scrollIntoViewIfNeeded();
  await expectScreenshots(page, 'oidc-account-settings');

  // Sign-out ends the provider's session too (RP-initiated logout), then comes back to Listo.
  await page.getByRole('button', { name: /Logout/ }).click();
  await page.waitForURL(`${provider.issuer}/**`);
  await page.getByRole('button', { name: /Yes, sign me out/i }).click();
  await page.waitForURL(`${LISTO}/`);
  await expect(providerButton(page)).toBeVisible();
});

test('says why someone outside the allowed groups is refused, at 320 px too', async ({ page }) => {
  await page.setViewportSize(NARROW);
  await page.goto(`${LISTO}/`);
  await throughProvider(page, 'guest');
  await expect(page.getByRole('alert')).toHaveText(OIDC_TEXT.wrongGroup(LABEL));
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, 'sign-in page, refused by group');
  await expect(page).toHaveScreenshot('oidc-wrong-group-320.png');
});
