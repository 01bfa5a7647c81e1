import { expect, test, type Page } from '@playwright/test';
import { PREFILL_LISTS_MAX } from '../common/constants.ts';
import { LIST_VIEW_TEXT } from '../common/list-view.ts';
import { UI_TEXT } from '../common/messages.ts';
import { apiToken, expectNoAxeViolations, PASSWORD, registerUser, submitAuthForm } from './fixtures.ts';

/**
 * Offline, every list of the user is there, not only those opened on the device: after sign-in the
 * app reads the items of the lists used most recently in the background (web/features/items/prefill.ts);
 * a list beyond that bound says it is not available offline instead of looking empty.
 */

test.use({ viewport: { width: 390, height: 844 } });

/** Makes a list with its items through the API, as another device would; answers its id. */
async function listWithItems(page: Page, token: string, name: string, items: string[]): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const created = await page.request.post('/api/v1/lists', { headers, data: { name } });
  expect(created.status()).toBe(201);
  const { list } = (await created.json()) as { list: { id: string } };
  const added = await page.request.post(`/api/v1/lists/${list.id}/items/batch`, { headers, data: { items: items.map((content) => ({ content })) } });
  expect(added.status()).toBe(201);
  return list.id;
}

/** Signs out and in again: a fresh start of the app on this device, its cache empty, no list opened. */
async function signInAgain(page: Page, email: string) {
  await page.getByRole('button', { name: UI_TEXT.logout }).click();
  await submitAuthForm(page, email, PASSWORD, 'Login');
  await expect(page.getByTestId('user-email')).toHaveText(email);
}

/** The ids of the lists whose items the cache holds. */
const cachedLists = (page: Page) => page.evaluate(() => Object.keys((JSON.parse(localStorage.getItem('listo_cache') ?? '{}') as { items?: object }).items ?? {}));

test('offline, a list never opened on this device shows its items', async ({ page, context }) => {
  const email = await registerUser(page, 'prefill');
  const token = await apiToken(page);
  const pantry = Array.from({ length: 50 }, (_, index) => `pantry thing ${index + 1}`);
  const campingId = await listWithItems(page, token, 'Camping', ['tent', 'stove', 'matches']);
  const pantryId = await listWithItems(page, token, 'Pantry', pantry);
  await signInAgain(page, email);

  // Not opened: the app reads their items in the background.
  await expect.poll(() => cachedLists(page)).toEqual(expect.arrayContaining([campingId, pantryId]));
  await context.setOffline(true);
  await expect(page.getByText(UI_TEXT.offline)).toBeVisible();

  await page.getByRole('link', { name: 'Pantry', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Pantry', level: 1 })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'pantry thing 1', exact: true })).toBeVisible();
  // All fifty are held (the rows are drawn as they scroll into view).
  await expect(page.getByText(LIST_VIEW_TEXT.progress(0, 50))).toBeVisible();
  expect(await page.evaluate((id) => (JSON.parse(localStorage.getItem('listo_cache')!) as { items: Record<string, unknown[]> }).items[id]!.length, pantryId)).toBe(50);
  await expect(page.getByText(UI_TEXT.listNotAvailableOffline)).toHaveCount(0);
  await expect(page.getByText(UI_TEXT.noItems)).toHaveCount(0);

  await page.getByRole('link', { name: 'Back to lists' }).click();
  await page.getByRole('link', { name: 'Camping', exact: true }).click();
  await expect(page.getByTestId('item-row')).toHaveCount(3);
  await expect(page.getByRole('checkbox', { name: 'matches' })).toBeVisible();
});

test('offline, a list beyond what the device keeps says it is not available offline, not that it is empty', async ({ page, context }) => {
  const email = await registerUser(page, 'prefill-bound');
  const token = await apiToken(page);
  // The list used longest ago, then as many used since as the device keeps.
  const oldestId = await listWithItems(page, token, 'Old recipes', ['flour', 'yeast']);
  const recentIds: string[] = [];
  for (let index = 1; index <= PREFILL_LISTS_MAX; index++) recentIds.push(await listWithItems(page, token, `List ${index}`, [`thing ${index}`]));
  await signInAgain(page, email);

  await expect.poll(() => cachedLists(page), { timeout: 20_000 }).toEqual(expect.arrayContaining(recentIds));
  expect(await cachedLists(page)).not.toContain(oldestId);
  await context.setOffline(true);

  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Old recipes', exact: true }) });
  await card.getByRole('link', { name: 'Old recipes', exact: true }).click();
  await expect(page.getByText(UI_TEXT.listNotAvailableOffline)).toBeVisible();
  await expect(page.getByText(UI_TEXT.noItems)).toHaveCount(0);
  // The counts the server sent with the list stand, as on its card.
  await expect(page.getByText(LIST_VIEW_TEXT.progress(0, 2))).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, 'list not available offline');
  await page.setViewportSize({ width: 320, height: 640 });
  await expect(page.getByText(UI_TEXT.listNotAvailableOffline)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  // Back online, its items come.
  await context.setOffline(false);
  await expect(page.getByRole('checkbox', { name: 'yeast' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(UI_TEXT.listNotAvailableOffline)).toHaveCount(0);
});
