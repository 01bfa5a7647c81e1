import { expect, test } from '@playwright/test';
import { API_BASE_PATH, STORAGE_KEYS } from '../common/constants.ts';
import { UI_TEXT } from '../common/messages.ts';
import { REALTIME_PAUSED_NOTICE_MS, REALTIME_PONG_TIMEOUT_MS } from '../common/realtime.ts';
import { startWebSocketProxy, type WebSocketProxy } from '../server/test/websocket-proxy.ts';
import type { Page } from '@playwright/test';
import { addItems, apiToken, itemTexts, openNewList, registerUser } from './fixtures.ts';

/**
 * The live socket: what an open list costs on it, and where it fails in real life. The page is opened through a proxy that can leave
 * its WebSocket half-open (a laptop that slept, a phone that changed networks: the socket looks
 * open and brings nothing) or refuse WebSockets (a reverse proxy set up without them).
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const PROXY_PORT = PORT + 10;
let proxy: WebSocketProxy;
test.beforeEach(async () => {
  proxy = await startWebSocketProxy({ host: '127.0.0.1', port: PORT }, PROXY_PORT);
});
test.afterEach(() => proxy.close());
test.use({ baseURL: `http://127.0.0.1:${PROXY_PORT}` });

/** Every frame of the page's live sockets, parsed, in the order sent and received. */
function recordFrames(page: Page): { sent: Record<string, unknown>[]; received: Record<string, unknown>[] } {
  const frames = { sent: [] as Record<string, unknown>[], received: [] as Record<string, unknown>[] };
  page.on('websocket', (socket) => {
    socket.on('framesent', (frame) => frames.sent.push(JSON.parse(String(frame.payload)) as Record<string, unknown>));
    socket.on('framereceived', (frame) => frames.received.push(JSON.parse(String(frame.payload)) as Record<string, unknown>));
  });
  return frames;
}

test('an open list follows its items from what its load read: no snapshot of them again on the socket', async ({ page, request }) => {
  const frames = recordFrames(page);
  await registerUser(page);
  const listId = await openNewList(page, 'Groceries');
  const api = `http://127.0.0.1:${PORT}${API_BASE_PATH}/lists/${listId}/items`;
  const headers = { authorization: `Bearer ${await apiToken(page)}` };
  expect((await request.post(api, { headers, data: { content: 'milk' } })).status()).toBe(201);
  await expect(itemTexts(page)).toHaveText(['milk']);

  // Opened afresh, from the address bar: the load at start-up hands its read to the live feed.
  frames.sent.length = frames.received.length = 0;
  await page.reload();
  await expect(itemTexts(page)).toHaveText(['milk']);
  const subscribe = () => frames.sent.filter((frame) => frame.type === 'subscribe' && frame.topic === 'items').at(-1);
  const { seq } = (await (await request.get(api, { headers })).json()) as { seq: number };
  await expect.poll(() => subscribe()?.since).toBe(seq);
  expect((await request.post(api, { headers, data: { content: 'eggs' } })).status()).toBe(201);
  await expect(itemTexts(page)).toHaveText(['eggs', 'milk']);
  // "eggs" comes in the answer to the subscription or as a change after it, as the two cross.
  const itemsSubscription = subscribe()!.id;
  const answers = frames.received.filter((frame) => frame.id === itemsSubscription).map((frame) => frame.type);
  expect(answers[0]).toBe('resumed');
  expect(answers).not.toContain('snapshot');
});

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
  // The list may catch up by its read on being shown before the dead socket's ping goes unanswered:
  // the new socket comes within the same bound.
  await expect.poll(() => proxy.webSockets(), { timeout: REALTIME_PONG_TIMEOUT_MS + 10_000 }).toBe(2);
});

test('without WebSockets the app still works, says live updates are paused, and stops saying so once they pass', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  proxy.refuseWebSockets(true);
  await registerUser(page);
  await openNewList(page, 'Groceries');
  await addItems(page, 'milk');
  await expect(itemTexts(page)).toHaveText(['milk']);
  await expect(page.locator('[data-pending="true"]')).toHaveCount(0);

  const banner = page.getByRole('status').filter({ hasText: UI_TEXT.livePaused });
  await expect(banner).toBeVisible({ timeout: REALTIME_PAUSED_NOTICE_MS + 10_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  proxy.refuseWebSockets(false);
  // The network is back, as far as the browser knows: the client reconnects without its backoff,
  // unless an attempt was under way just then; that one's retry waits up to 30 s.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(banner).toBeHidden({ timeout: 40_000 });
});
