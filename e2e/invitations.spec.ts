import { expect, test, type Browser, type Page } from '@playwright/test';
import { MESSAGES, SERVER_MESSAGES, UI_TEXT } from '../common/messages.ts';
import { addItems, apiToken, expectNoAxeViolations, newEmail, openNewList, PASSWORD, registerUser } from './fixtures.ts';

/**
 * A household on a server without mail (e2e/serve.ts sets no SMTP_URL): invitations come with a
 * one-time link, the invitee's dashboard says what waits for them, and a public list's link shows
 * the list. At 390 px, the layouts checked at 320 px too.
 */
test.use({ viewport: { width: 390, height: 780 } });

async function newPerson(browser: Browser, prefix: string, firstName?: string): Promise<{ page: Page; email: string }> {
  const page = await (await browser.newContext({ viewport: { width: 390, height: 780 } })).newPage();
  const email = await registerUser(page, prefix);
  if (firstName) {
    const named = await page.request.put('/api/v1/auth/profile', { headers: { authorization: `Bearer ${await apiToken(page)}` }, data: { first_name: firstName } });
    expect(named.status()).toBe(200);
  }
  return { page, email };
}

async function openShareDialog(page: Page) {
  await page.getByRole('button', { name: 'List options' }).click();
  await page.getByRole('menuitem', { name: 'Share List' }).click();
  return page.getByRole('dialog', { name: 'Share List' });
}

/** Nothing wider than the window (a 320 px phone). */
async function expectNoSideways(page: Page) {
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 390, height: 780 });
}

test('an invitation without mail: the dashboard says it waits, the owner passes on a one-time link, and it opens the list', async ({ browser }) => {
  const alice = await newPerson(browser, 'alice', 'Alice');
  const bob = await newPerson(browser, 'bob');
  const listId = await openNewList(alice.page, 'Weekend');
  await addItems(alice.page, 'tent');

  // The dialog says this server cannot send mail, and inviting gives a link to pass on.
  const dialog = await openShareDialog(alice.page);
  await expect(dialog.getByText(UI_TEXT.noMailNotice)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Invite by e-mail' }).fill(bob.email);
  await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(dialog.getByText(UI_TEXT.invitationLinkMade(bob.email))).toBeVisible();
  const link = await dialog.getByRole('textbox', { name: UI_TEXT.copyInvitationLink(bob.email) }).inputValue();
  expect(link).toMatch(/\/invitation#[\w-]{43}$/);
  // Pending in the members list, with its link to copy again.
  const member = dialog.getByRole('listitem').filter({ hasText: bob.email });
  await expect(member).toContainText('(invited)');
  await expect(member.getByRole('button', { name: UI_TEXT.copyInvitationLink(bob.email) })).toBeVisible();
  await expectNoAxeViolations(alice.page, 'Share List, an invitation link');
  await expectNoSideways(alice.page);

  // Bob, registered but unconfirmed, has had his dashboard open all along: it shows, live, what
  // waits and what to do, never "No lists yet".
  await expect(bob.page.getByText(UI_TEXT.invitationFrom('Alice', 'Weekend', UI_TEXT.permissionWords.edit))).toBeVisible();
  await expect(bob.page.getByText(UI_TEXT.invitationNoMail('Alice'))).toBeVisible();
  await expect(bob.page.getByText(UI_TEXT.noLists)).toHaveCount(0);
  await expectNoAxeViolations(bob.page, 'dashboard with an invitation');
  await expectNoSideways(bob.page);

  // The link is the proof: opening it signed in accepts the invitation and opens the list.
  await bob.page.goto(link);
  await expect(bob.page).toHaveURL(`/lists/${listId}`);
  await expect(bob.page.getByTestId('item-row')).toHaveText([/tent/]);
  await expect(bob.page.getByPlaceholder('Add item...')).toBeVisible();
  await expect(member).not.toContainText('(invited)');
  await bob.page.getByRole('link', { name: 'Back to lists' }).click();
  await expect(bob.page.getByRole('link', { name: 'Weekend' })).toBeVisible();
  await expect(bob.page.getByText(UI_TEXT.invitationsTitle)).toHaveCount(0);

  // Used once: anyone else who opens it is told so, and gets nothing.
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto(link);
  await expect(stranger.getByRole('alert')).toHaveText(SERVER_MESSAGES.invitationLinkUsed);
  await expectNoAxeViolations(stranger, 'a used invitation link');
});

test('signed out, an invitation link leads through sign-up and back; a withdrawn one says so', async ({ browser }) => {
  const alice = await newPerson(browser, 'alice', 'Alice');
  await openNewList(alice.page, 'Chores');
  const dialog = await openShareDialog(alice.page);
  const invite = async (email: string, permission: string) => {
    await dialog.getByRole('textbox', { name: 'Invite by e-mail' }).fill(email);
    await dialog.getByRole('combobox', { name: 'Permission' }).selectOption(permission);
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
    return dialog.getByRole('textbox', { name: UI_TEXT.copyInvitationLink(email) }).inputValue();
  };
  const carol = newEmail('carol');
  const link = await invite(carol, 'view');

  const visitor = await (await browser.newContext({ viewport: { width: 390, height: 780 } })).newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name: MESSAGES.invitedTitle })).toBeVisible();
  await expect(visitor.getByText(UI_TEXT.invitationLinkFrom('Alice', 'Chores', UI_TEXT.permissionWords.view))).toBeVisible();
  await expectNoAxeViolations(visitor, 'sign-in with an invitation link');
  await visitor.getByLabel('Email').fill(carol);
  await visitor.getByLabel('Password').fill(PASSWORD);
  await visitor.getByRole('button', { name: MESSAGES.createAccountAndJoin }).click();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Chores');
  await expect(visitor.getByText(UI_TEXT.viewOnlyList)).toBeVisible();

  // Withdrawn before use: the link says so and grants nothing.
  const dave = newEmail('dave');
  const withdrawn = await invite(dave, 'edit');
  await dialog.getByRole('button', { name: new RegExp(`${dave}: Edit. Change access`) }).click();
  await alice.page.getByRole('menuitem', { name: 'Remove' }).click();
  await alice.page.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(dialog.getByRole('listitem').filter({ hasText: dave })).toHaveCount(0);
  const late = await (await browser.newContext()).newPage();
  await late.goto(withdrawn);
  await expect(late.getByRole('alert')).toHaveText(SERVER_MESSAGES.invitationLinkRevoked);
});

