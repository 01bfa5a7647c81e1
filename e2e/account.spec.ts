import { expect, test } from '@playwright/test';
import { expectSignedIn, PASSWORD, registerUser, snapScreen, submitAuthForm } from './fixtures.ts';

test('account settings: read-only e-mail, first name, AI access, version, password change', async ({ page }) => {
  const email = await registerUser(page);
  await page.getByRole('link', { name: 'Account Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  await expect(page.getByTestId('ai-status')).toHaveText(/enabled|disabled/);
  await expect(page.getByText('Version 20250904115557')).toBeVisible();

  await page.getByLabel('First Name').fill('Ada');
  await page.getByRole('button', { name: 'Save' }).click();
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile.getByRole('status')).toHaveText('Profile updated successfully!');
  await snapScreen(page, 'account-settings');
  await expect(profile.getByRole('status')).toHaveText('', { timeout: 4000 });

  const form = page.getByRole('region', { name: 'Change Password' });
  const submit = form.getByRole('button', { name: 'Change Password' });
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('Current password is required');
  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByLabel('New password', { exact: true }).fill('12345');
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('New password must be at least 6 characters long');
  await form.getByLabel('New password', { exact: true }).fill('new-secret');
  await form.getByLabel('Confirm new password').fill('other-secret');
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('New passwords do not match');
  await form.getByLabel('Current password').fill('wrong-password');
  await form.getByLabel('Confirm new password').fill('new-secret');
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('Current password is incorrect');
  await form.getByLabel('Current password').fill(PASSWORD);
  await submit.click();
  await expect(form.getByRole('status')).toHaveText('Password changed successfully!');

  await page.getByRole('button', { name: 'Logout' }).click();
  await submitAuthForm(page, email, 'new-secret', 'Login');
  // Signed in again at the same address (/account): the new password works and the name was kept.
  await expect(page.getByLabel('First Name')).toHaveValue('Ada');
  await page.getByRole('link', { name: 'Back to lists' }).click();
  await expectSignedIn(page, email);
});
