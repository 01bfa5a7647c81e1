import { expect, test } from '@playwright/test';
import { UI_TEXT } from '../common/messages.ts';
import { apiToken, collectConsoleProblems, openNewList, registerUser } from './fixtures.ts';

test('a signed-out visitor of a public list sees the owner\'s new item arrive live, and the list go when it turns private', async ({ page, browser }) => {
  await registerUser(page, 'public-live-owner');
  const listId = await openNewList(page, 'Street party');
  const headers = { authorization: `Bearer ${await apiToken(page)}` };
  const setVisibility = (visibility: 'public' | 'private') =>
    page.request.put(`/api/v1/lists/${listId}/visibility`, { headers, data: { visibility, public_editable: false, allow_link_sharing: false } });
  const addItem = (content: string) => page.request.post(`/api/v1/lists/${listId}/items`, { headers, data: { content } });
  expect((await setVisibility('public')).status()).toBe(200);
  expect((await addItem('bunting')).status()).toBe(201);

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const problems = collectConsoleProblems(visitor);
  await visitor.goto(`/lists/${listId}`);
  await expect(visitor.getByTestId('item-row')).toHaveText(['bunting']);
  // A mark on the page that a reload would wipe: what follows arrives without one.
  await visitor.evaluate(() => Object.assign(window, { sameDocument: true }));

  expect((await addItem('lemonade')).status()).toBe(201);
  await expect(visitor.getByTestId('item-row')).toHaveText(['bunting', 'lemonade']);

  expect((await setVisibility('private')).status()).toBe(200);
  await expect(visitor.getByRole('heading', { name: UI_TEXT.listGone('Street party') })).toBeVisible();
  await expect(visitor.getByTestId('item-row')).toHaveCount(0);
  expect(await visitor.evaluate(() => 'sameDocument' in window)).toBe(true);
  expect(problems).toEqual([]);
  await visitorContext.close();
});
