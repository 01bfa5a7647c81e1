import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN_MESSAGES, ADMIN_TEXT } from '../common/admin.ts';
import { UI_TEXT } from '../common/messages.ts';
import { E2E_ADMIN_EMAIL } from './admin-account.ts';
import {
  addItems,
  apiToken,
  confirmEmail,
  expectNoAxeViolations,
  expectScreenshots,
  expectSignedIn,
  newEmail,
  openNewList,
  PASSWORD,
  registerAs,
  registerUser,
  submitAuthForm,
} from './fixtures.ts';

/**
 * Who did what, and the administrators' page (docs/decisions/051), on a 390 px phone and at 320 px:
 * a name asked at sign-up and shown to the other members ("Alice added milk", "You added milk"),
 * the part of the address before the @ for an account without one; an administrator switching AI
 * access, confirming an address and disabling an account, which is signed out at once.
 */

const PHONE = { width: 390, height: 844 };
const NARROW = { width: 320, height: 640 };

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(PHONE);
});

async function otherBrowser(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: PHONE });
  return { page: await context.newPage(), close: () => context.close() };
}

const noSideways = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

test('a name given at sign-up names the changes: "Alice added milk" to the others, "You added milk" to Alice, live', async ({ page, browser }) => {
  await page.goto('/');
  const alice = newEmail('alice');
  await page.getByLabel(UI_TEXT.signUpFirstName).fill('Alice');
  await submitAuthForm(page, alice, PASSWORD, 'Register');
  await expectSignedIn(page, alice);
  const listId = await openNewList(page, 'Groceries');

  const bob = await otherBrowser(browser);
  const bobEmail = await registerUser(bob.page, 'bob');
  await confirmEmail(bob.page, bobEmail);
  const invite = await page.request.post(`/api/v1/lists/${listId}/shares`, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    data: { email: bobEmail, permission: 'edit' },
  });
  expect(invite.status()).toBe(201);
  await bob.page.goto('/');
  const bobCard = bob.page.getByRole('listitem').filter({ has: bob.page.getByRole('link', { name: 'Groceries' }) });
  await expect(bobCard).toBeVisible();

  await addItems(page, 'milk');
  await expect(page.getByTestId('last-change')).toHaveText(/^You added milk, just now$/);
  // Live on Bob's dashboard, without a reload.
  await expect(bobCard.getByTestId('last-change')).toHaveText(/^Alice added milk, just now$/);

  // Bob gave no name: Alice reads the part of his address before the @, never "Someone".
  await bob.page.goto(`/lists/${listId}`);
  await addItems(bob.page, 'eggs');
  await expect(bob.page.getByTestId('last-change')).toHaveText(/^You added eggs, just now$/);
  await expect(page.getByTestId('last-change')).toHaveText(`${bobEmail.split('@')[0]} added eggs, just now`);
  await expectNoAxeViolations(page, 'the list with another member\'s change');
  await page.setViewportSize(NARROW);
  await expect(page.getByTestId('last-change')).toBeVisible();
  await noSideways(page);
  await bob.close();
});

test('the sign-in page asks for a first name, optional, for a new account', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByLabel(UI_TEXT.signUpFirstName)).toHaveAccessibleDescription(UI_TEXT.signUpFirstNameHint);
  await expectNoAxeViolations(page, 'the sign-in page');
  await page.setViewportSize(NARROW);
  await noSideways(page);
});

