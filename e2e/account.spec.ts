import { expect, test, type Page } from '@playwright/test';
import { VERIFY_EMAIL_PATH } from '../common/constants.ts';
import { SERVER_MESSAGES, UI_TEXT } from '../common/messages.ts';
import { createList, expectNoAxeViolations, expectScreenshots, expectSignedIn, PASSWORD, registerAs, registerUser, submitAuthForm } from './fixtures.ts';
import { linkIn, mailsTo } from './mailbox.ts';

test('account settings: read-only e-mail, first name, AI access, version, password change', async ({ page }) => {
  const email = await registerAs(page, 'account@example.com');
  await page.getByRole('link', { name: 'Account Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  await expect(page.getByTestId('ai-status')).toHaveText(/enabled|disabled/);
  await expect(page.getByText('Version 20250904115557')).toBeVisible();

  await page.getByLabel('First Name').fill('Ada');
  await page.getByRole('button', { name: 'Save' }).click();
  // The form's own outcome: the e-mail confirmation above it has another.
  const saved = page.getByRole('region', { name: 'Profile' }).locator('form').getByRole('status');
  await expect(saved).toHaveText('Profile updated successfully!');
  await expect(saved).toHaveText('', { timeout: 4000 });
  await expectNoAxeViolations(page, 'Account Settings, e-mail not confirmed');
  await expectScreenshots(page, 'account-settings');

  const form = page.getByRole('region', { name: 'Change Password' });
  const submit = form.getByRole('button', { name: 'Change Password' });
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('Current password is required');
  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByLabel('New password', { exact: true }).fill('12345');
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('New password must be at least 6 characters long');
  await form.getByLabel('New password', { exact: true }).fill('new-secret');
  await form.getByLabel('Confirm new password').fill('other-secret');
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('New passwords do not match');
  await form.getByLabel('Current password').fill('wrong-password');
  await form.getByLabel('Confirm new password').fill('new-secret');
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('Current password is incorrect');
  await form.getByLabel('Current password').fill(PASSWORD);
  await submit.click();
  await expect(form.getByRole('status')).toHaveText('Password changed successfully!');
  await expect(form.getByRole('status')).toHaveText('', { timeout: 4000 });

  await page.getByRole('button', { name: 'Logout' }).click();
  await submitAuthForm(page, email, 'new-secret', 'Login');
  // Logout lands on / (AppHeader): the new password works, and the name was kept.
  await expectSignedIn(page, email);
  await page.getByRole('link', { name: 'Account Settings' }).click();
  await expect(page.getByLabel('First Name')).toHaveValue('Ada');
});

/** The page fits a 320 px wide phone: nothing sticks out sideways. */
async function expectFitsNarrowScreen(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  if (size) await page.setViewportSize(size);
}

/** The e-mail field shows the whole address: nothing cut sideways or below, nothing past the screen. */
async function expectEmailShownWhole(page: Page, email: string) {
  const field = page.getByLabel('Email');
  await expect(field).toHaveValue(email);
  await expect(field).toHaveAttribute('readonly', '');
  const shown = await field.evaluate((element) => ({
    cutSideways: element.scrollWidth > element.clientWidth,
    cutBelow: element.scrollHeight > element.clientHeight,
    right: element.getBoundingClientRect().right,
  }));
  expect(shown).toEqual({ cutSideways: false, cutBelow: false, right: expect.any(Number) });
  expect(shown.right).toBeLessThanOrEqual(320);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
}

test('at 320 px a long e-mail address is shown whole, wrapped, not cut, also where CSS cannot size the field', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const email = await registerAs(page, `a.very.long.address.that.does.not.fit.${Date.now()}@subdomain.example.com`);
  await page.getByRole('link', { name: 'Account Settings' }).click();
  await expectEmailShownWhole(page, email);

  // A browser without `field-sizing: content` (older Safari and Firefox): the page sizes it.
  await page.addInitScript(() => {
    const supports = CSS.supports.bind(CSS);
    CSS.supports = (...query: [string, string?]) => (query[0] === 'field-sizing' ? false : supports(...(query as [string, string])));
    document.addEventListener('DOMContentLoaded', () => {
      document.head.append(Object.assign(document.createElement('style'), { textContent: 'textarea { field-sizing: fixed !important; }' }));
    });
  });
  await page.reload();
  await expectEmailShownWhole(page, email);
});

test('e-mail confirmation: a new link on request, the link confirms, every tab shows it, a used link says so', async ({ page, browser, baseURL }) => {
  const email = await registerUser(page);
  const port = new URL(baseURL!).port;
  await expect.poll(() => mailsTo(port, email).map((mail) => mail.subject)).toEqual(['Confirm your e-mail address for Listo']);

  await page.getByRole('link', { name: 'Account Settings' }).click();
  const emailState = page.getByTestId('email-state');
  await expect(emailState).toHaveText(UI_TEXT.emailNotConfirmed);
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription(UI_TEXT.emailNotConfirmed);
  await expect(page.getByText(UI_TEXT.emailUnconfirmedHint)).toBeVisible();
  const resend = page.getByRole('button', { name: UI_TEXT.resendVerification });
  await resend.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(SERVER_MESSAGES.verificationSent)).toHaveRole('status');
  await expectFitsNarrowScreen(page);
  await expectNoAxeViolations(page, 'Account Settings, a new confirmation link sent');
  await expect.poll(() => mailsTo(port, email).length).toBe(2);
  const link = linkIn(mailsTo(port, email).at(-1)!, VERIFY_EMAIL_PATH);

  // Opened in a second tab; this one shows the address confirmed without a reload.
  const tab = await page.context().newPage();
  await tab.goto(link);
  await expect(tab.getByRole('status')).toHaveText(SERVER_MESSAGES.emailVerified);
  await expectFitsNarrowScreen(tab);
  await expectNoAxeViolations(tab, 'verify e-mail, confirmed');
  await expectScreenshots(tab, 'verify-email');
  await expect(emailState).toHaveText(UI_TEXT.emailConfirmed);
  await expect(resend).toHaveCount(0);

  await tab.getByRole('link', { name: UI_TEXT.goToLists }).click();
  await expectSignedIn(tab, email);
  await tab.getByRole('link', { name: 'Account Settings' }).click();
  await expect(tab.getByTestId('email-state')).toHaveText(UI_TEXT.emailConfirmed);
  await expectNoAxeViolations(tab, 'Account Settings, e-mail confirmed');

  // On a device that is signed out, the link asks for the sign-in first (it proves the address
  // only to the account's password holder); used already, it then says the address is confirmed.
  const elsewhere = await (await browser.newContext()).newPage();
  await elsewhere.goto(link);
  await expect(elsewhere.getByRole('heading', { name: UI_TEXT.verifyEmailSignInTitle })).toBeVisible();
  await expect(elsewhere.getByText(UI_TEXT.verifyEmailSignIn)).toBeVisible();
  await expectFitsNarrowScreen(elsewhere);
  await expectNoAxeViolations(elsewhere, 'verify e-mail, signed out');
  await submitAuthForm(elsewhere, email, PASSWORD, 'Login');
  await expect(elsewhere.getByRole('status')).toHaveText(SERVER_MESSAGES.emailVerified);
  await expect(elsewhere.getByRole('alert')).toBeEmpty();
  await expectNoAxeViolations(elsewhere, 'verify e-mail, a used link of a confirmed address');
  await elsewhere.getByRole('link', { name: UI_TEXT.goToLists }).click();
  await elsewhere.getByRole('link', { name: 'Account Settings' }).click();
  await expect(elsewhere.getByTestId('email-state')).toHaveText(UI_TEXT.emailConfirmed);
  await elsewhere.context().close();
});

