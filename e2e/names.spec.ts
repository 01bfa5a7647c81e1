import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { AI_TEXT } from '../common/ai-ui.ts';
import { IMAGE_TEXT } from '../common/image-uploads.ts';
import { duplicateItemWarning, MESSAGES } from '../common/messages.ts';
import { QUANTITY_SORT_LABEL } from '../common/sorting.ts';
import { SPLIT_TEXT } from '../common/split-notice.ts';
import { addItems, apiToken, expectNoAxeViolations, expectScreenshots, itemTexts, openNewList, registerAs, registerUser, secondMember, toast } from './fixtures.ts';

/**
 * Names stay whole, quantities read as people write them (decision 041), on a 390 px phone: the
 * add bar's split notice and Keep as one item, live for another member; "1,5 kg flour"; the sort
 * by quantity; and, on the built-in assistant, a custom-prompt run that skips what it cannot run
 * and items from a photo that say what they added.
 */

const PHONE = { width: 390, height: 844 };

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(PHONE);
});


const settled = (page: Page) => expect(page.locator('[data-pending="true"]')).toHaveCount(0);

test('"mac and cheese" stays one item; a split can be kept as one, for every member, and is not split again', async ({ page, browser }) => {
  await registerAs(page, 'names@example.com');
  const listId = await openNewList(page, 'Party');
  const { other, close } = await secondMember(browser, page, listId, PHONE);
  const notice = page.getByRole('status').filter({ has: page.getByRole('button', { name: SPLIT_TEXT.dismiss }) });

  await addItems(page, 'mac and cheese');
  await expect(itemTexts(page)).toHaveText(['mac and cheese']);
  await settled(page);
  await expect(page.getByRole('button', { name: SPLIT_TEXT.keep })).toHaveCount(0);

  // A pair the built-in names do not know splits, and the notice offers it back as one.
  await addItems(page, 'chips and salsa');
  await expect(itemTexts(page)).toHaveText(['chips', 'salsa', 'mac and cheese']);
  await expect(notice).toContainText(SPLIT_TEXT.became('chips and salsa', 2));
  const keep = page.getByRole('button', { name: SPLIT_TEXT.keep });
  await expect(keep).toHaveAccessibleDescription(SPLIT_TEXT.became('chips and salsa', 2));
  await expect(other.getByTestId('item-text')).toHaveText(['chips', 'salsa', 'mac and cheese']);
  await expectNoAxeViolations(page, 'the split notice');
  // Held while it has the focus (it goes by itself otherwise), for its baselines.
  await keep.focus();
  await expectScreenshots(page, 'split-notice');
  // The notice fits a 320 px phone too, and the list's last row can still be scrolled clear of the
  // taller add bar (the bar's height is the page's room below the rows).
  await page.setViewportSize({ width: 320, height: 400 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const lastRow = (await page.getByTestId('item-row').last().boundingBox())!;
  const bar = (await page.locator('form').filter({ has: page.getByPlaceholder('Add item...') }).boundingBox())!;
  expect(lastRow.y + lastRow.height).toBeLessThanOrEqual(bar.y);
  await page.setViewportSize(PHONE);

  await keep.click();
  await expect(itemTexts(page)).toHaveText(['chips and salsa', 'mac and cheese']);
  await expect(notice).toContainText(SPLIT_TEXT.kept('chips and salsa'));
  await expect(notice.getByRole('button', { name: SPLIT_TEXT.undo })).toBeVisible();
  await settled(page);
  // Live for the other member: one item in place of the two.
  await expect(other.getByTestId('item-text')).toHaveText(['chips and salsa', 'mac and cheese']);

  // The other member types the name kept there: it stays whole, and is on the list already.
  await addItems(other, 'chips and salsa');
  await expect(toast(other, duplicateItemWarning('chips and salsa'))).toBeVisible();
  await expect(other.getByTestId('item-text')).toHaveText(['chips and salsa', 'mac and cheese']);

  // Bought and gone from the list, typed again later: the history keeps it whole.
  await page.getByRole('button', { name: 'Delete chips and salsa' }).click();
  await expect(itemTexts(page)).toHaveText(['mac and cheese']);
  await settled(page);
  await addItems(page, 'chips and salsa, milk and eggs');
  await expect(itemTexts(page)).toHaveText(['chips and salsa', 'milk', 'eggs', 'mac and cheese']);
  await expect(notice).toContainText(SPLIT_TEXT.became('milk and eggs', 2));
  await expect(notice).not.toContainText('chips and salsa');
  await settled(page);
  await expect(other.getByTestId('item-text')).toHaveText(['chips and salsa', 'milk', 'eggs', 'mac and cheese']);
  await close();
});

test('"1,5 kg flour" is flour with its quantity, and the sort by quantity orders by the amount', async ({ page }) => {
  await registerUser(page, 'quantities');
  await openNewList(page, 'Baking');
  await addItems(page, '1,5 kg flour, 500 g sugar, 2 kg potatoes, 6 x 1,5 l water, 12 eggs, 7up');
  await expect(itemTexts(page)).toHaveText(['1,5 kgflour', '500 gsugar', '2 kgpotatoes', '6 x 1,5 lwater', '12eggs', '7up']);
  const flour = page.getByTestId('item-row').filter({ hasText: 'flour' });
  await expect(flour.getByRole('button', { name: 'flour, rename item' })).toHaveText('flour');
  await expect(flour.getByText('1,5 kg', { exact: true })).toBeVisible();
  await settled(page);

  await page.getByRole('button', { name: /^Sort by/ }).click();
  await page.getByRole('menuitemradio', { name: QUANTITY_SORT_LABEL }).click();
  await expect(page.getByRole('button', { name: `Sort by: ${QUANTITY_SORT_LABEL}` })).toBeVisible();
  // Things counted, then weights, then volumes, each by its amount; no quantity last.
  await expect(itemTexts(page)).toHaveText(['12eggs', '500 gsugar', '1,5 kgflour', '2 kgpotatoes', '6 x 1,5 lwater', '7up']);
  // No heading per quantity.
  await expect(page.getByRole('list', { name: 'Items' }).getByRole('heading')).toHaveCount(0);
  await expectNoAxeViolations(page, 'list sorted by quantity');
});

test('on the built-in assistant, a custom-prompt run runs the prompt it can and names the one it cannot; no model choice', async ({ page }) => {
  await registerUser(page, 'prompts');
  const listId = await openNewList(page, 'Groceries');
  await addItems(page, 'milk, bananas');
  await settled(page);

  await page.getByRole('button', { name: 'List options' }).click();
  await page.getByRole('menuitem', { name: 'List Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'List Settings' });
  await expect(settings.getByText(AI_TEXT.offlinePromptsHint)).toBeVisible();
  await expect(settings.getByRole('radio')).toHaveCount(0);
  for (const prompt of ['Add the department', 'Write a haiku about each item']) {
    await settings.getByLabel('New custom prompt').fill(prompt);
    await settings.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(settings.getByText(prompt, { exact: true })).toBeVisible();
  }
  await settings.getByRole('button', { name: AI_TEXT.runCustomPrompts }).click();
  await expect(toast(page, `${MESSAGES.customPromptsDone(2)} ${AI_TEXT.promptsSkipped(['Write a haiku about each item'])}`)).toBeVisible();
  // The prompt it understood ran: each item has its department.
  const stored = await page.request.get(`/api/v1/lists/${listId}/items`, { headers: { authorization: `Bearer ${await apiToken(page)}` } });
  const { items } = (await stored.json()) as { items: { content: string; properties: Record<string, unknown> }[] };
  expect(Object.fromEntries(items.map((item) => [item.content, item.properties]))).toEqual({
    milk: { department: 'Dairy & Eggs' },
    bananas: { department: 'Produce' },
  });
});

/** A photo of a printed list, as the offline assistant's OCR reads it (server/ai/offline/ocr.test.ts). */
async function photoOfList(entries: string[]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="${120 + entries.length * 56}">
    <rect width="100%" height="100%" fill="#ffffff"/>
    ${entries.map((entry, index) => `<text x="60" y="${90 + index * 56}" font-family="DejaVu Sans" font-size="34" fill="#111">${entry}</text>`).join('')}
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

test('items from a photo say what was added and what was already there, and the list scrolls to the new ones', async ({ page }) => {
  await registerUser(page, 'photo-items');
  const listId = await openNewList(page, 'Week');
  // A long list, read down to its end: the new items come at its top (newest first).
  const older = Array.from({ length: 40 }, (_, index) => `thing ${index + 1}`);
  const added = await page.request.post(`/api/v1/lists/${listId}/items/batch`, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    data: { items: ['milk', ...older].map((content) => ({ content })) },
  });
  expect(added.status()).toBe(201);
  await page.reload();
  // The rows are drawn near the screen only: the count is in the list's progress line.
  await expect(page.getByText('0 of 41 done')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);

  await page.getByRole('button', { name: AI_TEXT.photoButton }).click();
  const dialog = page.getByRole('dialog', { name: IMAGE_TEXT.takePhotoTitle });
  await dialog.getByTestId('image-file').setInputFiles({ name: 'list.png', mimeType: 'image/png', buffer: await photoOfList(['milk', 'eggs', 'bread']) });
  await expect(toast(page, AI_TEXT.photoItemsAdded({ added: ['eggs', 'bread'], putBack: [], already: ['milk'] }))).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toHaveCount(0);
  const row = (name: string) => page.getByTestId('item-row').filter({ has: page.getByRole('button', { name: `${name}, rename item`, exact: true }) });
  await expect(row('eggs')).toBeInViewport();
  await expect(row('bread')).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(500);
  await expectNoAxeViolations(page, 'list after items from a photo');
});
