import { expect, test } from '@playwright/test';
import { UI_TEXT } from '../common/messages.ts';
import { CHROMIUM_LAUNCH_OPTIONS } from './chromium.ts';
import { addItems, collectConsoleProblems, openNewList, registerUser } from './fixtures.ts';

/**
 * Listo opened as a household would on its home network: `HOST=0.0.0.0 npm start` and a plain-HTTP
 * address that is not localhost. Browsers treat such an origin as insecure and take some APIs away
 * (`crypto.randomUUID`, the clipboard, service workers); creating lists and items must not need them.
 * The name is mapped to the loopback server, so no traffic leaves the machine.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
test.use({
  baseURL: `http://listo.home.test:${PORT}`,
  launchOptions: {
    ...CHROMIUM_LAUNCH_OPTIONS,
    args: [...(CHROMIUM_LAUNCH_OPTIONS.args ?? []), '--host-resolver-rules=MAP listo.home.test 127.0.0.1'],
  },
});

test('a plain-HTTP home-network address: lists, items and live updates work, the share link copies, the console stays clean', async ({ page }) => {
  const problems = collectConsoleProblems(page);
  await registerUser(page);
  expect(await page.evaluate(() => window.isSecureContext)).toBe(false);

  await openNewList(page, 'Groceries');
  await addItems(page, 'milk, 2 eggs');
  await expect(page.getByTestId('item-row')).toHaveCount(2);
  await expect(page.locator('[data-pending="true"]')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('item-row')).toHaveCount(2);

  // Live updates (a plain ws: socket): a second tab sees an item added in the first.
  const tab = await page.context().newPage();
  await tab.goto(page.url());
  await expect(tab.getByTestId('item-row')).toHaveCount(2);
  await addItems(page, 'bread');
  await expect(tab.getByTestId('item-row')).toHaveCount(3);
  await tab.close();

  // No clipboard API here: "Copy link" selects the link for the user instead.
  await page.getByRole('button', { name: 'List options' }).click();
  await page.getByRole('menuitem', { name: 'Share List' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share List' });
  await dialog.getByRole('radio', { name: new RegExp(UI_TEXT.accessLinkView) }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied!' })).toBeVisible();
  const link = dialog.getByRole('textbox', { name: 'Share link' });
  expect(await link.evaluate((input: HTMLInputElement) => input.value.slice(input.selectionStart!, input.selectionEnd!))).toMatch(
    /^http:\/\/listo\.home\.test:\d+\/join\//,
  );
  // Not even for a header browsers ignore here (Cross-Origin-Opener-Policy, server/app.ts).
  expect(problems).toEqual([]);
});
