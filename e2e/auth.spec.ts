import { expect, test } from '@playwright/test';
import { MESSAGES, SERVER_MESSAGES } from '../common/messages.ts';
import { expectSignedIn, newEmail, submitAuthForm } from './fixtures.ts';

test('register, stay signed in across a reload, logout, login, and a wrong password', async ({ page }) => {
  const email = newEmail();
  await page.goto('/');
  await submitAuthForm(page, email, 'secret-password', 'Register');
  await expectSignedIn(page, email);

  await page.reload();
  await expectSignedIn(page, email);
  expect(await page.evaluate(() => localStorage.getItem('listo_token'))).toBeTruthy();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('listo_token'))).toBeNull();

  await submitAuthForm(page, email, 'wrong-password', 'Login');
  await expect(page.getByRole('alert')).toHaveText(SERVER_MESSAGES.invalidCredentials);

  await submitAuthForm(page, email, 'secret-password', 'Login');
  await expectSignedIn(page, email);
});

test('registration problems are said in words', async ({ page }) => {
  await page.goto('/');
  await submitAuthForm(page, 'not-an-email', 'secret-password', 'Register');
  await expect(page.getByRole('alert')).toHaveText(SERVER_MESSAGES.invalidEmail);
  await submitAuthForm(page, newEmail(), '123', 'Register');
  await expect(page.getByRole('alert')).toHaveText(SERVER_MESSAGES.passwordTooShort);
});

test('forgot password always gives the same answer', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Email').fill(newEmail('nobody'));
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('status')).toHaveText(MESSAGES.passwordResetSent);
});