for (const [choice, label] of [
  ['invited', UI_TEXT.accessInvited],
  ['link-view', UI_TEXT.accessLinkView],
  ['link-edit', UI_TEXT.accessLinkEdit],
] as const) {
  test(`one choice of who can open a list: "${label}"`, async ({ browser }) => {
    const owner = await newPerson(browser, 'owner');
    const listId = await openNewList(owner.page, 'Picnic');
    await addItems(owner.page, 'plates');
    const dialog = await openShareDialog(owner.page);
    await expect(dialog.getByRole('radio')).toHaveCount(3);
    await dialog.getByRole('radio', { name: new RegExp(label) }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(owner.page.getByText(MESSAGES.shareSettingsUpdated, { exact: true })).toBeVisible();
    if (choice === 'link-view') {
      await expectNoAxeViolations(owner.page, 'Share List, one choice');
      await expectNoSideways(owner.page);
    }
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Signed out, the share link shows the list at once, or (only invited people) the sign-in.
    const visitor = await (await browser.newContext({ viewport: { width: 390, height: 780 } })).newPage();
    await visitor.goto(`/join/${listId}`);
    if (choice === 'invited') {
      await expect(visitor.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
      await expect(visitor.getByTestId('item-row')).toHaveCount(0);
      return;
    }
    await expect(visitor.getByRole('heading', { name: 'Picnic' })).toBeVisible();
    await expect(visitor.getByTestId('item-row')).toHaveText([/plates/]);
    await expect(visitor.getByPlaceholder('Add item...')).toHaveCount(0);
    // Live.
    await addItems(owner.page, 'cups');
    await expect(visitor.getByTestId('item-row')).toHaveCount(2);
    await expectNoAxeViolations(visitor, 'a public list by its share link, signed out');

    // Signed in, the list too; adding it to one's lists is the second step.
    const reader = await newPerson(browser, 'reader');
    await reader.page.goto(`/join/${listId}`);
    await expect(reader.page).toHaveURL(`/lists/${listId}`);
    await expect(reader.page.getByTestId('item-row')).toHaveCount(2);
    await expect(reader.page.getByPlaceholder('Add item...')).toHaveCount(choice === 'link-edit' ? 1 : 0);
    await reader.page.getByRole('button', { name: UI_TEXT.joinToKeep }).click();
    await expect(reader.page.getByRole('button', { name: UI_TEXT.joinToKeep })).toHaveCount(0);
    await reader.page.getByRole('link', { name: 'Back to lists' }).click();
    await expect(reader.page.getByRole('link', { name: 'Picnic' })).toBeVisible();
  });
}

test('a member removed from a public list falls back to its public view, live, never to an empty list', async ({ browser }) => {
  const owner = await newPerson(browser, 'owner');
  const listId = await openNewList(owner.page, 'Fair');
  await addItems(owner.page, 'tickets, lemonade');
  const token = await apiToken(owner.page);
  const headers = { authorization: `Bearer ${token}` };
  expect((await owner.page.request.put(`/api/v1/lists/${listId}/visibility`, { headers, data: { visibility: 'public', public_editable: false, allow_link_sharing: false } })).status()).toBe(200);
  const member = await newPerson(browser, 'member');
  await member.page.goto(`/join/${listId}?join=1`);
  await expect(member.page).toHaveURL(`/lists/${listId}`);
  await expect(member.page.getByTestId('item-row')).toHaveCount(2);
  const shares = await (await owner.page.request.get(`/api/v1/lists/${listId}/shares`, { headers })).json();
  const userId = shares.shares[0].user_id as string;

  expect((await owner.page.request.delete(`/api/v1/lists/${listId}/shares/${userId}`, { headers })).status()).toBe(204);
  await expect(member.page.getByText(UI_TEXT.viewOnlyList)).toBeVisible();
  await expect(member.page.getByTestId('item-row')).toHaveCount(2);
  await expect(member.page.getByText(UI_TEXT.noItemsToRead)).toHaveCount(0);
  await expect(member.page.getByRole('button', { name: UI_TEXT.joinToKeep })).toBeVisible();
});

test('a list deleted while its invitation waits leaves the open dashboard of the invitee, live, at 320 px too', async ({ browser }) => {
  const alice = await newPerson(browser, 'alice', 'Alice');
  const bob = await newPerson(browser, 'bob');
  await bob.page.setViewportSize({ width: 320, height: 640 });
  await openNewList(alice.page, 'Barbecue');
  const dialog = await openShareDialog(alice.page);
  await dialog.getByRole('textbox', { name: 'Invite by e-mail' }).fill(bob.email);
  await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(dialog.getByText(UI_TEXT.invitationLinkMade(bob.email))).toBeVisible();
  const invitation = bob.page.getByText(UI_TEXT.invitationFrom('Alice', 'Barbecue', UI_TEXT.permissionWords.edit));
  await expect(invitation).toBeVisible();

  await alice.page.keyboard.press('Escape');
  // Her first share offers notifications; not now.
  await alice.page.getByRole('dialog', { name: 'Hear when they add something?' }).getByRole('button', { name: 'Not now' }).click();
  await alice.page.getByRole('link', { name: 'Back to lists' }).click();
  await alice.page.getByRole('button', { name: 'Delete Barbecue' }).click();
  await alice.page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(alice.page.getByRole('link', { name: 'Barbecue' })).toHaveCount(0);

  // No invitation to a list that is gone: Bob's dashboard, never reloaded, says what a new one says.
  await expect(invitation).toHaveCount(0);
  await expect(bob.page.getByText(UI_TEXT.invitationsTitle)).toHaveCount(0);
  await expect(bob.page.getByText(UI_TEXT.noLists)).toBeVisible();
  expect(await bob.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
