import { expect, test } from '@playwright/test';
import { createList, expectNoAxeViolations, expectScreenshots, registerAs, registerUser } from './fixtures.ts';

test('register, create lists, delete one after confirming, and the theme choice persists and reaches the other tabs', async ({ page, context }) => {
  await page.goto('/');
  await expectNoAxeViolations(page, 'sign-in');
  await expectScreenshots(page, 'sign-in');
  await registerAs(page, 'dashboard@example.com');
  await expect(page.getByText('No lists yet. Create your first one above.')).toBeVisible();
  await expectNoAxeViolations(page, 'dashboard, no lists');
  await expectScreenshots(page, 'dashboard-empty');

  await createList(page, 'Groceries');
  await createList(page, 'Hardware');
  await expect(page.getByRole('list', { name: 'Lists' }).getByRole('listitem')).toHaveCount(2);
  await expectNoAxeViolations(page, 'dashboard');
  await expectScreenshots(page, 'dashboard');

  await page.getByRole('button', { name: 'Delete Hardware' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete list' })).toBeVisible();
  await expectNoAxeViolations(page, 'confirm dialog');
  await expectScreenshots(page, 'confirm-dialog');
  // Cancel gives the focus back to the button that asked.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Delete Hardware' })).toBeFocused();
  await page.getByRole('button', { name: 'Delete Hardware' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Hardware' })).toHaveCount(0);
  // The card is gone with the button that opened the dialog: the focus goes to the next card.
  await expect(page.getByRole('link', { name: 'Groceries' })).toBeFocused();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Groceries' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Hardware' })).toHaveCount(0);

  // The theme starts from the system preference; the choice survives a reload and an open tab follows it.
  const html = page.locator('html');
  const first = await html.getAttribute('data-theme');
  const other = first === 'dark' ? 'light' : 'dark';
  const otherTab = await context.newPage();
  await otherTab.goto('/');
  await expect(otherTab.locator('html')).toHaveAttribute('data-theme', first!);
  await page.getByRole('button', { name: `Switch to ${other} theme` }).click();
  await expect(html).toHaveAttribute('data-theme', other);
  await expect(otherTab.locator('html')).toHaveAttribute('data-theme', other);
  await expect(otherTab.getByRole('button', { name: `Switch to ${first} theme` })).toBeVisible();
  await otherTab.close();
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
