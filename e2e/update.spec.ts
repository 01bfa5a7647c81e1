import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';
import { UI_TEXT } from '../common/messages.ts';
import { CLOSE_CODES, REALTIME_PATH } from '../common/realtime.ts';
import { WEB_DIST_DIR } from '../server/http/web-app.ts';
import { registerUser } from './fixtures.ts';

const SERVICE_WORKER = path.join(WEB_DIST_DIR, 'sw.js');

/** Writes the service worker with the precompressed copies the server sends in its place (vite.config.ts). */
function writeServiceWorker(text: string): void {
  fs.writeFileSync(SERVICE_WORKER, text);
  fs.writeFileSync(`${SERVICE_WORKER}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${SERVICE_WORKER}.gz`, zlib.gzipSync(text));
}

test('after the server is updated to another protocol, Reload starts the new app in one reload', async ({ page }) => {
  await registerUser(page);
  // The service worker of this build is installed; from the next load on it serves the page.
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state), { timeout: 15_000 })
    .toBe('activated');
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // The server is updated: it speaks another protocol, so the app asks for a reload...
  await page.routeWebSocket(`**${REALTIME_PATH}*`, (socket) => socket.close({ code: CLOSE_CODES.version, reason: 'version' }));
  await page.reload();
  const reloadButton = page.getByRole('button', { name: UI_TEXT.reload });
  await expect(reloadButton).toBeVisible({ timeout: 15_000 });
  // ...and serves another service worker (the browser fetches its script itself: no route sees it).
  const current = fs.readFileSync(SERVICE_WORKER, 'utf8');
  writeServiceWorker(`${current}\n// the next version\n`);
  try {
    await page.evaluate(() =>
      navigator.serviceWorker.addEventListener('controllerchange', () => sessionStorage.setItem('taken over', 'yes')),
    );
    let loads = 0;
    page.on('load', () => (loads += 1));
    await reloadButton.click();
    await expect(page.getByRole('button', { name: UI_TEXT.updating })).toBeVisible();
    // A plain reload would start the old app again from the old worker's cache: the new worker waits
    // until no tab of the app is open.
    await expect.poll(() => loads, { timeout: 15_000 }).toBe(1);
    await page.waitForTimeout(3_000);
    expect(loads).toBe(1);
    expect(await page.evaluate(() => sessionStorage.getItem('taken over'))).toBe('yes');
  } finally {
    writeServiceWorker(current);
  }
});
