import { expect, test, type Page } from '@playwright/test';
import { STORE_ORDER_TEXT } from '../common/store-order.ts';
import { addItems, expectNoAxeViolations, itemTexts, openNewList, registerUser } from './fixtures.ts';
import { E2E_STORE_TRIP_GAP_MS } from './store-trip.ts';

/**
 * The learned store order on a 390 px phone: items checked off in an order over three trips, the
 * list sorted by "Store order" following them, how many trips it learned from, and its reset.
 */

const PHONE = { width: 390, height: 844 };

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(PHONE);
});

const settled = (page: Page) => expect(page.locator('[data-pending="true"]')).toHaveCount(0);

/** One trip: the items checked off in this order; then, once the trip is over, unchecked for the next one. */
async function trip(page: Page, names: readonly string[]) {
  // Each check-off is settled before the next: a checked row moves, and a click aimed while the
  // rows still move can land on another (on a busy machine it did).
  for (const name of names) {
    const box = page.getByRole('checkbox', { name, exact: true });
    await box.check();
    await expect(box).toBeChecked();
    await settled(page);
  }
  await page.waitForTimeout(E2E_STORE_TRIP_GAP_MS + 500);
  for (const name of names) await page.getByRole('checkbox', { name, exact: true }).uncheck();
  await settled(page);
}

/** Opens the list again (the learned order is read when it opens) and answers the items as sorted. */
async function reopened(page: Page): Promise<string[]> {
  await page.reload();
  await expect(page.getByRole('button', { name: `Sort by: ${STORE_ORDER_TEXT.title}` })).toBeVisible();
  return itemTexts(page).allTextContents();
}

test('the store order follows the order items are checked off in, over three trips, and resets', async ({ page }) => {
  // Three trips, each ended by waiting out the gap, and three dialogs checked with axe in two themes.
  test.slow();
  await registerUser(page, 'shopper');
  await openNewList(page, 'Weekly shop');
  await addItems(page, 'bread, milk, apples, soap');
  await expect(itemTexts(page)).toHaveCount(4);
  await settled(page);

  await page.getByRole('button', { name: /^Sort by/ }).click();
  await page.getByRole('menuitemradio', { name: STORE_ORDER_TEXT.title }).click();
  await expect(page.getByRole('button', { name: `Sort by: ${STORE_ORDER_TEXT.title}` })).toBeVisible();

  await trip(page, ['apples', 'bread', 'soap', 'milk']);
  await expect.poll(() => reopened(page)).toEqual(['apples', 'bread', 'soap', 'milk']);
  await page.getByRole('button', { name: /^Sort by/ }).click();
  await expect(page.getByRole('menu').getByText(STORE_ORDER_TEXT.learnedFrom(1))).toBeVisible();
  await expectNoAxeViolations(page, 'the sort menu with the store order');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);

  // The shop moved the milk to the entrance: the sort follows within two trips.
  await trip(page, ['milk', 'apples', 'bread', 'soap']);
  expect((await reopened(page)).indexOf('milk')).toBeLessThan(3);
  await trip(page, ['milk', 'apples', 'bread', 'soap']);
  expect(await reopened(page)).toEqual(['milk', 'apples', 'bread', 'soap']);

  // Offline, the order kept on the device still sorts, a new item too.
  await page.context().setOffline(true);
  await addItems(page, 'coffee');
  await expect(itemTexts(page)).toHaveText(['milk', 'apples', 'bread', 'soap', 'coffee']);
  await page.context().setOffline(false);
  await settled(page);

  await page.getByRole('button', { name: 'List options' }).click();
  await page.getByRole('menuitem', { name: 'List Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'List Settings' });
  await expect(settings.getByText(STORE_ORDER_TEXT.learnedFrom(3))).toBeVisible();
  await expectNoAxeViolations(page, 'List Settings with the store order');
  await settings.getByRole('button', { name: STORE_ORDER_TEXT.reset }).click();
  const confirm = page.getByRole('dialog', { name: STORE_ORDER_TEXT.resetTitle });
  await expect(confirm).toBeVisible();
  await expectNoAxeViolations(page, 'the store order reset confirmation');
  await confirm.getByRole('button', { name: STORE_ORDER_TEXT.resetConfirm }).click();
  await expect(settings.getByText(STORE_ORDER_TEXT.learnedFrom(0))).toBeVisible();
  await expect(settings.getByRole('button', { name: STORE_ORDER_TEXT.reset })).toHaveCount(0);
});
