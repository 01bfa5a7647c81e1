import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { API_BASE_PATH, CUSTOM_PROMPT_MAX_LENGTH, FIRST_NAME_MAX_LENGTH, ITEM_BATCH_MAX, ITEM_CONTENT_MAX_LENGTH, LIST_ITEMS_MAX, LIST_NAME_MAX_LENGTH } from '../common/constants.ts';
import { AI_TEXT } from '../common/ai-ui.ts';
import { IMAGE_TEXT } from '../common/image-uploads.ts';
import { MESSAGES, SERVER_MESSAGES, UI_TEXT } from '../common/messages.ts';
import { SPLIT_TEXT } from '../common/split-notice.ts';
import type { ItemView } from '../common/schemas/items.ts';
import { addItems, apiToken, expectNoAxeViolations, expectScreenshots, itemTexts, openNewList, registerAs, registerUser, swipeLeft, toast } from './fixtures.ts';

/** Adds milk (2 bottles), eggs and bread to the open list in one go, and checks the eggs. */
async function addGroceriesAndCheckEggs(page: Page) {
  await addItems(page, '2 bottles milk, eggs and bread');
  await expect(itemTexts(page)).toHaveText(['2 bottlesmilk', 'eggs', 'bread']);
  // The notice offering "eggs and bread" back as one item is not wanted here.
  await page.getByRole('button', { name: SPLIT_TEXT.dismiss }).click();
  await page.getByRole('checkbox', { name: 'eggs' }).check();
  await expect(page.getByRole('checkbox', { name: 'eggs' })).toBeChecked();
}

test('add several items at once, check and sort them', async ({ page }) => {
  await registerAs(page, 'list@example.com');
  const listId = await openNewList(page, 'Weekend');
  await expect(page).toHaveURL(`/lists/${listId}`);
  await expect(page.getByText('Nothing here yet. Add your first item below.')).toBeVisible();

  await addGroceriesAndCheckEggs(page);
  await expect(page.getByTestId('item-row').filter({ hasText: 'milk' }).getByText('2 bottles')).toBeVisible();
  // Replaced by the server's items: no temporary ids left.
  await expect(page.locator('[data-pending="true"]')).toHaveCount(0);

  // Sort: newest first by default (one batch keeps its order), A-Z, then completed last.
  await page.getByRole('button', { name: 'Sort A-Z' }).click();
  await expect(page.getByRole('button', { name: 'Sort A-Z' })).toHaveAttribute('aria-pressed', 'true');
  await expect(itemTexts(page)).toHaveText([/bread/, /eggs/, /milk/]);
  await page.getByRole('button', { name: 'Completed last' }).click();
  await expect(itemTexts(page)).toHaveText([/bread/, /milk/, /eggs/]);
  await page.getByRole('button', { name: /^Sort by/ }).click();
  await expectNoAxeViolations(page, 'sort menu');
  await expectScreenshots(page, 'sort-menu');
  await page.getByRole('menuitemradio', { name: 'Name Z-A' }).click();
  await expect(page.getByRole('button', { name: 'Sort by: Name Z-A' })).toBeVisible();
  await expect(itemTexts(page)).toHaveText([/milk/, /bread/, /eggs/]);
  await expectNoAxeViolations(page, 'list');
  await expectScreenshots(page, 'list');
});