test('at 320 px an account is deleted once its password is given: signed out, told so, and it signs in no more', async ({ page, browser }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const email = await registerUser(page, 'deleting');
  await createList(page, 'Soon gone');
  const otherDevice = await (await browser.newContext()).newPage();
  await otherDevice.goto('/');
  await submitAuthForm(otherDevice, email, PASSWORD, 'Login');
  await expect(otherDevice.getByRole('link', { name: 'Soon gone' })).toBeVisible();
  await page.getByRole('link', { name: 'Account Settings' }).click();
  const card = page.getByRole('region', { name: UI_TEXT.deleteAccount });
  await expect(card).toContainText(UI_TEXT.deleteAccountExplained);
  await card.getByRole('button', { name: 'Delete account…' }).click();

  const dialog = page.getByRole('dialog', { name: UI_TEXT.deleteAccount });
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(320);
  await expectNoAxeViolations(page, 'Delete Account dialog');
  await dialog.getByLabel('Current password').fill('wrong-password');
  // From the keyboard: the focus stays in the dialog, and the refusal takes it back to the password.
  await dialog.getByRole('button', { name: 'Delete account' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText(SERVER_MESSAGES.currentPasswordWrong);
  await expect(dialog.getByLabel('Current password')).toBeFocused();
  await dialog.getByLabel('Current password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete account' }).click();

  await expect(page.getByRole('status').filter({ hasText: UI_TEXT.accountDeleted })).toBeVisible();
  await expect(page).toHaveURL('/');
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('listo_') && key !== 'listo_theme'))).toEqual([]);
  await submitAuthForm(page, email, PASSWORD, 'Login');
  await expect(page.getByRole('alert')).toHaveText(SERVER_MESSAGES.invalidCredentials);
  // The other device, signed in meanwhile, is told too: its live connection says why it closed.
  await expect(otherDevice.getByRole('status').filter({ hasText: UI_TEXT.accountDeletedElsewhere(email) })).toBeVisible();
  await otherDevice.context().close();
});
