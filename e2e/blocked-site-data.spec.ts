import { expect, test } from '@playwright/test';
import { UI_TEXT } from '../common/messages.ts';
import { addItems, collectConsoleProblems, itemTexts, openNewList, registerUser } from './fixtures.ts';

/**
 * A browser that blocks all site data for Listo (a privacy setting, some private modes): reading
 * localStorage or IndexedDB throws. The app used to stop there, on a blank page.
 */
test('with site data blocked the app starts, works, and says a reload signs out', async ({ page, context }) => {
  await context.addInitScript(() => {
    for (const name of ['localStorage', 'indexedDB']) {
      Object.defineProperty(window, name, {
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    }
  });
  const problems = collectConsoleProblems(page);
  await page.setViewportSize({ width: 320, height: 640 });
  await registerUser(page);
  await openNewList(page, 'Groceries');
  await addItems(page, 'milk, eggs');
  await expect(itemTexts(page)).toHaveText(['milk', 'eggs']);
  await expect(page.locator('[data-pending="true"]')).toHaveCount(0);
  expect(problems).toEqual([]);

  // Nothing outlived the page: a reload starts signed out, and the sign-in screen says why.
  await page.reload();
  await expect(page.getByText(UI_TEXT.siteDataBlocked)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