test('an administrator switches AI access, confirms an address, and disables an account, which is signed out at once', async ({ page, browser }) => {
  // Two browsers, four confirmations and their live effects: longer than one screen's test.
  test.setTimeout(150_000);
  // Carol: a new account, address not confirmed, on her Account Settings in her own browser.
  const carol = await otherBrowser(browser);
  const carolEmail = await registerUser(carol.page, 'carol');
  await carol.page.getByRole('link', { name: UI_TEXT.accountSettings }).click();
  await expect(carol.page.getByTestId('ai-status')).toHaveText('enabled');

  // A member who is no administrator finds no link, and the page says it is not for them.
  await expect(carol.page.getByRole('link', { name: ADMIN_TEXT.link })).toHaveCount(0);
  await carol.page.goto('/admin');
  await expect(carol.page.getByRole('heading', { name: ADMIN_TEXT.notAdminTitle, level: 1 })).toBeVisible();
  await expect(carol.page.getByText(ADMIN_TEXT.notAdmin)).toBeVisible();
  await expectNoAxeViolations(carol.page, 'the administrators\' page refused');
  await carol.page.getByRole('link', { name: ADMIN_TEXT.toLists }).click();
  await carol.page.getByRole('link', { name: UI_TEXT.accountSettings }).click();

  await registerAs(page, E2E_ADMIN_EMAIL);
  await confirmEmail(page, E2E_ADMIN_EMAIL);
  await page.goto('/account');
  await page.getByRole('link', { name: ADMIN_TEXT.link }).click();
  await expect(page.getByRole('heading', { name: ADMIN_TEXT.title, level: 1 })).toBeVisible();
  await expect(page.getByText('SQLite')).toBeVisible();
  // Which users the page lists, how many, and the photos stored depend on the other tests of the
  // run: masked, and enough users that the list runs past the bottom of the screen in any run.
  await expect(page.getByTestId('admin-user')).not.toHaveCount(0);
  if ((await page.getByTestId('admin-user').count()) < 5) {
    for (let n = 0; n < 3; n++) {
      const extra = await page.request.post('/api/v1/auth/register', { data: { email: newEmail('extra'), password: PASSWORD } });
      expect(extra.status()).toBe(201);
    }
    await page.reload();
  }
  await expectScreenshots(page, 'admin', [page.getByTestId('admin-users'), page.getByTestId('user-count'), page.getByTestId('storage-used')]);
  await expect(page.getByText(ADMIN_TEXT.mailToLog)).toBeVisible();
  const entry = page.getByTestId('admin-user').filter({ hasText: carolEmail });
  await expect(entry).toContainText(ADMIN_TEXT.unconfirmed);
  await expect(entry).toContainText('0 lists');
  const outcome = page.getByRole('region', { name: /Users/ }).getByRole('status');

  // AI off: Carol's settings say so, and who can turn it on; on again, live.
  const ai = entry.getByRole('switch', { name: ADMIN_TEXT.aiAccessOf(carolEmail) });
  await ai.click();
  await expect(outcome).toHaveText(ADMIN_TEXT.aiDone(carolEmail, false));
  await expect(carol.page.getByTestId('ai-status')).toHaveText('disabled');
  await carol.page.reload();
  await expect(carol.page.getByTestId('ai-contacts')).toHaveText(ADMIN_TEXT.askAnAdmin([`admin (${E2E_ADMIN_EMAIL})`]));
  await ai.click();
  await expect(ai).toBeChecked();
  await expect(carol.page.getByTestId('ai-status')).toHaveText('enabled');

  // Her address, confirmed by the administrator: her settings say so at once.
  await entry.getByRole('button', { name: `${ADMIN_TEXT.confirmAddress} ${carolEmail}` }).click();
  await expect(outcome).toHaveText(ADMIN_TEXT.confirmedDone(carolEmail));
  await expect(entry).toContainText(ADMIN_TEXT.confirmed);
  await expect(carol.page.getByLabel('Email')).toHaveAccessibleDescription(UI_TEXT.emailConfirmed);

  await expectNoAxeViolations(page, 'the administrators\' page');
  await page.setViewportSize(NARROW);
  await noSideways(page);
  await page.setViewportSize(PHONE);

  // Disabled, after a confirmation that names her: signed out at once, and her sign-in refused.
  await entry.getByRole('button', { name: `${ADMIN_TEXT.disable} ${carolEmail}` }).click();
  const dialog = page.getByRole('dialog', { name: ADMIN_TEXT.disableTitle(carolEmail) });
  await expect(dialog).toContainText(ADMIN_TEXT.disableBody(carolEmail));
  await expectNoAxeViolations(page, 'the disable confirmation');
  await dialog.getByRole('button', { name: ADMIN_TEXT.disable }).click();
  await expect(outcome).toHaveText(ADMIN_TEXT.disabledDone(carolEmail));
  await expect(entry).toContainText(ADMIN_TEXT.disabled);
  await expect(carol.page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await submitAuthForm(carol.page, carolEmail, PASSWORD, 'Login');
  await expect(carol.page.getByRole('alert')).toHaveText(ADMIN_MESSAGES.accountDisabled);

  // Enabled again: she signs in.
  await entry.getByRole('button', { name: `${ADMIN_TEXT.enable} ${carolEmail}` }).click();
  await expect(outcome).toHaveText(ADMIN_TEXT.enabledDone(carolEmail));
  await submitAuthForm(carol.page, carolEmail, PASSWORD, 'Login');
  await expect(carol.page.getByRole('heading', { name: UI_TEXT.accountSettings, level: 1 })).toBeVisible();
  await carol.page.goto('/');
  await expectSignedIn(carol.page, carolEmail);

  // Deleted, after a confirmation that names the address; the administrator's own entry offers neither.
  const own = page.getByTestId('admin-user').filter({ hasText: E2E_ADMIN_EMAIL });
  await expect(own.getByRole('button', { name: new RegExp(`^(${ADMIN_TEXT.disable}|${ADMIN_TEXT.delete}) `) })).toHaveCount(0);
  await entry.getByRole('button', { name: `${ADMIN_TEXT.delete} ${carolEmail}` }).click();
  const deletion = page.getByRole('dialog', { name: ADMIN_TEXT.deleteTitle(carolEmail) });
  await expect(deletion).toContainText(ADMIN_TEXT.deleteBody(carolEmail));
  await deletion.getByRole('button', { name: ADMIN_TEXT.delete }).click();
  await expect(outcome).toHaveText(ADMIN_TEXT.deletedDone(carolEmail));
  await expect(entry).toHaveCount(0);
  await expect(carol.page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await carol.close();
});
