import { expect, test } from '@playwright/test';
import { UI_TEXT } from '../common/messages.ts';
import { addItems, apiToken, newEmail, openNewList, PASSWORD, registerAs, registerUser } from './fixtures.ts';

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

test('offline: a list made offline takes items at once, and its page stays open when it reaches the server', async ({ page, context }) => {
  await registerUser(page);
  // The list screen's code loads while online (until the app has a service worker).
  await openNewList(page, 'Errands');
  await page.getByRole('link', { name: 'Back to lists' }).click();
  await context.setOffline(true);
  await page.getByPlaceholder('Create a new list...').fill('Cabin');
  await page.getByPlaceholder('Create a new list...').press('Enter');
  await page.getByRole('link', { name: 'Cabin', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Cabin', level: 1 })).toBeVisible();
  const listId = new URL(page.url()).pathname.split('/').at(-1)!;
  await addItems(page, 'firewood, 2 candles');
  await expect(page.getByTestId('item-row')).toHaveCount(2);

  await context.setOffline(false);
  await expect(page.locator('[data-pending="true"]')).toHaveCount(0);
  // Still the same page, under the same id: nothing was "not found" on the way.
  await expect(page).toHaveURL(`/lists/${listId}`);
  await expect(page.getByRole('heading', { name: 'Cabin', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: UI_TEXT.goToLists })).toHaveCount(0);
  const response = await page.request.get(`/api/v1/lists/${listId}/items`, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
  });
  expect(((await response.json()) as { items: { content: string }[] }).items.map((item) => item.content).sort()).toEqual([
    'candles',
    'firewood',
  ]);
  await page.reload();
  await expect(page.getByTestId('item-row')).toHaveCount(2);
});

test("two tabs offline: another tab's writes of the shared cache lose none of a tab's changes, and its sign-out asks about them", async ({
  page,
  context,
}) => {
  await registerUser(page);
  const listId = await openNewList(page, 'Camping');
  await addItems(page, 'tent');
  const other = await context.newPage();
  await other.goto(page.url());
  await expect(other.getByTestId('item-row')).toHaveCount(1);

  await context.setOffline(true);
  await addItems(page, 'stove');
  await page.getByRole('checkbox', { name: 'tent' }).check();
  // The other tab writes the whole cache with its own state (a view kept: Sort A-Z), then this tab reloads.
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('listo_cache') ?? '{}').pendingChanges?.length)).toBe(2);
  await other.getByRole('button', { name: 'Sort A-Z' }).click();
  await expect.poll(() => other.evaluate(() => JSON.parse(localStorage.getItem('listo_cache') ?? '{}').view)).not.toEqual({});
  expect(await other.evaluate(() => JSON.parse(localStorage.getItem('listo_cache') ?? '{}').pendingChanges?.length)).toBe(2);
  await page.reload();

  // Signing out in the other tab asks about the changes this tab made.
  await other.getByRole('link', { name: 'Back to lists' }).click();
  await other.getByRole('button', { name: UI_TEXT.logout }).click();
  const dialog = other.getByRole('dialog', { name: UI_TEXT.unsentChangesTitle });
  await expect(dialog).toContainText(UI_TEXT.unsentChanges(2));
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await context.setOffline(false);
  const headers = { authorization: `Bearer ${await apiToken(page)}` };
  await expect
    .poll(async () => {
      const { items } = (await (await page.request.get(`/api/v1/lists/${listId}/items`, { headers })).json()) as { items: { content: string; is_completed: boolean }[] };
      return items.map((item) => `${item.content}:${item.is_completed}`).sort();
    })
    .toEqual(['stove:false', 'tent:true']);
});

test('signing out with changes still offline asks first: Cancel keeps them and they go out online; "Sign out anyway" discards them', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await registerUser(page);
  const listId = await openNewList(page, 'Camping');
  await context.setOffline(true);
  await addItems(page, 'stove');
  await page.getByRole('button', { name: 'List options' }).click();
  await page.getByRole('menuitem', { name: UI_TEXT.logout }).click();
  const dialog = page.getByRole('dialog', { name: UI_TEXT.unsentChangesTitle });
  await expect(dialog).toContainText(UI_TEXT.unsentChanges(1));
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  await context.setOffline(false);
  await expect(page.locator('[data-pending="true"]')).toHaveCount(0);
  const response = await page.request.get(`/api/v1/lists/${listId}/items`, { headers: { authorization: `Bearer ${await apiToken(page)}` } });
  expect(((await response.json()) as { items: { content: string }[] }).items.map((item) => item.content)).toEqual(['stove']);

  await context.setOffline(true);
  await addItems(page, 'matches');
  await page.getByRole('link', { name: 'Back to lists' }).click();
  await page.getByRole('button', { name: UI_TEXT.logout }).click();
  await dialog.getByRole('button', { name: UI_TEXT.signOutAnyway }).click();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('listo_cache'))).toBeNull();
});