test('rename an item and the list inline, swipe-delete, suggestions, and reload or history keep the list', async ({ page }) => {
  await registerUser(page, 'list-edit');
  await openNewList(page, 'Weekend');
  await addGroceriesAndCheckEggs(page);

  // Rename an item inline: the quantity is parsed again by the server; Escape cancels.
  await page.getByRole('button', { name: 'eggs, rename item' }).click();
  await page.getByLabel('Item name').fill('duck eggs');
  await page.getByLabel('Item name').press('Escape');
  await expect(page.getByLabel('Item name')).toHaveCount(0);
  await page.getByRole('button', { name: 'eggs, rename item' }).click();
  await page.getByLabel('Item name').fill('12 eggs');
  await page.getByLabel('Item name').press('Enter');
  const eggs = page.getByTestId('item-row').filter({ hasText: 'eggs' });
  await expect(eggs.getByTestId('item-text')).toHaveText('12eggs');
  await expect(eggs.getByRole('button', { name: 'eggs, rename item' })).toHaveText('eggs');
  await expect(page.getByRole('checkbox', { name: '12 eggs' })).toBeChecked();

  // Rename the list inline; empty text just closes.
  await page.getByRole('button', { name: 'Weekend, rename list' }).click();
  await page.getByLabel('List name').fill('Weekend shop');
  await page.getByLabel('List name').press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Weekend shop');
  await page.getByRole('button', { name: 'Weekend shop, rename list' }).click();
  await page.getByLabel('List name').fill('');
  await page.getByLabel('List name').press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Weekend shop');

  // A short swipe springs back, and a mouse dragging over the text selects it; a swipe of 80 px
  // or more removes the item.
  const bread = page.getByTestId('item-row').filter({ hasText: 'bread' });
  await swipeLeft(page, 'bread', 110, 'mouse');
  // Not even on its way out: a row that slid would still be shifted now.
  expect(await bread.and(page.locator('[style*="translateX"]')).count()).toBe(0);
  await swipeLeft(page, 'bread', 40);
  await expect(bread).toBeVisible();
  await swipeLeft(page, 'bread', 110);
  await expect(page.getByTestId('item-row').filter({ hasText: 'bread' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete milk' }).click();
  await expect(page.getByTestId('item-row')).toHaveCount(1);

  // Reload keeps the list open and the server has the changes.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Weekend shop');
  await expect(page.getByTestId('item-row')).toHaveCount(1);
  await expect(page.getByRole('checkbox', { name: 'eggs' })).toBeChecked();

  // Suggestions from history: prefix matches first.
  await page.getByPlaceholder('Add item...').fill('m');
  await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option')).toHaveText(['milk']);
  await expectNoAxeViolations(page, 'list, suggestions');
  await page.getByRole('option', { name: 'milk' }).click();
  await expect(page.getByTestId('item-row').filter({ hasText: 'milk' })).toBeVisible();

  // Back and forward keep the open list.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Your lists' })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Weekend shop');
  await page.getByRole('link', { name: 'Back to lists' }).click();
  await expect(page.getByRole('heading', { name: 'Your lists' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Weekend shop');
});

test('from the keyboard, renaming and deleting keep the focus in the list, never on the page behind it', async ({ page }) => {
  await registerUser(page, 'keyboard');
  await openNewList(page, 'Errands');
  await addItems(page, 'stamps, tape, glue');
  await expect(itemTexts(page)).toHaveText(['stamps', 'tape', 'glue']);

  const rename = page.getByRole('button', { name: 'tape, rename item' });
  await rename.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Item name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(rename).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Item name')).toBeFocused();
  await page.getByLabel('Item name').fill('packing tape');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'packing tape, rename item' })).toBeFocused();

  const listName = page.getByRole('button', { name: 'Errands, rename list' });
  await listName.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('List name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(listName).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('List name')).toBeFocused();
  await page.getByLabel('List name').fill('Chores');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Chores, rename list' })).toBeFocused();
  await expect(page.getByLabel('List name')).toHaveCount(0);

  // Deleting a row hands the focus to the next row's Delete, the row before it for the last, then the add bar.
  await page.getByRole('button', { name: 'Delete packing tape' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Delete glue' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Delete stamps' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(itemTexts(page)).toHaveCount(0);
  await expect(page.getByPlaceholder('Add item...')).toBeFocused();
});

/**
 * A new user's list "Errands" with `entries` added in the page, and a way to delete one of its
 * items (by content) from outside the page, as another device would.
 */
async function errandsToDeleteElsewhere(page: Page, request: APIRequestContext, userPrefix: string, entries: string) {
  await registerUser(page, userPrefix);
  const listId = await openNewList(page, 'Errands');
  await addItems(page, entries);
  await expect(itemTexts(page)).toHaveCount(entries.split(',').length);
  const headers = { authorization: `Bearer ${await apiToken(page)}` };
  const { items } = (await (await request.get(`${API_BASE_PATH}/lists/${listId}/items`, { headers })).json()) as { items: ItemView[] };
  return async (content: string) => {
    const { id } = items.find((item) => item.content === content)!;
    expect((await request.delete(`${API_BASE_PATH}/lists/${listId}/items/${id}`, { headers })).status()).toBe(204);
  };
}

test('an item deleted elsewhere while its name is being edited hands the focus to the row in its place, and says a new name was lost', async ({ page, request }) => {
  const deleteElsewhere = await errandsToDeleteElsewhere(page, request, 'deleted-elsewhere', 'stamps, 2 packs tape, glue, pens');
  await expect(itemTexts(page)).toHaveText(['stamps', '2 packstape', 'glue', 'pens']);

  // Opened, not changed (the editor starts from "2 packs tape"): nothing was lost, nothing is said.
  await page.getByRole('button', { name: 'tape, rename item' }).click();
  await expect(page.getByLabel('Item name')).toHaveValue('2 packs tape');
  await deleteElsewhere('tape');
  await expect(itemTexts(page)).toHaveText(['stamps', 'glue', 'pens']);
  await expect(page.getByRole('checkbox', { name: 'glue' })).toBeFocused();
  expect(await page.getByRole('region', { name: /Notifications/ }).getByRole('listitem').count()).toBe(0);

  await page.getByRole('button', { name: 'glue, rename item' }).click();
  await page.getByLabel('Item name').fill('glue stick');
  await deleteElsewhere('glue');
  await expect(itemTexts(page)).toHaveText(['stamps', 'pens']);
  await expect(page.getByRole('checkbox', { name: 'pens' })).toBeFocused();
  await expect(toast(page, UI_TEXT.renameLostItemDeleted('glue'))).toBeVisible();
});

test('a rename made elsewhere while a name is being edited is not overwritten: the edit is refused and says so, the other name stays', async ({ page, request }) => {
  await registerUser(page, 'renamed-elsewhere');
  const listId = await openNewList(page, 'Errands');
  await addItems(page, 'milk');
  await expect(itemTexts(page)).toHaveText(['milk']);
  const headers = { authorization: `Bearer ${await apiToken(page)}` };
  const { items } = (await (await request.get(`${API_BASE_PATH}/lists/${listId}/items`, { headers })).json()) as { items: ItemView[] };

  await page.getByRole('button', { name: 'milk, rename item' }).click();
  const renamed = await request.put(`${API_BASE_PATH}/lists/${listId}/items/${items[0]!.id}`, { headers, data: { content: 'oat milk', properties: {} } });
  expect(renamed.status()).toBe(200);
  await page.getByLabel('Item name').fill('whole milk');
  await page.getByLabel('Item name').press('Enter');
  await expect(toast(page, UI_TEXT.itemUpdateFailed + SERVER_MESSAGES.itemRenamedMeanwhile('oat milk'))).toBeVisible();
  await expect(itemTexts(page)).toHaveText(['oat milk']);

  await page.getByRole('button', { name: 'Errands, rename list' }).click();
  expect((await request.put(`${API_BASE_PATH}/lists/${listId}`, { headers, data: { name: 'Weekly errands' } })).status()).toBe(200);
  await page.getByLabel('List name').fill('Shopping');
  await page.getByLabel('List name').press('Enter');
  await expect(toast(page, UI_TEXT.listRenameFailed + SERVER_MESSAGES.listRenamedMeanwhile('Weekly errands'))).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Weekly errands');
});

test("an item deleted elsewhere while its menu or its image dialog is open hands the focus to the row in its place", async ({ page, request }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  const deleteElsewhere = await errandsToDeleteElsewhere(page, request, 'gone-with-menu', 'stamps, tape, glue, pens');
  await expect(itemTexts(page)).toHaveText(['stamps', 'tape', 'glue', 'pens']);

  // Opened from the keyboard (the focus on its first entry), then with the mouse (the focus on the menu itself).
  await page.getByRole('button', { name: AI_TEXT.moreActions('stamps') }).press('Enter');
  await expect(page.getByRole('menu', { name: AI_TEXT.moreActions('stamps') })).toBeVisible();
  await deleteElsewhere('stamps');
  await expect(itemTexts(page)).toHaveText(['tape', 'glue', 'pens']);
  await expect(page.getByRole('checkbox', { name: 'tape' })).toBeFocused();
  await page.getByPlaceholder('Add item...').focus();
  await page.getByRole('button', { name: AI_TEXT.moreActions('tape') }).click();
  await expect(page.getByRole('menu', { name: AI_TEXT.moreActions('tape') })).toBeVisible();
  await deleteElsewhere('tape');
  await expect(itemTexts(page)).toHaveText(['glue', 'pens']);
  await expect(page.getByRole('checkbox', { name: 'glue' })).toBeFocused();

  await page.getByRole('button', { name: IMAGE_TEXT.addImageTo('glue') }).press('Enter');
  await expect(page.getByRole('dialog', { name: IMAGE_TEXT.addImageTitle })).toBeVisible();
  await deleteElsewhere('glue');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'pens' })).toBeFocused();

  // The last item: the add bar takes the focus.
  await deleteElsewhere('pens');
  await expect(itemTexts(page)).toHaveCount(0);
  await expect(page.getByPlaceholder('Add item...')).toBeFocused();
});

test('the list options menu opens List Settings: custom prompts, and no model choice on the built-in assistant', async ({ page }) => {
  await registerAs(page, 'list-settings@example.com');
  await openNewList(page, 'Weekend shop');
  await addItems(page, 'milk and 12 eggs');
  await expect(itemTexts(page)).toHaveText(['milk', '12eggs']);
  await page.getByRole('button', { name: SPLIT_TEXT.dismiss }).click();
  await page.getByRole('checkbox', { name: '12 eggs' }).check();
  await expect(page.getByRole('checkbox', { name: '12 eggs' })).toBeChecked();

  await page.getByRole('button', { name: 'List options' }).click();
  await expectNoAxeViolations(page, 'list options menu');
  await expectScreenshots(page, 'list-options-menu');
  await page.getByRole('menuitem', { name: 'List Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'List Settings' });
  await settings.getByRole('button', { name: 'Add' }).click();
  await expect(settings.getByRole('alert')).toHaveText('A blank prompt cannot be added');
  await settings.getByLabel('New custom prompt').fill('Group by aisle');
  await settings.getByRole('button', { name: 'Add' }).click();
  await expect(settings.getByText('Group by aisle')).toBeVisible();
  // This server has no cloud model: Standard and Expensive would pick nothing, so they are not
  // offered; the dialog says what the built-in assistant understands instead.
  await expect(settings.getByText(AI_TEXT.offlinePromptsHint)).toBeVisible();
  await expect(settings.getByRole('radio')).toHaveCount(0);
  await expect(settings.getByRole('group', { name: 'AI provider' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'List Settings');
  await expectScreenshots(page, 'list-settings');
  // Closed, it gives the focus back to the menu's button that opened it.
  await settings.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: 'List options' })).toBeFocused();
  // So does Share List opened from it, which List Settings gave way to.
  await page.getByRole('button', { name: 'List options' }).click();
  await page.getByRole('menuitem', { name: 'List Settings' }).click();
  await settings.getByRole('button', { name: 'Share List…' }).click();
  await expect(page.getByRole('dialog', { name: 'Share List' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'List options' })).toBeFocused();
});

test('on a 320 px phone, a paste of more items than one call takes goes in turns; a turn the server refuses stops there, is told, and the text comes back', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await registerUser(page);
  const listId = await openNewList(page, 'Party');
  const headers = { authorization: `Bearer ${await apiToken(page)}` };
  const itemCount = async () => ((await (await page.request.get(`/api/v1/lists/${listId}`, { headers })).json()) as { list: { item_count: number } }).list.item_count;
  // Room for one turn of ITEM_BATCH_MAX and no more.
  const batches = (LIST_ITEMS_MAX - ITEM_BATCH_MAX) / ITEM_BATCH_MAX;
  for (let batch = 0; batch < batches; batch++) {
    const items = Array.from({ length: ITEM_BATCH_MAX }, (_, index) => ({ content: `filler ${batch}-${index}` }));
    expect((await page.request.post(`/api/v1/lists/${listId}/items/batch`, { headers, data: { items } })).status()).toBe(201);
  }

  const paste = Array.from({ length: ITEM_BATCH_MAX + 1 }, (_, index) => `guest ${index + 1}`).join(', ');
  await addItems(page, paste);
  await expect(page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: SERVER_MESSAGES.listFull })).toBeVisible();
  await expect(page.getByPlaceholder('Add item...')).toHaveValue(paste);
  expect(await itemCount()).toBe(LIST_ITEMS_MAX);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test('a name pasted longer than the server takes stops at its limit in every field that names something', async ({ page }) => {
  await registerUser(page);
  const pasteInto = async (field: Locator, text: string, limit: number) => {
    await field.click();
    await field.press('ControlOrMeta+a');
    await page.keyboard.insertText(text.repeat(limit + 50));
    await expect(field).toHaveValue(text.repeat(limit));
    await field.press('Enter');
  };
  await pasteInto(page.getByPlaceholder('Create a new list...'), 'l', LIST_NAME_MAX_LENGTH);
  await page.getByRole('link', { name: 'l'.repeat(LIST_NAME_MAX_LENGTH), exact: true }).click();

  await page.getByRole('button', { name: /rename list$/ }).click();
  await pasteInto(page.getByRole('textbox', { name: 'List name' }), 'n', LIST_NAME_MAX_LENGTH);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('n'.repeat(LIST_NAME_MAX_LENGTH));
  await addItems(page, 'milk');
  await page.getByRole('button', { name: 'milk, rename item' }).click();
  await pasteInto(page.getByRole('textbox', { name: 'Item name' }), 'i', ITEM_CONTENT_MAX_LENGTH);
  await expect(itemTexts(page)).toHaveText(['i'.repeat(ITEM_CONTENT_MAX_LENGTH)]);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('n'.repeat(LIST_NAME_MAX_LENGTH));
  await expect(itemTexts(page)).toHaveText(['i'.repeat(ITEM_CONTENT_MAX_LENGTH)]);

  await page.getByRole('button', { name: 'List options' }).click();
  await page.getByRole('menuitem', { name: 'List Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'List Settings' });
  await pasteInto(settings.getByLabel('New custom prompt'), 'p', CUSTOM_PROMPT_MAX_LENGTH);
  await expect(settings.getByText('p'.repeat(CUSTOM_PROMPT_MAX_LENGTH))).toBeVisible();
  await settings.getByRole('button', { name: 'Close' }).click();

  await page.goto('/account');
  await pasteInto(page.getByLabel('First Name'), 'f', FIRST_NAME_MAX_LENGTH);
  await expect(page.getByText(MESSAGES.profileUpdated)).toBeVisible();
});
