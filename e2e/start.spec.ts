import { expect, test } from '@playwright/test';
import { registerUser } from './fixtures.ts';

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
  await page.route('**/assets/SignedInApp-*.js', async (route) => {
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
