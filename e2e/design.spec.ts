import { expect, test, type Locator, type Page } from '@playwright/test';
import { API_BASE_PATH, CUSTOM_PROMPT_MAX_LENGTH, FIRST_NAME_MAX_LENGTH, ITEM_CONTENT_MAX_LENGTH, LIST_NAME_MAX_LENGTH, STORAGE_KEYS } from '../common/constants.ts';
import { duplicateItemWarning, MESSAGES, UI_TEXT } from '../common/messages.ts';
import { PUSH_UI_TEXT } from '../common/push.ts';
import { REALTIME_PATH } from '../common/realtime.ts';
import { SPLIT_TEXT } from '../common/split-notice.ts';
import { addItems, confirmEmail, expectNoAxeViolations, expectScreenshots, itemTexts, newEmail, openNewList, registerAs, registerUser, toast } from './fixtures.ts';

/** The design: a phone's narrowest screen, the counts and the last change, the grouped view. */

/**
 * The elements of `scope` that run past the right edge of the screen (the page scrolls sideways, or
 * a sheet cuts them off), or that scroll sideways themselves. One clipped by a box of the page that
 * ends on screen (a one-line text cut with an ellipsis) does not: nothing of it shows there.
 */
async function overflowsRight(page: Page, scope: Locator): Promise<string[]> {
  const width = page.viewportSize()!.width;
  return scope.evaluate(
    (root, right) => {
      const clippedOnScreen = (element: Element) => {
        for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
          const overflow = getComputedStyle(box).overflowX;
          if (overflow === 'hidden' || overflow === 'clip') return box.getBoundingClientRect().right <= right + 0.5;
        }
        return false;
      };
      return [root, ...root.querySelectorAll('*')].flatMap((element) => {
        const box = element.getBoundingClientRect();
        const overflows = box.width > 0 && box.right > right + 0.5 && !clippedOnScreen(element);
        if (overflows) return [`${element.tagName}.${element.className} ends at ${box.right}`];
        // A word too long for its box overflows as text, past the box's own edge: a box that scrolls
        // sideways (a dialog's) then shows it only by scrolling.
        const scrolls = ['auto', 'scroll'].includes(getComputedStyle(element).overflowX) && element.scrollWidth > element.clientWidth + 1;
        return scrolls ? [`${element.tagName}.${element.className} scrolls sideways: ${element.scrollWidth} > ${element.clientWidth}`] : [];
      });
    },
    width,
  );
}

async function setProperties(page: Page, listId: string, content: string, properties: Record<string, unknown>) {
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  const headers = { authorization: `Bearer ${token}` };
  const { items } = (await (await page.request.get(`${API_BASE_PATH}/lists/${listId}/items`, { headers })).json()) as {
    items: { id: string; content: string }[];
  };
  const item = items.find((entry) => entry.content === content)!;
  const answer = await page.request.put(`${API_BASE_PATH}/lists/${listId}/items/${item.id}`, { headers, data: { properties } });
  expect(answer.ok()).toBe(true);
}

