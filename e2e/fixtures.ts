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
