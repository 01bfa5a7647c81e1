import { expect, test, type Page } from '@playwright/test';
import { UI_TEXT } from '../common/messages.ts';
import { PUSH_UI_TEXT } from '../common/push.ts';
import { startTestPushService, type ReceivedPush } from '../server/test/push-service.ts';
import { addItems, apiToken, collectConsoleProblems, expectNoAxeViolations, newEmail, openNewList, registerUser, secondMember, toast } from './fixtures.ts';
import { readPushCertificate } from './push-certificate.ts';

/**
 * Notifications in the browser, at a phone's width. Chromium here has no push service to
 * subscribe with (it would be Google's), so the tests stand a browser subscription in for it: one
 * of the test's own push service (server/test/push-service.ts), which the server really sends to.
 * What it receives reaches the service worker as a real push event, through the DevTools protocol.
 * A headless browser has no system notification to click: the click is the event the system would
 * send the service worker, dispatched in it.
 */

test.use({ viewport: { width: 390, height: 844 } });

/** A browser subscription as a push service would give one; by default one whose endpoint is never called. */
async function standInPushService(page: Page, subscription = { endpoint: 'https://push.example.net/send/e2e-device', keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } }) {
  await page.addInitScript((given) => {
    let current: PushSubscription | null = null;
    const made = {
      endpoint: given.endpoint,
      options: { applicationServerKey: null, userVisibleOnly: true },
      toJSON: () => ({ endpoint: given.endpoint, expirationTime: null, keys: given.keys }),
      unsubscribe: async () => {
        current = null;
        return true;
      },
    } as unknown as PushSubscription;
    PushManager.prototype.subscribe = async () => (current = made);
    PushManager.prototype.getSubscription = async () => current;
  }, subscription);
}

/** What the tests use of a service worker's global scope (the project's types are a window's). */
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
  dispatchEvent(event: Event): boolean;
}

/** The app's service worker, once it is active. */
async function serviceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  return page.context().serviceWorkers()[0] ?? (await page.context().waitForEvent('serviceworker'));
}

async function openAccountSettings(page: Page) {
  await page.getByRole('link', { name: 'Account Settings' }).click();
  return page.getByRole('region', { name: PUSH_UI_TEXT.section });
}

test('Account Settings turns notifications on and off for this device', async ({ page, context }) => {
  const problems = collectConsoleProblems(page);
  await context.grantPermissions(['notifications']);
  await standInPushService(page);
  await registerUser(page, 'push');
  const section = await openAccountSettings(page);
  await expect(section.getByTestId('push-state')).toHaveText(PUSH_UI_TEXT.off);
  await section.getByRole('button', { name: PUSH_UI_TEXT.turnOn }).click();
  await expect(section.getByTestId('push-state')).toHaveText(PUSH_UI_TEXT.on);
  await expectNoAxeViolations(page, 'Account Settings, notifications on');

  // The server keeps it for this device: read again, it is still on.
  await page.reload();
  await expect(section.getByTestId('push-state')).toHaveText(PUSH_UI_TEXT.on);
  await section.getByRole('button', { name: PUSH_UI_TEXT.turnOff }).click();
  await expect(section.getByTestId('push-state')).toHaveText(PUSH_UI_TEXT.off);
  expect(problems).toEqual([]);
});

test('blocked notifications and a lost connection are said plainly, with no errors', async ({ page, context }) => {
  const problems = collectConsoleProblems(page);
  await page.addInitScript(() => Object.defineProperty(Notification, 'permission', { get: () => 'denied' }));
  await registerUser(page, 'push-blocked');
  const section = await openAccountSettings(page);
  await expect(section.getByTestId('push-state')).toHaveText(PUSH_UI_TEXT.blocked);
  await expect(section.getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(page, 'Account Settings, notifications blocked');

  await page.addInitScript(() => Object.defineProperty(Notification, 'permission', { get: () => 'default' }));
  await page.reload();
  await expect(section.getByTestId('push-state')).toHaveText(PUSH_UI_TEXT.off);
  await context.setOffline(true);
  await expect(section.getByTestId('push-state')).toHaveText(PUSH_UI_TEXT.offline);
  await context.setOffline(false);
  await expect(section.getByTestId('push-state')).toHaveText(PUSH_UI_TEXT.off);
  expect(problems).toEqual([]);
});

test('the first share offers notifications once, never before', async ({ page }) => {
  await registerUser(page, 'push-offer');
  await openNewList(page, 'Groceries');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const invite = async (email: string) => {
    await page.getByRole('button', { name: 'List options' }).click();
    await page.getByRole('menuitem', { name: 'Share List' }).click();
    await page.getByRole('textbox', { name: 'Invite by e-mail' }).fill(email);
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
  };
  const friend = newEmail('friend');
  await invite(friend);
  // The offer is earned once the invitation went out: the Share dialog says so.
  await expect(page.getByText(UI_TEXT.invitationLinkMade(friend))).toBeVisible();
  const offer = page.getByRole('dialog', { name: PUSH_UI_TEXT.offerTitle });
  // Not on top of the Share dialog (an invitation link may wait there to be copied): once it closes.
  await expect(page.getByRole('dialog', { name: 'Share List' })).toBeVisible();
  await expect(offer).toHaveCount(0);
  await page.getByRole('dialog', { name: 'Share List' }).getByRole('button', { name: 'Close' }).click();
  await expect(offer).toBeVisible();
  await expectNoAxeViolations(page, 'the notifications offer');
  await offer.getByRole('button', { name: PUSH_UI_TEXT.offerDecline }).click();
  await expect(offer).toBeHidden();
  await page.getByRole('button', { name: 'List options' }).click();
  await page.getByRole('menuitem', { name: 'Share List' }).click();
  const another = newEmail('another');
  await page.getByRole('textbox', { name: 'Invite by e-mail' }).fill(another);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText(UI_TEXT.invitationLinkMade(another))).toBeVisible();
  await expect(offer).toHaveCount(0);
});