test('at 320 px: the list name is in view, Share List and Account Settings fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await registerUser(page, 'narrow');
  await openNewList(page, 'Groceries for the whole weekend barbecue');
  const name = page.getByRole('heading', { level: 1 });
  await expect(name).toBeInViewport({ ratio: 1 });
  expect((await name.boundingBox())!.width).toBeGreaterThan(150);

  await page.getByRole('button', { name: 'List options' }).click();
  await page.getByRole('menuitem', { name: 'Share List' }).click();
  const sheet = page.getByRole('dialog', { name: 'Share List' });
  await sheet.getByRole('radio', { name: new RegExp(UI_TEXT.accessLinkView) }).check();
  await sheet.getByRole('button', { name: 'Save' }).click();
  // The sheet scrolls (three choices above the link): the link's button fits whole once there.
  const copy = sheet.getByRole('button', { name: 'Copy link' });
  await copy.scrollIntoViewIfNeeded();
  await expect(copy).toBeInViewport({ ratio: 1 });
  await sheet.getByPlaceholder('name@example.com').fill('a.friend.with.a.rather.long.address@example.com');
  expect(await overflowsRight(page, sheet)).toEqual([]);
  // The outcome of inviting an address that has no place to break wraps too.
  const unbroken = 'averyveryveryverylonglocalpartwithoutanybreaks@subdomain.example-with-a-long-domain-name.com';
  await sheet.getByPlaceholder('name@example.com').fill(unbroken);
  await sheet.getByRole('button', { name: 'Invite', exact: true }).click();
  // This server sends no mail: the outcome is the invitation link to pass on.
  await expect(sheet.getByText(UI_TEXT.invitationLinkMade(unbroken))).toBeVisible();
  expect(await overflowsRight(page, sheet)).toEqual([]);
  await expectNoAxeViolations(page, 'Share List, link sharing on');
  await sheet.getByRole('button', { name: 'Close' }).click();
  // The first invitation earned the notifications offer, shown once the sheet is closed.
  await page.getByRole('dialog', { name: PUSH_UI_TEXT.offerTitle }).getByRole('button', { name: PUSH_UI_TEXT.offerDecline }).click();

  await page.getByRole('link', { name: 'Back to lists' }).click();
  await page.getByRole('link', { name: 'Account Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  expect(await overflowsRight(page, page.locator('body'))).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test('the dashboard card and the list header count done items and tell the last change, live', async ({ page, context }) => {
  await registerUser(page, 'counts');
  await openNewList(page, 'Picnic');
  await addItems(page, 'bread, cheese and grapes');
  await expect(page.locator('[data-pending="true"]')).toHaveCount(0);
  await expect(page.getByText('0 of 3 done')).toBeVisible();

  const dashboard = await context.newPage();
  await dashboard.goto('/');
  const card = dashboard.getByRole('listitem').filter({ has: dashboard.getByRole('link', { name: 'Picnic' }) });
  await expect(card).toContainText('0 of 3 done');
  await expect(card).toContainText('You added 3 items, just now');

  // A check-off on the list's page reaches the card on the other page.
  await page.getByRole('checkbox', { name: 'cheese' }).check();
  await expect(page.getByText('1 of 3 done')).toBeVisible();
  await expect(card).toContainText('1 of 3 done');
  await expect(card).toContainText('You checked off cheese, just now');
  await expect(page.getByText('You checked off cheese, just now')).toBeVisible();
});

test('sorted by department, items show under sticky group headings with their done count, the rest under Other', async ({ page }) => {
  await registerUser(page, 'groups');
  const listId = await openNewList(page, 'Shop');
  await addItems(page, 'milk, cheese, apples and nails');
  await expect(page.locator('[data-pending="true"]')).toHaveCount(0);
  await page.getByRole('button', { name: SPLIT_TEXT.dismiss }).click();
  await setProperties(page, listId, 'milk', { department: 'Dairy' });
  await setProperties(page, listId, 'cheese', { department: 'Dairy' });
  await setProperties(page, listId, 'apples', { department: 'Produce' });
  await page.getByRole('checkbox', { name: 'cheese' }).check();

  await page.getByRole('button', { name: /^Sort by/ }).click();
  // The property's sort, not the AI's "Department (AI)".
  await page.getByRole('menuitemradio', { name: 'Department', exact: true }).click();
  const items = page.getByRole('list', { name: 'Items' });
  await expect(items.getByRole('heading', { level: 2 })).toHaveText(['Dairy, 1 of 2 done', 'Produce, 0 of 1 done', 'Other, 0 of 1 done']);
  await expect(items.getByRole('listitem')).toHaveCount(4);
  await expect(items.getByRole('listitem').first()).toHaveAttribute('aria-setsize', '4');
  await expect(page.getByTestId('item-text')).toHaveText([/cheese|milk/, /cheese|milk/, /apples/, /nails/]);
  await expectNoAxeViolations(page, 'list, grouped by a property');
  await expectScreenshots(page, 'list-grouped');

  // Back to a sort that does not group: no headings.
  await page.getByRole('button', { name: /^Sort by/ }).click();
  await page.getByRole('menuitemradio', { name: 'Name A-Z' }).click();
  await expect(items.getByRole('heading')).toHaveCount(0);
});

test('at 320 px a word longer than the row wraps inside it (a quantity, a translation, a group heading), and a tag keeps to one line', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await registerUser(page, 'words');
  const listId = await openNewList(page, 'Metzgerei');
  await addItems(page, 'beef');
  await expect(page.locator('[data-pending="true"]')).toHaveCount(0);
  const word = 'Rindfleischetikettierungsüberwachungsgesetz';
  await setProperties(page, listId, 'beef', {
    qty: `99999999999999999999 ${word}`,
    name_de: word,
    department: word,
    tag_law: `Frozen Vegetables & Fruit ${word}`,
  });
  await page.getByRole('button', { name: /^Sort by/ }).click();
  await page.getByRole('menuitemradio', { name: 'Department', exact: true }).click();
  const items = page.getByRole('list', { name: 'Items' });
  await expect(items.getByRole('heading', { level: 2 })).toHaveText([new RegExp(`^${word}`, 'i')]);
  await expect(page.getByTestId('item-row').locator('[lang="de"]')).toBeVisible();
  // Every text of the row and of the heading ends inside the list (the rows clip what sticks out).
  const outside = await items.evaluate((list) => {
    const right = list.getBoundingClientRect().right;
    return [...list.querySelectorAll('*')].filter((element) => element.getBoundingClientRect().right > right + 0.5).map((element) => element.outerHTML.slice(0, 80));
  });
  expect(outside).toEqual([]);
  // A tag keeps to one line, never broken inside a word (docs/decisions/050): one longer than its
  // room ends in an ellipsis, its whole text in its title and read out with the row.
  const tags = page.getByTestId('item-row').locator('[class*="tags"] > span');
  await expect(tags).toHaveText([`Frozen Vegetables & Fruit ${word}`]);
  await expect(tags).toHaveAttribute('title', `Frozen Vegetables & Fruit ${word}`);
  expect(await tags.evaluateAll((spans) => spans.map((span) => getComputedStyle(span).whiteSpace))).toEqual(['nowrap']);
});

