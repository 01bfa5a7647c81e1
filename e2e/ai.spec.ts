import { expect, test } from '@playwright/test';
import { AI_TEXT } from '../common/ai-ui.ts';
import { MESSAGES, UI_TEXT } from '../common/messages.ts';
import { UNDO_TEXT } from '../common/undo.ts';
import { addItems, apiToken, expectNoAxeViolations, expectScreenshots, itemTexts, openNewList, registerUser, toast } from './fixtures.ts';

/**
 * AI end to end, against the real server's built-in offline assistant (no key, no network): sort by
 * department, translate an item, run a custom prompt.
 */
test('sort by department, translate an item into French, run a custom prompt', async ({ page, request }) => {
  await registerUser(page, 'ai');
  const listId = await openNewList(page, 'Groceries');
  await addItems(page, 'frozen peas, milk, bananas');
  await expect(itemTexts(page)).toHaveText(['frozen peas', 'milk', 'bananas']);
  await expect(page.locator('[data-pending="true"]')).toHaveCount(0);

  // Department (AI): the walking order of a store, fresh food first and the freezer last.
  await page.getByRole('button', { name: /^Sort by/ }).click();
  await page.getByRole('menuitemradio', { name: 'Department (AI)' }).click();
  await expect(itemTexts(page)).toHaveText(['bananas', 'milk', 'frozen peas']);
  // Under the departments' headings.
  await expect(page.getByRole('list', { name: 'Items' }).getByRole('heading', { level: 2 })).toHaveText([/^Produce/, /^Dairy/, /^Frozen/]);
  await expect(page.getByText(AI_TEXT.sorting)).toHaveCount(0);
  // The sort's Undo notice, closed so that the screenshots below show the list and its menu alone
  // (it lasts NOTIFICATION_MS: on a fast run it was still there).
  await expect(toast(page, UNDO_TEXT.sorted)).toBeVisible();
  await page.getByRole('button', { name: UI_TEXT.dismissToast }).click();
  await expect(toast(page, UNDO_TEXT.sorted)).toHaveCount(0);
  // The server stored the order as positions, for every member.
  const stored = await request.get(`/api/v1/lists/${listId}/items`, { headers: { authorization: `Bearer ${await apiToken(page)}` } });
  const { items } = (await stored.json()) as { items: { content: string; position: number }[] };
  expect(items.sort((a, b) => a.position - b.position).map((item) => item.content)).toEqual(['bananas', 'milk', 'frozen peas']);

  // Translate, from the item's menu.
  await page.getByRole('button', { name: AI_TEXT.moreActions('milk') }).click();
  await expectNoAxeViolations(page, "an item's More actions menu");
  await expectScreenshots(page, 'item-menu');
  await page.getByRole('menuitem', { name: AI_TEXT.translateTo('French') }).click();
  const milk = page.getByTestId('item-row').filter({ hasText: 'milk' });
  await expect(milk.locator('[lang="fr"]')).toHaveText(/lait/);

  // A custom prompt the offline assistant understands: a translation into Spanish.
  await page.getByRole('button', { name: 'List options' }).click();
  await page.getByRole('menuitem', { name: 'List Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'List Settings' });
  await settings.getByLabel('New custom prompt').fill('Translate to Spanish');
  await settings.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(settings.getByText('Translate to Spanish')).toBeVisible();
  await expectNoAxeViolations(page, 'List Settings, with AI');
  await settings.getByRole('button', { name: AI_TEXT.runCustomPrompts }).click();
  await expect(toast(page, MESSAGES.customPromptsDone(3))).toBeVisible();
  await settings.getByRole('button', { name: 'Close' }).click();
  await expect(milk.locator('[lang="es"]')).toHaveText(/leche/);
  await expect(milk.locator('[lang="fr"]')).toHaveText(/lait/);
  await expectNoAxeViolations(page, 'list, with translations');

  // At 320 px nothing runs off the screen: not the rows, not the item menu.
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.getByRole('button', { name: AI_TEXT.moreActions('frozen peas') }).click();
  const menu = page.getByRole('menu', { name: AI_TEXT.moreActions('frozen peas') });
  const box = (await menu.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(320);
  expect(box.y + box.height).toBeLessThanOrEqual(640);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
});

test('at 320 px the busy line wraps a long word of what runs', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await registerUser(page, 'ai-narrow');
  await openNewList(page, 'Reederei');
  const word = 'Donaudampfschifffahrtsgesellschaftskapitän';
  await addItems(page, word);
  await expect(page.locator('[data-pending="true"]')).toHaveCount(0);
  // The translation is held on its way, so the busy line stays.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/properties', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: AI_TEXT.moreActions(word) }).click();
  await page.getByRole('menuitem', { name: AI_TEXT.translateTo('French') }).click();
  await expect(page.getByText(AI_TEXT.translating(word, 'French'))).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  release();
  await expect(page.getByText(AI_TEXT.translating(word, 'French'))).toHaveCount(0);
});
