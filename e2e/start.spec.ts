import { expect, test } from '@playwright/test';
import { addItems, itemTexts, openNewList, registerUser } from './fixtures.ts';

/**
 * A signed-in start paints the header at once, before the signed-in app's chunk is in: on a slow
 * phone the page is not blank while it loads, and the app then takes over in the same place.
 */
// The service worker would serve the chunk from its cache, past the route that holds it back.
test.use({ serviceWorkers: 'block' });

test("a signed-in start shows the header while the app's chunks load, then the app", async ({ page }) => {
  await registerUser(page, 'start');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/SignedInApp-*.js', async (route) => {
    await held;
    await route.continue();
  });

  await page.reload();
  const header = page.getByRole('banner');
  await expect(header).toHaveText('Listo');
  await expect(header.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Your lists' })).toHaveCount(0);

  release();
  await expect(page.getByRole('heading', { name: 'Your lists' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: /Logout/ })).toBeVisible();
});

test('a signed-in start on a list reads the lists and its items once, and shows them without a loading pass', async ({ page }) => {
  await registerUser(page, 'start-list');
  const listId = await openNewList(page, 'Weekend');
  await addItems(page, 'milk, eggs, bread');
  await expect(itemTexts(page)).toHaveText(['milk', 'eggs', 'bread']);
  // A cold start: nothing cached, so the screen's data comes from the server.
  await page.evaluate(() => localStorage.removeItem('listo_cache'));

  const reads: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === 'GET' && pathname.startsWith('/api/')) reads.push(pathname);
  });
  // Counts the changes to the page after which the list's screen is there without its items.
  await page.addInitScript(() => {
    const page = window as unknown as { listShownEmpty: number };
    page.listShownEmpty = 0;
    new MutationObserver(() => {
      const listScreen = document.querySelector('main[data-editable]');
      if (listScreen && !listScreen.querySelector('[data-testid="item-row"]')) page.listShownEmpty++;
    }).observe(document, { childList: true, subtree: true });
  });
  // The items come after the app's code (as on a phone's slow link they may): the screen waits for them.
  await page.route(`**/api/v1/lists/${listId}/items`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.reload();
  await expect(itemTexts(page)).toHaveText(['milk', 'eggs', 'bread']);
  await page.waitForLoadState('networkidle');
  expect(reads.filter((path) => path === '/api/v1/lists')).toHaveLength(1);
  expect(reads.filter((path) => path === `/api/v1/lists/${listId}/items`)).toHaveLength(1);
  expect(await page.evaluate(() => (window as unknown as { listShownEmpty: number }).listShownEmpty)).toBe(0);
});
