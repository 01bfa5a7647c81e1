import { expect, test, type Locator } from '@playwright/test';
import { IMAGE_TEXT } from '../common/image-uploads.ts';
import { UI_TEXT } from '../common/messages.ts';
import { apiToken, collectConsoleProblems, openNewList, registerUser } from './fixtures.ts';

/** A 1x1 PNG. */
const TINY_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

test('a signed-out visitor of a public list sees its photos, the owner\'s new item and new name arrive live, and the list go when it turns private', async ({ page, browser }) => {
  await registerUser(page, 'public-live-owner');
  const listId = await openNewList(page, 'Street party');
  const headers = { authorization: `Bearer ${await apiToken(page)}` };
  const setVisibility = (visibility: 'public' | 'private') =>
    page.request.put(`/api/v1/lists/${listId}/visibility`, { headers, data: { visibility, public_editable: false, allow_link_sharing: false } });
  const addItem = (content: string) => page.request.post(`/api/v1/lists/${listId}/items`, { headers, data: { content } });
  expect((await setVisibility('public')).status()).toBe(200);
  const bunting = await addItem('bunting');
  expect(bunting.status()).toBe(201);
  const photo = await page.request.post(`/api/v1/lists/${listId}/items/${(await bunting.json()).id}/image`, { headers, data: { imageData: TINY_PNG } });
  expect(photo.status()).toBe(200);

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const problems = collectConsoleProblems(visitor);
  await visitor.goto(`/lists/${listId}`);
  await expect(visitor.getByTestId('item-row')).toHaveText(['bunting']);
  const loaded = (img: Locator) => expect.poll(() => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
  await loaded(visitor.getByRole('button', { name: IMAGE_TEXT.viewImageOf('bunting') }).locator('img'));
  await visitor.getByRole('button', { name: IMAGE_TEXT.viewImageOf('bunting') }).click();
  const viewer = visitor.getByRole('dialog', { name: 'bunting' });
  await loaded(viewer.getByRole('img', { name: IMAGE_TEXT.viewImageOf('bunting') }));
  await expect(viewer.getByRole('button', { name: IMAGE_TEXT.removeImage })).toHaveCount(0);
  await visitor.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  // A mark on the page that a reload would wipe: what follows arrives without one.
  await visitor.evaluate(() => Object.assign(window, { sameDocument: true }));

  expect((await addItem('lemonade')).status()).toBe(201);
  await expect(visitor.getByTestId('item-row')).toHaveText(['bunting', 'lemonade']);
  expect((await page.request.put(`/api/v1/lists/${listId}`, { headers, data: { name: 'Street fair' } })).status()).toBe(200);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Street fair' })).toBeVisible();

  expect((await setVisibility('private')).status()).toBe(200);
  await expect(visitor.getByRole('heading', { name: UI_TEXT.publicListGone('Street fair') })).toBeVisible();
  await expect(visitor.getByTestId('item-row')).toHaveCount(0);
  expect(await visitor.evaluate(() => 'sameDocument' in window)).toBe(true);
  expect(problems).toEqual([]);
  await visitorContext.close();
});

test('a signed-in visitor of a public editable list loses the add bar and the checkboxes as soon as the owner turns editing off', async ({ page, browser }) => {
  await registerUser(page, 'public-edit-owner');
  const listId = await openNewList(page, 'Bake sale');
  const headers = { authorization: `Bearer ${await apiToken(page)}` };
  const setEditable = (public_editable: boolean) =>
    page.request.put(`/api/v1/lists/${listId}/visibility`, { headers, data: { visibility: 'public', public_editable, allow_link_sharing: false } });
  expect((await setEditable(true)).status()).toBe(200);
  expect((await page.request.post(`/api/v1/lists/${listId}/items`, { headers, data: { content: 'scones' } })).status()).toBe(201);

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await registerUser(visitor, 'public-edit-visitor');
  const problems = collectConsoleProblems(visitor);
  await visitor.goto(`/lists/${listId}`);
  const checkbox = visitor.getByTestId('item-row').getByRole('checkbox');
  await expect(visitor.getByTestId('item-row')).toHaveText(['scones']);
  await expect(visitor.getByRole('combobox', { name: 'Add items' })).toBeVisible();
  await expect(checkbox).toBeEnabled();
  await visitor.evaluate(() => Object.assign(window, { sameDocument: true }));

  expect((await setEditable(false)).status()).toBe(200);
  await expect(visitor.getByRole('combobox', { name: 'Add items' })).toHaveCount(0);
  await expect(checkbox).toBeDisabled();
  await expect(visitor.getByText(UI_TEXT.viewOnlyList)).toBeVisible();
  expect(await visitor.evaluate(() => 'sameDocument' in window)).toBe(true);
  expect(problems).toEqual([]);
  await visitorContext.close();
});
