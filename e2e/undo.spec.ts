import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { UNDO_TEXT } from '../common/undo.ts';
import { addItems, apiToken, createList, expectNoAxeViolations, expectScreenshots, itemTexts, openNewList, registerUser, secondMember, swipeLeft, toast } from './fixtures.ts';

/**
 * Undo (decision 049) and AI sorts that do not clutter the list (decision 050), on 390 and 320 px
 * phones: a removal undone live for a second member, a swipe's Remove label and its Undo, an Undo
 * made offline, Remove Image undone, checked items cleared and put back, an AI sort under headings
 * with its labels hidden, cleared and put back; toasts never over the last row; the dashboard's
 * header icons on the content's right edge.
 */

const PHONE = { width: 390, height: 844 };
const NARROW = { width: 320, height: 640 };

const settled = (page: Page) => expect(page.locator('[data-pending="true"]')).toHaveCount(0);
/**
 * The sort menu's last entry, by the keyboard: at 320 px a long menu scrolls it out of reach of a
 * click. End moves the focus only within the menu: opened by a click, the menu itself has it.
 */
async function hideLabels(page: Page) {
  await expect(page.getByRole('menuitemcheckbox', { name: UNDO_TEXT.hideLabels })).toBeAttached();
  await expect(page.getByRole('menu')).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByRole('menuitemcheckbox', { name: UNDO_TEXT.hideLabels })).toBeFocused();
  await page.keyboard.press('Enter');
}
/** The newest notice's Undo (the toasts show the newest first). */
const undoButton = (page: Page) => page.getByRole('button', { name: UNDO_TEXT.undo, exact: true }).first();

async function serverItems(page: Page, listId: string): Promise<{ id: string; content: string; position: number; is_completed: boolean; properties: Record<string, unknown>; images: unknown }[]> {
  const response = await page.request.get(`/api/v1/lists/${listId}/items`, { headers: { authorization: `Bearer ${await apiToken(page)}` } });
  return (await response.json()).items;
}

test('the × removes with Undo, and the Undo puts the item back in place, checked, for another member too', async ({ page, browser }) => {
  await page.setViewportSize(PHONE);
  await registerUser(page, 'undo');
  const listId = await openNewList(page, 'Week');
  await addItems(page, 'bread, 2 l milk, eggs');
  await settled(page);
  const { other, close } = await secondMember(browser, page, listId, PHONE, 'undo-member');
  await page.getByRole('checkbox', { name: '2 l milk' }).check();
  // The other member sees it checked: the server has it (a read right after the check raced it).
  await expect(other.getByRole('checkbox', { name: '2 l milk' })).toBeChecked();
  await settled(page);
  const before = await serverItems(page, listId);

  await page.getByRole('button', { name: 'Delete milk' }).click();
  await expect(itemTexts(page)).toHaveText(['bread', 'eggs']);
  await expect(other.getByTestId('item-text')).toHaveText(['bread', 'eggs']);
  await expect(toast(page, UNDO_TEXT.removed('milk'))).toBeVisible();
  // Held while the focus is on it, for axe and its look.
  await undoButton(page).focus();
  await expectNoAxeViolations(page, 'the notice with Undo');
  await expectScreenshots(page, 'undo-notice');
  await undoButton(page).click();

  await expect(itemTexts(page)).toHaveText(['bread', /milk/, 'eggs']);
  await expect(page.getByRole('checkbox', { name: '2 l milk' })).toBeChecked();
  await expect(other.getByTestId('item-text')).toHaveText(['bread', /milk/, 'eggs']);
  await expect(other.getByRole('checkbox', { name: '2 l milk' })).toBeChecked();
  await settled(page);
  expect(await serverItems(page, listId)).toEqual(before.map((item) => ({ ...item, updated_at: expect.any(String) })));
  await close();
});