test('a session that ended while changes waited offline keeps them: the sign-in page says so, and signing in again sends them', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  // An address longer than the phone is wide: the notice quotes it.
  const email = await registerAs(page, newEmail('x'.repeat(40)));
  const listId = await openNewList(page, 'Camping');
  await context.setOffline(true);
  await addItems(page, 'stove');
  await addItems(page, 'matches');
  // Meanwhile the session ends on the server (signed out on another device, say).
  const token = await apiToken(page);
  expect((await page.request.post('/api/v1/auth/logout', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(204);

  await context.setOffline(false);
  await expect(page.getByText(UI_TEXT.sessionEndedUnsent(email, 2))).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Camping', level: 1 })).toBeVisible();
  await expect(page.getByTestId('item-row')).toHaveCount(2);
  await expect(page.locator('[data-pending="true"]')).toHaveCount(0);
  const response = await page.request.get(`/api/v1/lists/${listId}/items`, { headers: { authorization: `Bearer ${await apiToken(page)}` } });
  expect(((await response.json()) as { items: { content: string }[] }).items.map((item) => item.content).sort()).toEqual(['matches', 'stove']);
});

test('changes made offline survive a server that answers 502 when the connection returns (a proxy while Listo restarts)', async ({
  page,
  context,
}) => {
  await registerUser(page);
  const listId = await openNewList(page, 'Camping');
  await context.setOffline(true);
  await addItems(page, 'stove');
  let refusals = 0;
  await page.route(`**/api/v1/lists/${listId}/items/batch`, (route) => {
    if (route.request().method() !== 'POST' || refusals > 0) return route.fallback();
    refusals += 1;
    return route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>502 Bad Gateway</h1>' });
  });
  await context.setOffline(false);
  await expect.poll(() => refusals).toBe(1);
  await expect(page.locator('[data-pending="true"]')).toHaveCount(0, { timeout: 15_000 });
  const response = await page.request.get(`/api/v1/lists/${listId}/items`, { headers: { authorization: `Bearer ${await apiToken(page)}` } });
  expect(((await response.json()) as { items: { content: string }[] }).items.map((item) => item.content)).toEqual(['stove']);
});

test('a reload while a change is on its way sends it again: a list whose creation never arrived is made, an item that arrived is not doubled', async ({
  page,
}) => {
  await registerUser(page);
  // The creation is lost on the way: the server never hears of it.
  let lost = 0;
  await page.route('**/api/v1/lists', (route) => {
    if (route.request().method() !== 'POST' || lost > 0) return route.fallback();
    lost += 1;
  });
  await page.getByPlaceholder('Create a new list...').fill('Camping');
  await page.getByPlaceholder('Create a new list...').press('Enter');
  await expect.poll(() => lost).toBe(1);
  await page.reload();
  const link = page.getByRole('link', { name: 'Camping', exact: true });
  await expect(page.getByRole('listitem').filter({ has: link })).toHaveAttribute('aria-busy', 'false');
  await link.click();
  const listId = new URL(page.url()).pathname.split('/').at(-1)!;

  // The items reach the server, and its answer is lost on the way back.
  let unanswered = 0;
  await page.route(`**/api/v1/lists/${listId}/items/batch`, async (route) => {
    if (route.request().method() !== 'POST' || unanswered > 0) return route.fallback();
    unanswered += 1;
    await route.fetch();
  });
  await addItems(page, 'stove');
  await expect.poll(() => unanswered).toBe(1);
  await page.reload();
  await expect(page.getByTestId('item-row')).toHaveCount(1);
  await expect(page.locator('[data-pending="true"]')).toHaveCount(0);

  const headers = { authorization: `Bearer ${await apiToken(page)}` };
  const { lists } = (await (await page.request.get('/api/v1/lists', { headers })).json()) as { lists: { name: string }[] };
  expect(lists.map((list) => list.name)).toEqual(['Camping']);
  const { items } = (await (await page.request.get(`/api/v1/lists/${listId}/items`, { headers })).json()) as { items: { content: string }[] };
  expect(items.map((item) => item.content)).toEqual(['stove']);
});
