import { expect, test } from '@playwright/test';
import { UI_TEXT } from '../common/messages.ts';
import {
  addItems,
  apiToken,
  expectNoAxeViolations,
  expectScreenshots,
  newEmail,
  openNewList,
  PASSWORD,
  registerAs,
  registerUser,
  toast,
} from './fixtures.ts';

test('share by link: a signed-out visitor sees the invitation, registers, joins; view-only then cannot edit', async ({ page, browser }) => {
  const ownerEmail = await registerAs(page, 'share-owner@example.com');
  const listId = await openNewList(page, 'Picnic');
  await addItems(page, 'plates, cups');
  await expect(page.getByTestId('item-row')).toHaveCount(2);

  await page.getByRole('button', { name: 'List options' }).click();
  await page.getByRole('menuitem', { name: 'Share List' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share List' });
  await expectNoAxeViolations(page, 'Share List');
  await expectScreenshots(page, 'share-list');
  await dialog.getByRole('radio', { name: new RegExp(UI_TEXT.accessLinkEdit) }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Share settings updated successfully!')).toBeVisible();
  // A private list people join by link (link sharing, as earlier versions let owners set it):
  // signed out, its link shows the invitation, not the list.
  const linkShared = await page.request.put(`/api/v1/lists/${listId}/visibility`, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    data: { visibility: 'private', public_editable: true, allow_link_sharing: true },
  });
  expect(linkShared.status()).toBe(200);
  // The toast keeps clear of the open modal, as a centred card and as a phone's bottom sheet.
  for (const viewport of [{ width: 1280, height: 720 }, { width: 360, height: 740 }, { width: 320, height: 640 }]) {
    await page.setViewportSize(viewport);
    const [note, sheet] = [(await toast(page, 'Share settings updated successfully!').boundingBox())!, (await dialog.boundingBox())!];
    expect(note.y + note.height <= sheet.y || note.y >= sheet.y + sheet.height).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  const link = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();
  expect(link).toBe(`${new URL(page.url()).origin}/join/${listId}`);
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied!' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeVisible({ timeout: 3000 });
  // The success toast is still up: Escape must reach the dialog, not the toast.
  await expect(toast(page, 'Share settings updated successfully!')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // A second person, signed out, in their own browser context.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(link);
  await expect(guest.getByRole('heading', { name: "You've been invited!" })).toBeVisible();
  await expect(guest.getByText('"Picnic"')).toBeVisible();
  await expect(guest.getByText("You'll need an account to access this shared list.")).toBeVisible();
  await expectNoAxeViolations(guest, 'sign-in with an invitation');
  await expectScreenshots(guest, 'sign-in-invitation');
  const guestEmail = 'share-guest@example.com';
  await guest.getByLabel('Email').fill(guestEmail);
  await guest.getByLabel('Password').fill(PASSWORD);
  await guest.getByRole('button', { name: 'Create Account & Join' }).click();
  await expect(guest).toHaveURL(`/lists/${listId}`);
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText('Picnic');
  await expect(guest.getByTestId('item-row')).toHaveCount(2);
  await expect(guest.getByPlaceholder('Add item...')).toBeVisible();
  await expect(guest.getByText(UI_TEXT.viewOnlyList)).toHaveCount(0);

  // Live, both ways, without a reload.
  await addItems(guest, 'napkins');
  await expect(page.getByTestId('item-row').filter({ hasText: 'napkins' })).toBeVisible();
  await addItems(page, 'lemonade');
  await expect(guest.getByTestId('item-row').filter({ hasText: 'lemonade' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'plates' }).check();
  await expect(guest.getByRole('checkbox', { name: 'plates' })).toBeChecked();

  // The member is on a checkbox, from the keyboard, when the right to tick it goes.
  await guest.getByRole('checkbox', { name: 'plates' }).focus();

  // The owner sees the member and makes them view-only from the dashboard tag.
  await page.getByRole('link', { name: 'Back to lists' }).click();
  await page.getByRole('button', { name: new RegExp(`shared: ${guestEmail}`) }).click();
  await expectNoAxeViolations(page, 'permission menu of a shared tag');
  await expectScreenshots(page, 'permission-menu');
  await page.getByRole('menuitemradio', { name: 'View only' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`shared: ${guestEmail}, view`) })).toBeVisible();

  // Live too: the add bar goes away without a reload, and the page says why.
  await expect(guest.getByPlaceholder('Add item...')).toHaveCount(0);
  await expect(guest.getByText(UI_TEXT.viewOnlyList)).toBeVisible();
  // The focus goes to the words that say why, not to the page.
  await expect(guest.getByText(UI_TEXT.viewOnlyList)).toBeFocused();
  await guest.reload();
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText('Picnic');
  await expect(guest.getByPlaceholder('Add item...')).toHaveCount(0);
  await expect(guest.getByRole('checkbox', { name: 'plates' })).toBeDisabled();
  await expectNoAxeViolations(guest, 'list, read-only for a view member');
  await guest.getByRole('link', { name: 'Back to lists' }).click();
  await expect(guest.getByRole('link', { name: 'Picnic' })).toBeVisible();
  await expect(guest.getByText('view', { exact: true })).toBeVisible();
  expect(ownerEmail).not.toBe(guestEmail);

  // Remove access asks first; the member has the list open meanwhile.
  await guest.getByRole('link', { name: 'Picnic' }).click();
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText('Picnic');
  await page.getByRole('button', { name: new RegExp(`shared: ${guestEmail}`) }).click();
  await page.getByRole('menuitem', { name: 'Remove' }).click();
  await expect(page.getByText('Are you sure you want to remove access for this user?')).toBeVisible();
  await expectNoAxeViolations(page, 'confirm dialog, remove access');
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByRole('button', { name: new RegExp(`shared: ${guestEmail}`) })).toHaveCount(0);
  // The tag that held the focus is gone; the focus stays on the card.
  await expect(page.getByRole('link', { name: 'Picnic' })).toBeFocused();
  // The removed member is told, live, by the list's name, and led back to their lists, where it is gone.
  await expect(guest.getByRole('heading', { level: 1, name: UI_TEXT.listGone('Picnic') })).toBeFocused();
  await expectNoAxeViolations(guest, 'a list whose access was taken back');
  await guest.getByRole('link', { name: UI_TEXT.goToLists }).click();
  await expect(guest).toHaveURL('/');
  await expect(guest.getByRole('link', { name: 'Picnic' })).toHaveCount(0);
  await guestContext.close();
});

test('a public list opens for a signed-out visitor; a private one without link sharing refuses the join', async ({ page, browser }) => {
  await registerUser(page, 'owner');
  const listId = await openNewList(page, 'Bake sale');
  await addItems(page, '2 bags flour');
  await expect(page.locator('[data-pending="true"]')).toHaveCount(0);

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/join/${listId}`);
  // Private, no link sharing: no invitation; after signing up the join says why.
  await expect(visitor.getByRole('button', { name: 'Register', exact: true })).toBeVisible();
  await visitor.getByLabel('Email').fill(newEmail('visitor'));
  await visitor.getByLabel('Password').fill(PASSWORD);
  await visitor.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(visitor.getByRole('alert')).toHaveText("You don't have permission to access this list");
  await expectNoAxeViolations(visitor, 'join screen, refused');
  await expectScreenshots(visitor, 'join-error');
  await visitorContext.close();

  await page.getByRole('button', { name: 'List options' }).click();
  await page.getByRole('menuitem', { name: 'Share List' }).click();
  await page.getByRole('dialog').getByRole('radio', { name: new RegExp(UI_TEXT.accessLinkView) }).check();
  // From the keyboard: Save keeps the focus while it saves, so Escape still closes the dialog after.
  const save = page.getByRole('dialog').getByRole('button', { name: 'Save' });
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Share settings updated successfully!')).toBeVisible();
  await expect(save).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  const anonymous = await browser.newContext();
  const stranger = await anonymous.newPage();
  await stranger.goto(`/lists/${listId}`);
  await expect(stranger.getByRole('heading', { name: 'Bake sale' })).toBeVisible();
  await expect(stranger.getByTestId('item-row')).toHaveText([/2 bags\s*flour/]);
  await expect(stranger.getByPlaceholder('Add item...')).toHaveCount(0);
  await expectNoAxeViolations(stranger, 'public list, signed out');
  await expectScreenshots(stranger, 'public-list');
  // Its share link shows the list at once too; signing in to join is the second step.
  await stranger.goto(`/join/${listId}`);
  await expect(stranger.getByRole('heading', { name: 'Bake sale' })).toBeVisible();
  await stranger.getByRole('link', { name: UI_TEXT.signIn }).click();
  await expect(stranger.getByText('This is a public list that anyone can access.')).toBeVisible();
  await expect(stranger.getByRole('button', { name: 'Sign In & Join List' })).toBeVisible();
  await expectNoAxeViolations(stranger, 'join screen, a public list');
  await anonymous.close();
});

test('at 320 px a member leaves a list from the dashboard or its menu: it goes from their lists, and live from the owner\'s tags', async ({ page, browser }) => {
  await registerUser(page, 'leave-owner');
  const listId = await openNewList(page, 'Flat chores');
  const settings = await page.request.put(`/api/v1/lists/${listId}/visibility`, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    data: { visibility: 'private', public_editable: false, allow_link_sharing: true },
  });
  expect(settings.status()).toBe(200);
  await page.getByRole('link', { name: 'Back to lists' }).click();

  const memberContext = await browser.newContext({ viewport: { width: 320, height: 640 } });
  const member = await memberContext.newPage();
  const memberEmail = await registerUser(member, 'leaver');
  await member.goto(`/join/${listId}`);
  await expect(member.getByRole('heading', { name: 'Flat chores', level: 1 })).toBeVisible();
  await member.getByRole('link', { name: 'Back to lists' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`shared: ${memberEmail}`) })).toBeVisible();

  const card = member.getByRole('listitem').filter({ has: member.getByRole('link', { name: 'Flat chores' }) });
  await expect(card.getByRole('button', { name: 'Delete Flat chores' })).toHaveCount(0);
  const leave = card.getByRole('button', { name: 'Leave Flat chores' });
  const box = (await leave.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(320);
  await leave.click();
  const dialog = member.getByRole('dialog', { name: 'Leave list' });
  await expect(dialog).toContainText('Leave "Flat chores"? It goes from your dashboard; the others keep it.');
  await expectNoAxeViolations(member, 'confirm dialog, leave a list');
  await dialog.getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(member.getByRole('link', { name: 'Flat chores' })).toHaveCount(0);
  // The owner's tag of the member goes without a reload; the list itself stays the owner's.
  await expect(page.getByRole('button', { name: new RegExp(`shared: ${memberEmail}`) })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Flat chores' })).toBeVisible();
  await member.reload();
  await expect(member.getByPlaceholder('Create a new list...')).toBeVisible();
  await expect(member.getByRole('link', { name: 'Flat chores' })).toHaveCount(0);

  // Back by the link, and out again from the list's own "..." menu: to the dashboard, without it.
  await member.goto(`/join/${listId}`);
  await expect(member.getByRole('heading', { name: 'Flat chores', level: 1 })).toBeVisible();
  await member.getByRole('button', { name: 'List options' }).click();
  await member.getByRole('menuitem', { name: 'Leave list' }).click();
  await member.getByRole('dialog', { name: 'Leave list' }).getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(member).toHaveURL('/');
  await expect(member.getByPlaceholder('Create a new list...')).toBeVisible();
  await expect(member.getByRole('link', { name: 'Flat chores' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: new RegExp(`shared: ${memberEmail}`) })).toHaveCount(0);
  await memberContext.close();
});

test('Escape in the "Remove access" confirmation closes it alone, and the focus goes back to the member', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await registerUser(page, 'nested-escape');
  const listId = await openNewList(page, 'Escape');
  const invite = await page.request.post(`/api/v1/lists/${listId}/shares`, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    data: { email: 'nested-escape-bob@example.com', permission: 'edit' },
  });
  expect(invite.status()).toBe(201);
  await page.getByRole('button', { name: 'List options' }).click();
  await page.getByRole('menuitem', { name: 'Share List' }).click();
  const member = page.getByRole('button', { name: 'nested-escape-bob@example.com: Edit. Change access' });

  // Keyboard only: the member's menu, its last entry (Remove), the confirmation with Cancel focused.
  // Each key waits for the state it acts on: End before the menu is open chose "View only" once.
  await member.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('End');
  await expect(page.getByRole('menuitem', { name: 'Remove', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');

  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Share List' })).toBeVisible();
  await expect(member).toBeFocused();
});