test('at 320 px a swipe shows its whole Remove label, its Undo brings the row back, and no toast covers the last row', async ({ page }) => {
  await page.setViewportSize(NARROW);
  await registerUser(page, 'swipe-undo');
  const listId = await openNewList(page, 'Long');
  const fruit = ['apples', 'bananas', 'cherries', 'dates', 'figs', 'grapes', 'kiwis', 'lemons', 'limes', 'mangos', 'melons', 'oranges', 'pears', 'plums'];
  await addItems(page, fruit.join(', '));
  await settled(page);

  // The label the swipe uncovers sits whole within the first 80 px (the threshold) from the right.
  const row = page.getByTestId('item-row').filter({ hasText: 'apples' }).locator('..');
  const label = row.getByText('Remove', { exact: true });
  const [labelBox, rowBox] = [(await label.boundingBox())!, (await row.boundingBox())!];
  expect(labelBox.x + labelBox.width).toBeLessThanOrEqual(rowBox.x + rowBox.width);
  expect(labelBox.x).toBeGreaterThanOrEqual(rowBox.x + rowBox.width - 80);
  expect(await label.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await swipeLeft(page, 'apples', 130);
  await expect(toast(page, UNDO_TEXT.removed('apples'))).toBeVisible();
  await expect.poll(async () => (await serverItems(page, listId)).map((item) => item.content)).not.toContain('apples');

  // Scrolled to the end with the notice showing: the last row is above the toast, not under it.
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight }));
  const lastRow = page.getByTestId('item-row').last();
  const notice = page.locator('li').filter({ has: undoButton(page) });
  await expect.poll(async () => (await lastRow.boundingBox())!.y + (await lastRow.boundingBox())!.height).toBeLessThanOrEqual((await notice.boundingBox())!.y);

  await undoButton(page).click();
  await expect(page.getByTestId('item-text').filter({ hasText: 'apples' })).toHaveCount(1);
  await expect.poll(async () => (await serverItems(page, listId)).map((item) => item.content)).toContain('apples');
});

