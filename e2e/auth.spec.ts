import { expect, test } from '@playwright/test';
import { MESSAGES, SERVER_MESSAGES, UI_TEXT } from '../common/messages.ts';
import { expectSignedIn, newEmail, openNewList, registerUser, submitAuthForm, toast } from './fixtures.ts';

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
  // Both credentials are marked (the server does not say which is wrong); the focus goes back to the first.
  await expect(page.getByLabel('Email')).toBeFocused();
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription(SERVER_MESSAGES.invalidCredentials);

  await submitAuthForm(page, email, 'secret-password', 'Login');
  await expectSignedIn(page, email);
});

test("logout on a public list's page shows the sign-in screen, not the list's public view", async ({ page }) => {
  await registerUser(page, 'owner');
  await openNewList(page, 'Street party');
  await page.getByRole('button', { name: 'List options' }).click();
  await page.getByRole('menuitem', { name: 'Share List' }).click();
  await page.getByRole('dialog').getByRole('radio', { name: new RegExp(UI_TEXT.accessLinkView) }).check();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Share settings updated successfully!')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  // On a list's page Logout is in the "..." menu: the header's room is the list's name.
  await page.getByRole('button', { name: 'List options' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(UI_TEXT.publicListReadOnly)).toHaveCount(0);
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