test('a long list shows a window of rows that keeps its place, an open rename and the keyboard walk', async ({ page }) => {
  await registerUser(page, 'long');
  const listId = await openNewList(page, 'Long');
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  const items = Array.from({ length: 150 }, (_, index) => ({ content: `item ${index + 1}` }));
  const added = await page.request.post(`${API_BASE_PATH}/lists/${listId}/items/batch`, {
    headers: { authorization: `Bearer ${token}` },
    data: { items },
  });
  expect(added.ok()).toBe(true);
  const list = page.getByRole('list', { name: 'Items' });
  await expect(page.getByRole('checkbox', { name: 'item 1', exact: true })).toBeVisible();
  const rows = list.getByRole('listitem');
  expect(await rows.count()).toBeLessThan(60);
  await expect(rows.first()).toHaveAttribute('aria-setsize', '150');
  await expect(rows.first()).toHaveAttribute('aria-posinset', '1');

  // Keyboard: Tab walks from row to row past the first window (five stops a row: the checkbox,
  // the image, the name, More actions and Delete); each row's checkbox has the focus before the
  // next five Tabs, so the window has moved along with it.
  await page.getByRole('checkbox', { name: 'item 1', exact: true }).focus();
  for (let row = 2; row <= 41; row++) {
    for (let press = 0; press < 5; press++) await page.keyboard.press('Tab');
    await expect(page.getByRole('checkbox', { name: `item ${row}`, exact: true })).toBeFocused();
  }

  // An open rename survives scrolling its row far away and back.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'item 2, rename item' }).click();
  await page.getByLabel('Item name').fill('item two');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.getByRole('checkbox', { name: 'item 150', exact: true })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByLabel('Item name')).toHaveValue('item two');
  await page.getByLabel('Item name').press('Enter');
  await expect(page.getByRole('checkbox', { name: 'item two', exact: true })).toBeVisible();

  // Checked with "Completed last", a row goes to the end with the focus, and the page follows it.
  await page.getByRole('button', { name: 'Completed last' }).click();
  await page.evaluate(() => window.scrollTo(0, 0));
  const third = page.getByRole('checkbox', { name: 'item 3', exact: true });
  await third.focus();
  await page.keyboard.press('Space');
  await expect(third).toBeChecked();
  await expect(third).toBeFocused();
  await expect(third).toBeInViewport();
});

test('at 360 px the invitation buttons each keep their words on one line', async ({ page, browser, baseURL }) => {
  await registerUser(page, 'inviter');
  const listId = await openNewList(page, 'Street party');
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  const shared = await page.request.put(`${API_BASE_PATH}/lists/${listId}/visibility`, {
    headers: { authorization: `Bearer ${token}` },
    data: { visibility: 'private', public_editable: false, allow_link_sharing: true },
  });
  expect(shared.ok()).toBe(true);

  const visitor = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  const guest = await visitor.newPage();
  await guest.goto(`/join/${listId}`);
  for (const name of [MESSAGES.signInAndJoin, MESSAGES.createAccountAndJoin]) {
    const button = guest.getByRole('button', { name });
    await expect(button).toBeVisible();
    const lineHeight = await button.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    const { height } = (await button.boundingBox())!;
    // One line of text plus the button's padding and border, not two lines.
    expect(height).toBeLessThan(2 * lineHeight + 8);
  }
  expect(await overflowsRight(guest, guest.locator('body'))).toEqual([]);
  await visitor.close();
});

