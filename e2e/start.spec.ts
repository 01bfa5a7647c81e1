import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { WEB_DIST_DIR } from '../server/http/web-app.ts';
import { addItems, itemTexts, openNewList, registerUser } from './fixtures.ts';

/**
 * A signed-in start paints the header at once, before the signed-in app's chunk is in: on a slow
 * phone the page is not blank while it loads, and the app then takes over in the same place.
 */
// The service worker would serve the chunk from its cache, past the route that holds it back.
test.use({ serviceWorkers: 'block' });

test("a signed-in start shows the header while the app's chunks load, then the app", async ({ page }) => {
  await registerUser(page, 'start');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/signed-in-*.js', async (route) => {
    await held;
    await route.continue();
  });

  await page.reload();
  const header = page.getByRole('banner');
  await expect(header).toHaveText('Listo');
  await expect(header.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Your lists' })).toHaveCount(0);

  release();
  await expect(page.getByRole('heading', { name: 'Your lists' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: /Logout/ })).toBeVisible();
});

test('a signed-in start on a list reads the lists and its items once, and shows them without a loading pass', async ({ page }) => {
  await registerUser(page, 'start-list');
  const listId = await openNewList(page, 'Weekend');
  await addItems(page, 'milk, eggs, bread');
  await expect(itemTexts(page)).toHaveText(['milk', 'eggs', 'bread']);
  // A cold start: nothing cached, so the screen's data comes from the server.
  await page.evaluate(() => localStorage.removeItem('listo_cache'));

  const reads: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === 'GET' && pathname.startsWith('/api/')) reads.push(pathname);
  });
  // Counts the changes to the page after which the list's screen is there without its items.
  await page.addInitScript(() => {
    const page = window as unknown as { listShownEmpty: number };
    page.listShownEmpty = 0;
    new MutationObserver(() => {
      const listScreen = document.querySelector('main[data-editable]');
      if (listScreen && !listScreen.querySelector('[data-testid="item-row"]')) page.listShownEmpty++;
    }).observe(document, { childList: true, subtree: true });
  });
  // The items come after the app's code (as on a phone's slow link they may): the screen waits for them.
  await page.route(`**/api/v1/lists/${listId}/items`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.reload();
  await expect(itemTexts(page)).toHaveText(['milk', 'eggs', 'bread']);
  await page.waitForLoadState('networkidle');
  expect(reads.filter((path) => path === '/api/v1/lists')).toHaveLength(1);
  expect(reads.filter((path) => path === `/api/v1/lists/${listId}/items`)).toHaveLength(1);
  expect(await page.evaluate(() => (window as unknown as { listShownEmpty: number }).listShownEmpty)).toBe(0);
});

/**
 * The budget of the sign-in page's scripts, in gzip bytes. zod and the answer schemas are the
 * signed-in app's: a value import of one from a module the entry reaches put 30 KB on this page.
 */
const SIGN_IN_SCRIPTS_MAX_GZIP = 100 * 1024;
/** The service worker's registration, loaded at an idle moment after the first screen (main.tsx). */
const SERVICE_WORKER_SCRIPTS = /pwa-register|workbox-window/;

/**
 * The scripts a load of the page fetches, by file name, until the network is idle. `load` waits for
 * the screen to show: on a busy machine the entry alone may run longer than networkidle's 500 ms.
 */
async function scriptsOfLoad(page: Page, load: () => Promise<unknown>): Promise<string[]> {
  const files: string[] = [];
  const onRequest = (request: { resourceType(): string; url(): string }) => {
    if (request.resourceType() === 'script') files.push(path.basename(new URL(request.url()).pathname));
  };
  page.on('request', onRequest);
  await load();
  await page.waitForLoadState('networkidle');
  page.off('request', onRequest);
  return files.filter((file) => !SERVICE_WORKER_SCRIPTS.test(file)).sort();
}

/** A chunk's name without its content hash: `signed-in-CebeOC9F.js` -> `signed-in`. */
const chunkName = (file: string) => file.replace(/-[\w-]{8}\.js$/, '');

// The build writes .br and .gz copies of its text files (vite.config.ts), the service worker's among them.
test('every text file of the build is served compressed', async ({ request }) => {
  const files = fs.readdirSync(WEB_DIST_DIR, { recursive: true, encoding: 'utf8' }).filter((file) => /\.(js|css|html|svg|webmanifest)$/.test(file));
  expect(files).toContain('sw.js');
  for (const file of files) {
    const response = await request.get(`/${file}`, { headers: { 'accept-encoding': 'br' } });
    expect(response.headers()['content-encoding'], file).toBe('br');
  }
});

// Every request costs a round trip on a phone's link: a start loads a few large chunks (vite.config.ts, decision 018).
test('the sign-in page loads its code in three scripts, under 100 KB gzip', async ({ page }) => {
  const scripts = await scriptsOfLoad(page, async () => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  });
  expect(scripts.map(chunkName)).toEqual(['LoginScreen', 'index', 'sign-in']);
  const gzip = scripts.reduce((sum, file) => sum + fs.statSync(path.join(WEB_DIST_DIR, 'assets', `${file}.gz`)).size, 0);
  expect(gzip).toBeLessThan(SIGN_IN_SCRIPTS_MAX_GZIP);
});

test('a signed-in start on a list loads the app in three scripts and opens the live socket only after the list is shown', async ({ page }) => {
  await registerUser(page, 'start-scripts');
  await openNewList(page, 'Weekend');
  await addItems(page, 'milk, eggs');
  // The time of the second frame after the rows appear: the frame that shows them has been painted.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('[data-testid="item-row"]')) return;
      observer.disconnect();
      requestAnimationFrame(() => requestAnimationFrame(() => ((window as unknown as { listPainted: number }).listPainted = performance.now())));
    });
    observer.observe(document, { childList: true, subtree: true });
  });

  const scripts = await scriptsOfLoad(page, async () => {
    await page.reload();
    await expect(itemTexts(page)).toHaveText(['milk', 'eggs']);
  });
  expect(scripts.map(chunkName)).toEqual(['index', 'sign-in', 'signed-in']);
  const { listPainted, ticketAsked } = await page.evaluate(() => ({
    listPainted: (window as unknown as { listPainted: number }).listPainted,
    ticketAsked: performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('/auth/realtime-token'))?.startTime,
  }));
  expect(ticketAsked).toBeGreaterThan(listPainted);
});
