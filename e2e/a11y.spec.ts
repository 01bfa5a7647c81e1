import { expect, test } from '@playwright/test';
import { UI_TEXT } from '../common/messages.ts';
import { AI_TEXT } from '../common/ai-ui.ts';
import { API_BASE_PATH, RESET_PASSWORD_PATH } from '../common/constants.ts';
import { addItems, createList, expectNoAxeViolations, expectScreenshots, newEmail, openNewList, PASSWORD, registerUser } from './fixtures.ts';
import { linkIn, mailsTo } from './mailbox.ts';

/**
 * The screens and dialogs no other spec reaches, checked with axe (and the screen compared with its
 * baselines); the others are checked where their specs reach them.
 */

test('reset password: the page a reset link opens, and one whose link is incomplete', async ({ page, request, baseURL }) => {
  const email = newEmail('reset');
  expect((await request.post(`${API_BASE_PATH}/auth/register`, { data: { email, password: PASSWORD } })).status()).toBe(201);
  expect((await request.post(`${API_BASE_PATH}/auth/password-reset`, { data: { email } })).ok()).toBe(true);
  const port = new URL(baseURL!).port;
  await expect.poll(() => mailsTo(port, email).filter((mail) => mail.subject === 'Reset your Listo password').length).toBe(1);

  await page.goto(linkIn(mailsTo(port, email).at(-1)!, RESET_PASSWORD_PATH));
  await expect(page.getByLabel('Confirm new password')).toBeVisible();
  await expectNoAxeViolations(page, 'reset password');
  await expectScreenshots(page, 'reset-password');

  await page.goto(RESET_PASSWORD_PATH);
  await expect(page.getByText('This link is incomplete.', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page, 'reset password, an incomplete link');
});

test('a sign-in, a link or Back gives the focus to the heading of the screen it opens; a page just opened leaves it to the browser', async ({ page }) => {
  await registerUser(page, 'arrival');
  const lists = page.getByRole('heading', { name: 'Your lists', level: 1 });
  await expect(lists).toBeFocused();

  await (await createList(page, 'Camping')).click();
  await expect(page.getByRole('heading', { name: 'Camping', level: 1 })).toBeFocused();
  await page.getByRole('link', { name: 'Back to lists' }).press('Enter');
  await expect(lists).toBeFocused();
  await page.getByRole('link', { name: 'Account Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Account Settings', level: 1 })).toBeFocused();

  const fresh = await page.context().newPage();
  await fresh.goto('/account');
  await expect(fresh.getByRole('heading', { name: 'Account Settings', level: 1 })).toBeVisible();
  expect(await fresh.evaluate(() => document.activeElement === document.body)).toBe(true);
});

test('items from a photo: the dialog of the add bar\'s camera button, which gives the focus back', async ({ page, context }) => {
  await context.grantPermissions(['camera']);
  await registerUser(page, 'photo');
  await openNewList(page, 'From a photo');
  const button = page.getByRole('button', { name: AI_TEXT.photoButton });
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Take a Photo' });
  await expect(dialog.getByRole('button', { name: 'Capture' })).toBeEnabled();
  await expectNoAxeViolations(page, 'items from a photo');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(button).toBeFocused();
});

test('in a high-contrast mode (forced colours) the chosen access stays marked, and dialogs keep an edge', async ({ page }) => {
  await registerUser(page, 'contrast');
  await openNewList(page, 'Garden');
  await page.emulateMedia({ forcedColors: 'active' });
  await page.getByRole('button', { name: 'List options' }).click();
  await page.getByRole('menuitem', { name: 'Share List' }).click();
  const sheet = page.getByRole('dialog', { name: 'Share List' });
  const choice = (label: string) => sheet.locator('label').filter({ has: page.getByRole('radio', { name: new RegExp(label) }) });
  const edge = (label: string) => choice(label).evaluate((element) => getComputedStyle(element).borderTopWidth);
  expect(await edge(UI_TEXT.accessLinkView)).not.toBe('0px');
  await sheet.getByRole('radio', { name: new RegExp(UI_TEXT.accessLinkView) }).check();
  await expect(sheet.getByRole('radio', { name: new RegExp(UI_TEXT.accessLinkView) })).toBeChecked();
  expect(await sheet.evaluate((element) => getComputedStyle(element).borderTopWidth)).not.toBe('0px');
});

test('asked for less motion, a swiped row moves at once, without sliding', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await registerUser(page, 'still');
  await openNewList(page, 'Garden');
  await addItems(page, 'rake');
  const durations = () =>
    page.evaluate(() =>
      [document.querySelector('[data-testid="item-row"]')!].map((element) => getComputedStyle(element).transitionDuration),
    );
  expect(await durations()).toEqual(['0s']);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await durations()).toEqual(['0.2s']);
});