test('a toast over a dialog taller than the screen leaves its title and Close button clear, on a phone and a laptop', async ({ page }) => {
  await registerUser(page, 'tall-sheet');
  const listId = await openNewList(page, 'Reunion');
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  // Five invitations make Share List taller than a 320 x 640 screen.
  for (const guest of ['ana', 'ben', 'cleo', 'dev', 'eli']) {
    const invite = await page.request.post(`${API_BASE_PATH}/lists/${listId}/shares`, {
      headers: { authorization: `Bearer ${token}` },
      data: { email: newEmail(guest), permission: 'edit' },
    });
    expect(invite.status()).toBe(201);
  }
  await page.getByRole('button', { name: 'List options' }).click();
  await page.getByRole('menuitem', { name: 'Share List' }).click();
  const sheet = page.getByRole('dialog', { name: 'Share List' });
  await sheet.getByRole('radio', { name: new RegExp(UI_TEXT.accessLinkView) }).check();
  await sheet.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, MESSAGES.shareSettingsUpdated)).toBeVisible();
  // The whole toast, its padding and Dismiss button included, not only its words.
  const note = toast(page, MESSAGES.shareSettingsUpdated).locator('xpath=ancestor::li[1]');
  for (const viewport of [{ width: 320, height: 640 }, { width: 1280, height: 640 }]) {
    await page.setViewportSize(viewport);
    const [noteBox, sheetBox] = [(await note.boundingBox())!, (await sheet.boundingBox())!];
    expect(sheetBox.height, 'the sheet scrolls inside, it is taller than the room').toBeLessThan(await sheet.evaluate((element) => element.scrollHeight));
    expect(noteBox.y + noteBox.height, `${viewport.width} px`).toBeLessThanOrEqual(sheetBox.y);
    await expect(sheet.getByRole('button', { name: 'Close' })).toBeInViewport({ ratio: 1 });
  }
});

test('at 360 px a share with a long address stays one line on the dashboard card, its whole address still named', async ({ page, browser, baseURL }) => {
  const friendContext = await browser.newContext({ baseURL });
  const friend = await friendContext.newPage();
  const email = newEmail('a.friend.with.a.rather.long.address');
  await registerAs(friend, email);
  await confirmEmail(friend, email);
  await friendContext.close();

  await page.setViewportSize({ width: 360, height: 740 });
  await registerUser(page, 'sharer');
  const listId = await openNewList(page, 'Camping');
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  const invite = await page.request.post(`${API_BASE_PATH}/lists/${listId}/shares`, {
    headers: { authorization: `Bearer ${token}` },
    data: { email, permission: 'edit' },
  });
  expect(invite.status()).toBe(201);
  await page.getByRole('link', { name: 'Back to lists' }).click();

  const tag = page.getByRole('button', { name: `shared: ${email}, edit. Change access` });
  await expect(tag).toBeVisible();
  await expect(tag).toHaveAttribute('title', `shared: ${email}`);
  const fontSize = await tag.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
  // One line: about one font size tall (the tag is 24 px), not two lines of it.
  expect((await tag.boundingBox())!.height).toBeLessThan(2 * fontSize + 8);
  expect(await overflowsRight(page, page.locator('body'))).toEqual([]);
});

test('at 320 px an item with a quantity breaks its name between words, not inside one', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await registerUser(page, 'narrow');
  await openNewList(page, 'Butcher');
  await addItems(page, '2 lb chicken breast');
  const name = page.getByRole('button', { name: 'chicken breast, rename item' });
  await expect(name).toBeVisible();
  // A word split over two lines has two boxes.
  const splitWords = await name.evaluate((element) => {
    const text = element.firstChild!;
    return [...(text.textContent ?? '').matchAll(/\S+/g)].flatMap((match) => {
      const range = document.createRange();
      range.setStart(text, match.index);
      range.setEnd(text, match.index + match[0].length);
      return range.getClientRects().length > 1 ? [match[0]] : [];
    });
  });
  expect(splitWords).toEqual([]);
});

