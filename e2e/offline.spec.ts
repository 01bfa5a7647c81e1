import { expect, test } from '@playwright/test';
import { addItems, apiToken, openNewList, registerUser } from './fixtures.ts';

test('offline: changes queue, the app says so, and they reach the server on reconnect', async ({ page, context }) => {
  await registerUser(page);
  const listId = await openNewList(page, 'Camping');
  await addItems(page, 'tent');
  await expect(page.locator('[data-pending="true"]')).toHaveCount(0);

  await context.setOffline(true);
  await expect(page.getByText("You're offline.", { exact: false })).toBeVisible();
  await addItems(page, 'stove, 4 cans beans');
  await page.getByRole('checkbox', { name: 'tent' }).check();
  await expect(page.getByTestId('item-row')).toHaveCount(3);
  // Kept in listo_cache, so a reload while offline loses nothing.
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('listo_cache') ?? '{}').pendingChanges?.length))
    .toBe(2);

  await context.setOffline(false);
  await expect(page.getByText("You're offline.", { exact: false })).toHaveCount(0);
  await expect(page.locator('[data-pending="true"]')).toHaveCount(0);

  const response = await page.request.get(`/api/v1/lists/${listId}/items`, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
  });
  const { items } = (await response.json()) as { items: { content: string; is_completed: boolean; properties: { qty?: string } }[] };
  expect(items.map((item) => item.content).sort()).toEqual(['beans', 'stove', 'tent']);
  expect(items.find((item) => item.content === 'tent')?.is_completed).toBe(true);
  expect(items.find((item) => item.content === 'beans')?.properties.qty).toBe('4 cans');
  await page.reload();
  await expect(page.getByTestId('item-row')).toHaveCount(3);
});