test('the service worker receives a push and shows the notification, and a click opens the list', async ({ page, context, baseURL, browser }) => {
  const problems = collectConsoleProblems(page);
  await context.grantPermissions(['notifications']);
  await registerUser(page, 'push-sw');
  const listId = await openNewList(page, 'Groceries');
  const owner = { authorization: `Bearer ${await apiToken(page)}` };
  // This device's push service: the test's, which checks the server's VAPID signature and
  // decrypts what it sends, as a browser's push service and the browser would.
  const { public_key } = (await (await page.request.get('/api/v1/push', { headers: owner })).json()) as { public_key: string };
  const service = await startTestPushService(public_key, readPushCertificate(new URL(baseURL!).port));
  try {
    const device = service.newDevice();
    await standInPushService(page, device.subscription);
    await page.goto('/');
    const section = await openAccountSettings(page);
    await section.getByRole('button', { name: PUSH_UI_TEXT.turnOn }).click();
    await expect(section.getByTestId('push-state')).toHaveText(PUSH_UI_TEXT.on);

    // Someone else adds to the shared list: the server sends the window's message to this device.
    const member = await secondMember(browser, page, listId, { width: 390, height: 844 }, 'push-anna');
    await addItems(member.other, 'milk');
    await expect(member.other.getByTestId('item-text').filter({ hasText: 'milk' })).toBeVisible();
    await member.close();
    await expect.poll(() => service.received.length).toBe(1);
    expect(service.refused).toEqual([]);
    const [{ payload, device: to }] = service.received as [ReceivedPush];
    expect(to).toBe(device.id);

    // Delivered to the service worker as the browser's push service would (DevTools protocol).
    await page.goto('/');
    const worker = await serviceWorker(page);
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const live = registrations.find((registration) => !registration.isDeleted);
        if (live) resolve(live.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const origin = new URL(baseURL!).origin;
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data: JSON.stringify(payload) });
    const shown = () =>
      worker.evaluate(async () =>
        (await (self as unknown as WorkerScope).registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown })),
      );
    await expect.poll(shown).toEqual([
      { title: 'Groceries', body: expect.stringMatching(/ added milk to Groceries$/), tag: `list-${listId}`, data: { navigate: `${origin}/lists/${listId}` } },
    ]);

    // A click on it, as the system would report it to the service worker: the open app shows the
    // list. A script-made event grants no focus and no new window (Chromium: "Not allowed to focus
    // a window", "Not allowed to open a window"), so the window shown is the one already open.
    await expect(page.getByRole('heading', { name: 'Groceries', level: 1 })).toHaveCount(0);
    await worker.evaluate(async () => {
      const scope = self as unknown as WorkerScope;
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
    });
    await expect(page).toHaveURL(`${origin}/lists/${listId}`);
    await expect(page.getByRole('heading', { name: 'Groceries', level: 1 })).toBeVisible();
    expect(problems).toEqual([]);
  } finally {
    await service.close();
  }
});

test('a shared list’s menu pings the others and lets a member mute it', async ({ page, browser }) => {
  await registerUser(page, 'push-owner');
  const listId = await openNewList(page, 'Groceries');
  const owner = { authorization: `Bearer ${await apiToken(page)}` };
  const settings = { visibility: 'private', public_editable: false, allow_link_sharing: true };
  expect((await page.request.put(`/api/v1/lists/${listId}/visibility`, { headers: owner, data: settings })).status()).toBe(200);

  const memberContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const member = await memberContext.newPage();
  await registerUser(member, 'push-member');
  const memberAuth = { authorization: `Bearer ${await apiToken(member)}` };
  expect((await member.request.post(`/api/v1/lists/${listId}/join`, { headers: memberAuth })).status()).toBe(200);

  // The owner's list is shared now: its menu offers the ping.
  await page.reload();
  await page.getByRole('button', { name: 'List options' }).click();
  await expectNoAxeViolations(page, 'list menu of a shared list');
  await page.getByRole('menuitem', { name: PUSH_UI_TEXT.goingShopping }).click();
  await expect(toast(page, PUSH_UI_TEXT.pingNobody)).toBeVisible();

  // A member who cannot open List Settings mutes the list from the menu.
  await member.goto(`/lists/${listId}`);
  await member.getByRole('button', { name: 'List options' }).click();
  const mute = member.getByRole('menuitemcheckbox', { name: PUSH_UI_TEXT.mute });
  await expect(mute).toHaveAttribute('aria-checked', 'false');
  await mute.click();
  await expect.poll(async () => (await member.request.get(`/api/v1/lists/${listId}/notifications`, { headers: memberAuth })).json()).toEqual({ muted: true });
  await member.getByRole('button', { name: 'List options' }).click();
  await expect(member.getByRole('menuitemcheckbox', { name: PUSH_UI_TEXT.mute })).toHaveAttribute('aria-checked', 'true');
  await memberContext.close();
});
