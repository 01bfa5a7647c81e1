import crypto from 'node:crypto';
import { expect, type Page } from '@playwright/test';

/** A fresh address, so every test's user is its own. */
export function newEmail(prefix = 'user'): string {
  return `${prefix}-${crypto.randomBytes(4).toString('hex')}@example.com`;
}

/** Fills the sign-in form and presses one of its buttons. */
export async function submitAuthForm(page: Page, email: string, password: string, button: 'Login' | 'Register') {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: button, exact: true }).click();
}

export async function expectSignedIn(page: Page, email: string) {
  await expect(page.getByTestId('user-email')).toHaveText(email);
}

export const PASSWORD = 'secret-password';

/** Opens the app, registers a fresh user and waits for the dashboard; answers the address. */
export async function registerUser(page: Page, prefix = 'user'): Promise<string> {
  const email = newEmail(prefix);
  await page.goto('/');
  await submitAuthForm(page, email, PASSWORD, 'Register');
  await expectSignedIn(page, email);
  return email;
}

/** Creates a list on the dashboard and waits until the server has it (no temp- id left). */
export async function createList(page: Page, name: string) {
  await page.getByPlaceholder('Create a new list...').fill(name);
  await page.getByPlaceholder('Create a new list...').press('Enter');
  const link = page.getByRole('link', { name, exact: true });
  await expect(link).toHaveAttribute('href', /^\/lists\/(?!temp-)/);
  return link;
}

/** Creates a list and opens it; answers the list id from the URL. */
export async function openNewList(page: Page, name: string): Promise<string> {
  await (await createList(page, name)).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

const SCREEN_SIZES = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
] as const;

/**
 * Saves the current screen in both themes at 360 and 1280 px wide under test-results/screens/,
 * for design review; the theme is switched on the page only, not stored.
 */
export async function snapScreen(page: Page, name: string) {
  const size = page.viewportSize();
  const theme = await page.evaluate(() => document.documentElement.dataset.theme);
  for (const mode of ['light', 'dark'] as const) {
    await page.evaluate((value) => (document.documentElement.dataset.theme = value), mode);
    for (const viewport of SCREEN_SIZES) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: `test-results/screens/${name}-${mode}-${viewport.width}.png` });
    }
  }
  await page.evaluate((value) => (document.documentElement.dataset.theme = value ?? 'light'), theme);
  if (size) await page.setViewportSize(size);
}
