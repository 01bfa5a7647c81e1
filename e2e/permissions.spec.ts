import { expect, test, type Page } from '@playwright/test';
import { addItems, apiToken, confirmEmail, expectNoAxeViolations, openNewList, registerUser } from './fixtures.ts';

/** The page shows what the server's `can` allows for the signed-in user, and nothing else. */

async function makePublicEditable(owner: Page, listId: string) {
  const response = await owner.request.put(`/api/v1/lists/${listId}/visibility`, {
    headers: { authorization: `Bearer ${await apiToken(owner)}` },
    data: { visibility: 'public', public_editable: true, allow_link_sharing: false },
  });
  expect(response.status()).toBe(200);
}

test('a public editable list: a signed-in reader may add items; a view member sees it read-only', async ({ page, browser }) => {
  await registerUser(page, 'owner');
  const listId = await openNewList(page, 'Street party');
  await addItems(page, 'bunting');
  await makePublicEditable(page, listId);

  // A signed-in stranger opens the list by its URL: not a member, yet allowed to edit items.
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  await registerUser(reader, 'reader');
  await reader.goto(`/lists/${listId}`);
  await expect(reader.getByRole('heading', { name: 'Street party', level: 1 })).toBeVisible();
  // Not theirs to rename, share or delete: the "..." menu has no List Settings and no Share List.
  await reader.getByRole('button', { name: 'List options' }).click();
  await expect(reader.getByRole('menu')).toBeVisible();
  await expect(reader.getByRole('menuitem', { name: 'List Settings' })).toHaveCount(0);
  await expect(reader.getByRole('menuitem', { name: 'Share List' })).toHaveCount(0);
  await expectNoAxeViolations(reader, "a reader's list options menu");
  await reader.keyboard.press('Escape');
  await expect(reader.getByRole('menu')).toHaveCount(0);
  await addItems(reader, 'folding tables');
  await expect(page.getByTestId('item-row').filter({ hasText: 'folding tables' })).toBeVisible();
  await reader.getByRole('link', { name: 'Back to lists' }).click();
  await expect(reader.getByRole('link', { name: 'Street party' })).toHaveCount(0);

  // A member the owner made view-only: no add bar, no checkboxes to tick, whatever the list's flags.
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  const viewerEmail = await registerUser(viewer, 'viewer');
  // An invitation grants the list only to a proven address.
  await confirmEmail(viewer, viewerEmail);
  const invite = await page.request.post(`/api/v1/lists/${listId}/shares`, {
    headers: { authorization: `Bearer ${await apiToken(page)}` },
    data: { email: viewerEmail, permission: 'view' },
  });
  expect(invite.status()).toBe(201);
  await viewer.goto(`/lists/${listId}`);
  await expect(viewer.getByTestId('item-row')).toHaveCount(2);
  await expect(viewer.getByPlaceholder('Add item...')).toHaveCount(0);
  await expect(viewer.getByRole('checkbox', { name: 'bunting' })).toBeDisabled();
  await expectNoAxeViolations(viewer, 'list, read-only for a view member');

  // A long name keeps to two lines of the sticky header on a phone, and says itself whole on hover.
  const longName = 'Street-party-for-the-whole-neighbourhood-'.repeat(4);
  const rename = await page.request.put(`/api/v1/lists/${listId}`, { headers: { authorization: `Bearer ${await apiToken(page)}` }, data: { name: longName } });
  expect(rename.status()).toBe(200);
  await viewer.setViewportSize({ width: 320, height: 640 });
  const heading = viewer.getByRole('heading', { name: longName, level: 1 });
  await expect(heading).toHaveAttribute('title', longName);
  const lineHeight = await heading.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
  expect((await heading.boundingBox())!.height).toBeLessThanOrEqual(2 * lineHeight + 1);
  await readerContext.close();
  await viewerContext.close();
});
