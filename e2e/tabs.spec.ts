import { expect, test, type Page } from '@playwright/test';
import { API_BASE_PATH, STORAGE_KEYS } from '../common/constants.ts';
import { UI_TEXT } from '../common/messages.ts';
import { addItems, expectSignedIn, itemTexts, openNewList, registerUser } from './fixtures.ts';

/**
 * Two tabs of the app in one browser share its localStorage, so they share one session: what one
 * tab does to it (a token refresh, a sign-out, another account's sign-in) the other follows.
 */
const storedToken = (page: Page) => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);

test("a token one tab refreshes keeps the other tab signed in, and that tab's next change is saved", async ({ context, page }) => {
  await registerUser(page);
  await openNewList(page, 'Groceries');
  const other = await context.newPage();
  await other.goto(page.url());
  await expect(other.getByRole('heading', { name: 'Groceries', level: 1 })).toBeVisible();
  const before = await storedToken(page);

  // The server refuses the first tab's token once (as when it has expired): that tab refreshes
  // it, which retires the token the other tab holds.
  await page.route(`**${API_BASE_PATH}/lists/**`, (route) => route.fulfill({ status: 401, json: { error: { code: 'unauthorized', message: 'expired' } } }), {
    times: 1,
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Groceries', level: 1 })).toBeVisible();
  await expect.poll(() => storedToken(page)).not.toBe(before);
  const refreshed = await storedToken(page);

  await addItems(other, 'eggs');
  await expect(itemTexts(other)).toHaveText(['eggs']);
  await other.reload();
  await expect(itemTexts(other)).toHaveText(['eggs']);
  await expect(itemTexts(page)).toHaveText(['eggs']);
  expect(await storedToken(page)).toBe(refreshed);
});

test('a sign-out in one tab signs the other out, and an account signed in there next is not signed out by the first tab', async ({
  context,
  page,
}) => {
  await registerUser(page, 'ada');
  await openNewList(page, "Ada's list");
  const other = await context.newPage();
  await other.goto('/');
  await expect(other.getByRole('link', { name: "Ada's list", exact: true })).toBeVisible();

  await page.goto('/');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(other.getByRole('button', { name: 'Login', exact: true })).toBeVisible();

  const bob = await registerUser(page, 'bob');
  await expectSignedIn(other, bob);
  await expect(other.getByRole('link', { name: "Ada's list", exact: true })).toHaveCount(0);
  await expect(other.getByText(UI_TEXT.noLists)).toBeVisible();
  await page.reload();
  await expectSignedIn(page, bob);
});
