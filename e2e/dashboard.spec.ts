import { expect, test } from '@playwright/test';
import { createList, registerUser, snapScreen } from './fixtures.ts';

test('register, create lists, delete one after confirming, and the theme choice persists', async ({ page }) => {
  await page.goto('/');
  await snapScreen(page, 'login');
  await registerUser(page);
  await expect(page.getByText('No lists yet. Create your first one above.')).toBeVisible();
  await snapScreen(page, 'dashboard-empty');

  await createList(page, 'Groceries');
  await createList(page, 'Hardware');
  await expect(page.getByRole('list', { name: 'Lists' }).getByRole('listitem')).toHaveCount(2);
  await snapScreen(page, 'dashboard');

  await page.getByRole('button', { name: 'Delete Hardware' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete list' })).toBeVisible();
  await snapScreen(page, 'dashboard-delete-confirm');
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Hardware' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Groceries' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Hardware' })).toHaveCount(0);

  // The theme starts from the system preference and the choice survives a reload.
  const html = page.locator('html');
  const first = await html.getAttribute('data-theme');
  const other = first === 'dark' ? 'light' : 'dark';
  await page.getByRole('button', { name: `Switch to ${other} theme` }).click();
  await expect(html).toHaveAttribute('data-theme', other);
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', other);
  expect(await page.evaluate(() => localStorage.getItem('listo_theme'))).toBe(other);
});

test('the dashboard opens from the cache before the server answers', async ({ page }) => {
  await registerUser(page);
  await createList(page, 'Cached list');
  await page.waitForFunction(() => localStorage.getItem('listo_cache')?.includes('Cached list'));
  // Hold every list request: whatever shows now comes from listo_cache.
  await page.route('**/api/v1/lists', () => undefined);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Cached list' })).toBeVisible();
});