test('an Undo made offline is queued after its removal and both reach the server', async ({ page, context }) => {
  await page.setViewportSize(PHONE);
  await registerUser(page, 'offline-undo');
  const listId = await openNewList(page, 'Camping');
  await addItems(page, 'tent, stove');
  await settled(page);
  const before = await serverItems(page, listId);

  await context.setOffline(true);
  await expect(page.getByText("You're offline.", { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Delete tent' }).click();
  await undoButton(page).click();
  await expect(itemTexts(page)).toHaveText(['tent', 'stove']);
  await context.setOffline(false);
  await expect(page.getByText("You're offline.", { exact: false })).toHaveCount(0);
  await expect.poll(async () => (await page.evaluate(() => JSON.parse(localStorage.getItem('listo_cache') ?? '{}').pendingChanges?.length ?? 0))).toBe(0);
  expect(await serverItems(page, listId)).toEqual(before.map((item) => ({ ...item, updated_at: expect.any(String) })));
});

test('Remove Image offers Undo, which puts the same picture back', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await registerUser(page, 'image-undo');
  const listId = await openNewList(page, 'Tools');
  const headers = { authorization: `Bearer ${await apiToken(page)}` };
  const created = await page.request.post(`/api/v1/lists/${listId}/items`, { headers, data: { content: 'hinges' } });
  const picture = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#37a' } }).jpeg().toBuffer();
  const attached = await page.request.post(`/api/v1/lists/${listId}/items/${(await created.json()).id}/image`, {
    headers,
    data: { imageData: `data:image/jpeg;base64,${picture.toString('base64')}` },
  });
  const imageId = (await attached.json()).images.primary.id;

  await page.getByRole('button', { name: 'Image of hinges' }).click();
  await page.getByRole('dialog', { name: 'hinges' }).getByRole('button', { name: 'Remove Image' }).click();
  await expect(page.getByRole('button', { name: 'Add image to hinges' })).toBeVisible();
  await expect(toast(page, UNDO_TEXT.imageRemoved('hinges'))).toBeVisible();
  await undoButton(page).click();
  await expect(page.getByRole('button', { name: 'Image of hinges' })).toBeVisible();
  await expect.poll(async () => ((await serverItems(page, listId))[0]!.images as { primary?: { id: string } } | null)?.primary?.id).toBe(imageId);
});

test('at 320 px: an AI sort shows headings, not labels on every row; labels hidden, cleared and put back; checked items cleared with Undo', async ({ page }) => {
  await page.setViewportSize(NARROW);
  await registerUser(page, 'sort-undo');
  const listId = await openNewList(page, 'Shop');
  await addItems(page, 'frozen peas, milk, bananas');
  await settled(page);
  const unsorted = await serverItems(page, listId);

  await page.getByRole('button', { name: /^Sort by/ }).click();
  await page.getByRole('menuitemradio', { name: 'Smart (AI)' }).click();
  await expect(page.getByRole('list', { name: 'Items' }).getByRole('heading', { level: 2 })).toHaveCount(3);
  // The headings say the department: no row carries the sort's labels.
  await expect(page.locator('[data-testid="item-row"] [class*="tag"]')).toHaveCount(0);
  await expect(toast(page, UNDO_TEXT.sorted)).toBeVisible();
  await expectNoAxeViolations(page, 'an AI sort under headings');

  // In another order the labels show, each on one line, never broken inside a word.
  await page.getByRole('button', { name: /^Sort by/ }).click();
  await page.getByRole('menuitemradio', { name: 'Newest first' }).click();
  const tags = page.locator('[data-testid="item-row"] [class*="tags"] > span');
  await expect(tags.first()).toBeVisible();
  for (const tag of await tags.all()) {
    const box = (await tag.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(26);
  }
  // Hidden on request, and remembered for the list.
  await page.getByRole('button', { name: /^Sort by/ }).click();
  await hideLabels(page);
  await expect(tags).toHaveCount(0);
  await page.reload();
  await expect(itemTexts(page)).toHaveCount(3);
  await expect(tags).toHaveCount(0);
  await page.getByRole('button', { name: /^Sort by/ }).click();
  await hideLabels(page);
  await expect(tags.first()).toBeVisible();

  // What sorts added, cleared for everyone, and put back.
  await page.getByRole('button', { name: 'List options' }).click();
  await page.getByRole('menuitem', { name: UNDO_TEXT.clearSortLabels }).click();
  await expect(tags).toHaveCount(0);
  await expect.poll(async () => (await serverItems(page, listId)).every((item) => !('department' in item.properties))).toBe(true);
  await undoButton(page).click();
  await expect(tags.first()).toBeVisible();
  await expect.poll(async () => (await serverItems(page, listId)).every((item) => 'department' in item.properties)).toBe(true);

  // Checked items cleared, and put back.
  await page.getByRole('checkbox', { name: 'milk' }).check();
  await page.getByRole('checkbox', { name: 'bananas' }).check();
  await settled(page);
  await page.getByRole('button', { name: 'List options' }).click();
  await page.getByRole('menuitem', { name: UNDO_TEXT.clearCompleted }).click();
  await expect(itemTexts(page)).toHaveCount(1);
  await expect(toast(page, UNDO_TEXT.cleared(2))).toBeVisible();
  await undoButton(page).click();
  await expect(itemTexts(page)).toHaveCount(3);
  await expect.poll(async () => (await serverItems(page, listId)).filter((item) => item.is_completed).length).toBe(2);

  // A sort itself undone: the order and the labels as they were before it, and the order shown before.
  await page.getByRole('button', { name: 'List options' }).click();
  await page.getByRole('menuitem', { name: UNDO_TEXT.clearSortLabels }).click();
  await expect.poll(async () => (await serverItems(page, listId)).every((item) => !('department' in item.properties))).toBe(true);
  const beforeSort = (await serverItems(page, listId)).map(({ id, position, properties }) => ({ id, position, properties }));
  await page.getByRole('button', { name: /^Sort by/ }).click();
  await page.getByRole('menuitemradio', { name: 'Department (AI)' }).click();
  await expect(toast(page, UNDO_TEXT.sorted)).toBeVisible();
  await page.getByRole('listitem').filter({ hasText: UNDO_TEXT.sorted }).getByRole('button', { name: UNDO_TEXT.undo, exact: true }).click();
  await expect(page.getByRole('button', { name: /^Sort by: Newest first/ })).toBeVisible();
  await expect.poll(async () => (await serverItems(page, listId)).map(({ id, position, properties }) => ({ id, position, properties }))).toEqual(beforeSort);
  expect(unsorted).toHaveLength(3);
});

test('the dashboard header icons end where the content ends, at 390 and 320 px', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await registerUser(page, 'header');
  const link = await createList(page, 'Groceries');
  const card = page.getByRole('listitem').filter({ has: link });
  for (const size of [PHONE, NARROW]) {
    await page.setViewportSize(size);
    const logout = page.getByRole('banner').getByRole('button').last();
    const cardBox = (await card.boundingBox())!;
    const iconBox = (await logout.boundingBox())!;
    expect(Math.abs(iconBox.x + iconBox.width - (cardBox.x + cardBox.width))).toBeLessThanOrEqual(1);
  }
});