test('on a wide screen, Logout shows its icon and its word side by side, inside the button, whichever styles load last', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await registerUser(page, 'wide');
  for (const start of ['after signing in', 'opened afresh']) {
    if (start === 'opened afresh') await page.reload();
    const logout = page.getByRole('button', { name: 'Logout' });
    const box = async (part: Locator) => (await part.boundingBox())!;
    const [button, icon, word] = [await box(logout), await box(logout.locator('svg')), await box(logout.getByText('Logout'))];
    expect(word.y, start).toBeGreaterThanOrEqual(button.y);
    expect(word.y + word.height, start).toBeLessThanOrEqual(button.y + button.height);
    expect(word.x, start).toBeGreaterThanOrEqual(icon.x + icon.width);
    expect(word.x + word.width, start).toBeLessThanOrEqual(button.x + button.width);
  }
});

test('at 320 px words longer than the screen wrap wherever they are written: dashboard, list, its dialogs, the public view, the invitation, the account', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const fits = async (where: Page, scope: Locator = where.locator('body')) => {
    expect(await overflowsRight(where, scope)).toEqual([]);
    expect(await where.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  };
  await registerAs(page, newEmail('x'.repeat(40)));
  const listName = 'W'.repeat(LIST_NAME_MAX_LENGTH);
  const listId = await openNewList(page, listName);
  const longUrl = `https://example.com/${'path/'.repeat(20)}end`;
  await addItems(page, longUrl);
  // Alone, so the last change says its whole name too: "You added ZZZ…".
  await addItems(page, 'Z'.repeat(ITEM_CONTENT_MAX_LENGTH));
  await expect(page.locator('[data-pending="true"]')).toHaveCount(0);
  await fits(page);
  // Again: the notice that it is already on the list quotes the whole name.
  await addItems(page, 'Z'.repeat(ITEM_CONTENT_MAX_LENGTH));
  const notice = page.getByRole('region', { name: /^Notifications/ }).getByText(duplicateItemWarning('Z'.repeat(ITEM_CONTENT_MAX_LENGTH)));
  await expect(notice).toBeVisible();
  await fits(page, notice);

  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  const headers = { authorization: `Bearer ${token}` };
  const calls = [
    page.request.post(`${API_BASE_PATH}/lists/${listId}/shares`, { headers, data: { email: newEmail('y'.repeat(40)), permission: 'edit' } }),
    page.request.put(`${API_BASE_PATH}/lists/${listId}/custom-prompts`, { headers, data: { custom_prompts: ['p'.repeat(CUSTOM_PROMPT_MAX_LENGTH)] } }),
    page.request.put(`${API_BASE_PATH}/lists/${listId}/visibility`, { headers, data: { visibility: 'public', public_editable: false, allow_link_sharing: true } }),
    page.request.put(`${API_BASE_PATH}/auth/profile`, { headers, data: { first_name: 'F'.repeat(FIRST_NAME_MAX_LENGTH) } }),
  ];
  for (const answer of await Promise.all(calls)) expect(answer.ok()).toBe(true);
  await page.reload();

  await page.getByRole('button', { name: 'List options' }).click();
  await page.getByRole('menuitem', { name: 'Share List' }).click();
  const share = page.getByRole('dialog', { name: 'Share List' });
  await expect(share.getByText(/^y{40}/)).toBeVisible();
  await fits(page, share);
  await share.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'List options' }).click();
  await page.getByRole('menuitem', { name: 'List Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'List Settings' });
  await expect(settings.getByText('p'.repeat(CUSTOM_PROMPT_MAX_LENGTH))).toBeVisible();
  await fits(page, settings);
  await settings.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('link', { name: 'Back to lists' }).click();
  await expect(page.getByRole('link', { name: listName })).toBeVisible();
  await fits(page);
  await page.getByRole('button', { name: `Delete ${listName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete list' });
  await expect(confirm).toBeVisible();
  await fits(page, confirm);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('link', { name: 'Account Settings' }).click();
  await expect(page.getByLabel('First Name')).toHaveValue('F'.repeat(FIRST_NAME_MAX_LENGTH));
  await fits(page);

  const visitor = await browser.newContext({ baseURL, viewport: { width: 320, height: 640 } });
  const guest = await visitor.newPage();
  await guest.goto(`/lists/${listId}`);
  await expect(guest.getByText(longUrl)).toBeVisible();
  await fits(guest);
  await guest.goto(`/join/${listId}`);
  await expect(guest.getByText(listName, { exact: false })).toBeVisible();
  await fits(guest);
  await visitor.close();
});

test('on a device whose clock runs five minutes fast, what was just done reads "just now", not "5 min ago"', async ({ page }) => {
  await page.clock.install({ time: Date.now() + 5 * 60_000 });
  await registerUser(page, 'fast-clock');
  await openNewList(page, 'Picnic');
  await addItems(page, 'bread');
  await expect(page.getByTestId('last-change')).toHaveText('You added bread, just now');
  await page.getByRole('link', { name: 'Back to lists' }).click();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Picnic' }) });
  await expect(card).toContainText('You added bread, just now');
});

test('printed, a list longer than the screen shows every item and none of the controls, dark on white in the dark theme too', async ({ page }) => {
  await registerUser(page, 'printer');
  await openNewList(page, 'Weekly shop');
  const names = Array.from({ length: 60 }, (_, index) => `thing ${index + 1}`);
  await addItems(page, names.join(', '));
  await expect(page.locator('[data-pending="true"]')).toHaveCount(0);
  await page.evaluate((key) => localStorage.setItem(key, 'dark'), STORAGE_KEYS.theme);
  await page.reload();
  await expect(itemTexts(page).first()).toBeVisible();
  const drawn = await itemTexts(page).count();
  expect(drawn).toBeLessThan(names.length);

  await page.emulateMedia({ media: 'print' });
  await expect(itemTexts(page)).toHaveCount(names.length);
  for (const control of [
    page.getByPlaceholder('Add item...'),
    page.getByRole('button', { name: 'List options' }),
    page.getByRole('link', { name: 'Back to lists' }),
    page.getByRole('toolbar', { name: 'Sort' }),
    page.getByRole('button', { name: `Delete ${names[0]}` }),
  ]) {
    await expect(control).toBeHidden();
  }
  await expect(page.getByRole('checkbox', { name: names.at(-1)! })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).color)).toBe('rgb(23, 24, 28)');
  const pdf = await page.pdf({ format: 'A4' });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  await page.emulateMedia({ media: 'screen' });
  await expect(itemTexts(page)).toHaveCount(drawn);
});

test('a name in a right-to-left script reads right to left, on the card, as the title and as an item, beside left-to-right ones', async ({ page }) => {
  await registerUser(page, 'rtl');
  const listName = 'قائمة التسوق 2';
  await openNewList(page, listName);
  await addItems(page, 'milk');
  await addItems(page, 'حليب طازج 2 لتر!');
  const direction = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).direction);
  await expect(itemTexts(page)).toHaveCount(2);
  // Polled: a row the server's answer replaces can be gone from the page by the time it is read.
  await expect.poll(() => direction(page.getByRole('button', { name: 'حليب طازج 2 لتر!, rename item' }))).toBe('rtl');
  await expect.poll(() => direction(page.getByRole('button', { name: 'milk, rename item' }))).toBe('ltr');
  await expect.poll(() => direction(page.getByRole('button', { name: `${listName}, rename list` }))).toBe('rtl');
  await page.getByRole('link', { name: 'Back to lists' }).click();
  await expect.poll(() => direction(page.getByRole('link', { name: listName }))).toBe('rtl');

  // The last change names the Arabic item; with a time that starts with a digit ("2 min ago"), an
  // unisolated name pulls the comma and the "2" to its left. The lists come 150 s older, and the
  // live feed, which would bring the true time, stays silent.
  await page.routeWebSocket(`**${REALTIME_PATH}*`, () => undefined);
  await page.route(`**${API_BASE_PATH}/lists`, async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { lists: { last_change: { at: string } | null }[] };
    for (const list of body.lists) if (list.last_change) list.last_change.at = new Date(Date.now() - 150_000).toISOString();
    await route.fulfill({ response: answer, json: body });
  });
  await page.reload();
  const line = page.getByTestId('last-change');
  await expect(line).toHaveText('You added حليب طازج 2 لتر!, 2 min ago');
  const [name, time] = await line.evaluate((element) =>
    ['حليب طازج 2 لتر!', '2 min ago'].map((part) => {
      const start = element.textContent.indexOf(part);
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let offset = 0, node = walker.nextNode(); node; offset += node.textContent!.length, node = walker.nextNode()) {
        const length = node.textContent!.length;
        if (start >= offset && start < offset + length) range.setStart(node, start - offset);
        if (start + part.length > offset && start + part.length <= offset + length) range.setEnd(node, start + part.length - offset);
      }
      const { left, right } = range.getBoundingClientRect();
      return { left, right };
    }),
  );
  expect(time!.left).toBeGreaterThanOrEqual(name!.right - 1);
});
