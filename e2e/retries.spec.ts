import { expect, test, type Page } from '@playwright/test';
import { MESSAGES, SERVER_MESSAGES, UI_TEXT } from '../common/messages.ts';
import { addItems, apiToken, openNewList, registerUser, toast } from './fixtures.ts';

/**
 * A change whose request meets a fault that is not a refusal (a 500, a connection dropped on the
 * way) stays on screen and reaches the server when it is sent again; only a refusal (4xx) rolls
 * it back, with the server's message (docs/architecture.md, "Auth": the offline queue).
 */

test.use({ viewport: { width: 390, height: 844 } });

/** A fault of the server; the connection dropped before the request reached it; or after it made the change, with its answer. */
type Fault = '500' | 'dropped connection' | 'lost answer';
const FAULTS: Record<Fault, string> = {
  '500': 'a 500',
  'dropped connection': 'a connection dropped on its way',
  'lost answer': 'a connection dropped on its way back (the server made the change)',
};

/** The next `method` request whose URL matches `url` fails once with `fault`; answers how many have. */
async function failOnce(page: Page, url: string | RegExp, method: string, fault: Fault | { status: number; message: string }): Promise<() => number> {
  let failed = 0;
  await page.route(url, async (route) => {
    if (route.request().method() !== method || failed > 0) return route.fallback();
    failed += 1;
    if (fault === 'lost answer') await route.fetch();
    if (fault === 'dropped connection' || fault === 'lost answer') return route.abort('connectionreset');
    const [status, code, message] = fault === '500' ? [500, 'internal', SERVER_MESSAGES.internal] : [fault.status, 'refused', fault.message];
    return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ error: { code, message } }) });
  });
  return () => failed;
}

async function serverItems(page: Page, listId: string) {
  const headers = { authorization: `Bearer ${await apiToken(page)}` };
  const answer = await page.request.get(`/api/v1/lists/${listId}/items`, { headers });
  return ((await answer.json()) as { items: { content: string; is_completed: boolean }[] }).items.map((item) => `${item.content}:${item.is_completed}`).sort();
}

async function serverListNames(page: Page) {
  const headers = { authorization: `Bearer ${await apiToken(page)}` };
  const { lists } = (await (await page.request.get('/api/v1/lists', { headers })).json()) as { lists: { name: string }[] };
  return lists.map((list) => list.name).sort();
}

/** No change was rolled back: none of the failure toasts came. */
async function expectNoRollback(page: Page) {
  for (const failed of [UI_TEXT.itemsAddFailed, UI_TEXT.itemUpdateFailed, UI_TEXT.itemDeleteFailed, UI_TEXT.listCreateFailed, UI_TEXT.listRenameFailed]) {
    await expect(page.getByText(failed, { exact: false })).toHaveCount(0);
  }
}

for (const [fault, meeting] of Object.entries(FAULTS) as [Fault, string][]) {
  test(`a change whose request meets ${meeting} stays on screen and reaches the server after, with no rollback`, async ({ page }) => {
    await registerUser(page, 'retry');
    const listId = await openNewList(page, 'Camping');
    await addItems(page, 'tent, matches');
    await expect(page.locator('[data-pending="true"]')).toHaveCount(0);

    // An addition.
    const addFailed = await failOnce(page, `**/api/v1/lists/${listId}/items/batch`, 'POST', fault);
    await addItems(page, 'stove');
    await expect.poll(addFailed).toBe(1);
    await expect(page.getByRole('checkbox', { name: 'stove' })).toBeVisible();
    await expect(page.locator('[data-pending="true"]')).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByRole('checkbox', { name: 'stove' })).toBeVisible();

    // A check, a rename and a removal, each of an item.
    const itemFailed = await failOnce(page, new RegExp(`/api/v1/lists/${listId}/items/[^/]+$`), 'PUT', fault);
    await page.getByRole('checkbox', { name: 'tent' }).check();
    await expect.poll(itemFailed).toBe(1);
    await expect(page.getByRole('checkbox', { name: 'tent' })).toBeChecked();
    await page.getByRole('button', { name: 'stove, rename item' }).click();
    await page.getByLabel('Item name').fill('camping stove');
    await page.getByLabel('Item name').press('Enter');
    const removeFailed = await failOnce(page, new RegExp(`/api/v1/lists/${listId}/items/[^/]+$`), 'DELETE', fault);
    await page.getByRole('button', { name: 'Delete matches' }).click();
    await expect.poll(removeFailed).toBe(1);
    await expect(page.getByRole('checkbox', { name: 'matches' })).toHaveCount(0);

    // The list's own rename.
    const renameFailed = await failOnce(page, `**/api/v1/lists/${listId}`, 'PUT', fault);
    await page.getByRole('button', { name: 'Camping, rename list' }).click();
    await page.getByLabel('List name').fill('Camping trip');
    await page.getByLabel('List name').press('Enter');
    await expect.poll(renameFailed).toBe(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Camping trip');

    await expect.poll(() => serverItems(page, listId), { timeout: 20_000 }).toEqual(['camping stove:false', 'tent:true']);
    await expect.poll(() => serverListNames(page), { timeout: 20_000 }).toEqual(['Camping trip']);
    await expect(page.getByRole('checkbox', { name: 'tent' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'camping stove' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'matches' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Camping trip');
    await expectNoRollback(page);

    // A list made on the dashboard.
    await page.getByRole('link', { name: 'Back to lists' }).click();
    const createFailed = await failOnce(page, '**/api/v1/lists', 'POST', fault);
    await page.getByPlaceholder('Create a new list...').fill('Errands');
    await page.getByPlaceholder('Create a new list...').press('Enter');
    await expect.poll(createFailed).toBe(1);
    const errands = page.getByRole('link', { name: 'Errands', exact: true });
    await expect(page.getByRole('listitem').filter({ has: errands })).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
    await expect.poll(() => serverListNames(page)).toEqual(['Camping trip', 'Errands']);
    await expectNoRollback(page);
  });
}

test('a change the server refuses (4xx) is still rolled back, with its message', async ({ page }) => {
  await registerUser(page, 'refused');
  const listId = await openNewList(page, 'Camping');
  await addItems(page, 'tent');
  await expect(page.locator('[data-pending="true"]')).toHaveCount(0);

  const refusal = { status: 403, message: MESSAGES.listForbidden };
  const checkRefused = await failOnce(page, new RegExp(`/api/v1/lists/${listId}/items/[^/]+$`), 'PUT', refusal);
  // A click, not check(): the refusal may undo the check before check() looks at it.
  await page.getByRole('checkbox', { name: 'tent' }).click();
  await expect.poll(checkRefused).toBe(1);
  await expect(toast(page, UI_TEXT.itemUpdateFailed + MESSAGES.listForbidden)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'tent' })).not.toBeChecked();

  const addRefused = await failOnce(page, `**/api/v1/lists/${listId}/items/batch`, 'POST', refusal);
  await addItems(page, 'stove');
  await expect.poll(addRefused).toBe(1);
  await expect(toast(page, UI_TEXT.itemsAddFailed + MESSAGES.listForbidden)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'stove' })).toHaveCount(0);
  // The text comes back to the add bar, to try again.
  await expect(page.getByPlaceholder('Add item...')).toHaveValue('stove');
  expect(await serverItems(page, listId)).toEqual(['tent:false']);
});
