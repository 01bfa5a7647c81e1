import { expect, test } from '@playwright/test';
import { API_BASE_PATH, STORAGE_KEYS } from '../common/constants.ts';
import { REALTIME_PONG_TIMEOUT_MS } from '../common/realtime.ts';
import { startStallingProxy, type StallingProxy } from '../server/test/stalling-proxy.ts';
import { addItems, itemTexts, openNewList, registerUser } from './fixtures.ts';

/**
 * A laptop that slept, or a phone that changed networks, keeps a live socket that looks open and
 * brings nothing: the server's goodbye never reached it. The page is opened through a proxy that
 * can leave its WebSocket half-open like that; when the page is shown again, the app must find the
 * socket dead, reconnect, and show what changed meanwhile.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const PROXY_PORT = PORT + 10;
let proxy: StallingProxy;
test.beforeAll(async () => {
  proxy = await startStallingProxy({ host: '127.0.0.1', port: PORT }, PROXY_PORT);
});
test.afterAll(() => proxy.close());
test.use({ baseURL: `http://127.0.0.1:${PROXY_PORT}` });

test('a socket left half-open is found when the page is shown again, and the list catches up', async ({ page, request }) => {
  await registerUser(page);
  const listId = await openNewList(page, 'Groceries');
  await addItems(page, 'milk');
  await expect(itemTexts(page)).toHaveText(['milk']);
  await expect.poll(() => proxy.webSockets()).toBe(1);

  proxy.stallWebSockets();
  // Another device adds an item, straight to the server.
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  const added = await request.post(`http://127.0.0.1:${PORT}${API_BASE_PATH}/lists/${listId}/items`, {
    headers: { authorization: `Bearer ${token}` },
    data: { content: 'eggs' },
  });
  expect(added.status()).toBe(201);

  // The page is shown again. The client's regular ping is 25 s away: only this check finds it in time.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(itemTexts(page)).toHaveText(['eggs', 'milk'], { timeout: REALTIME_PONG_TIMEOUT_MS + 10_000 });
  expect(proxy.webSockets()).toBe(2);
});
