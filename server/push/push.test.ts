import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PUSH_MESSAGES } from '../../common/push.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { insertList } from '../test/list-factories.ts';
import { startTestPushService, type Device, type TestPushService } from '../test/push-service.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { newVapidKeys } from './vapid.ts';

const WINDOW_MS = 60_000;

/**
 * Notifications through the whole stack: subscriptions made over HTTP, item changes gathered per
 * list and window, and messages that a push service of the tests' own (on 127.0.0.1) checks for
 * the VAPID signature and decrypts as a device would.
 */
describe('notifications', () => {
  let t: TestApp;
  let service: TestPushService;
  let anna: TestUser;
  let ben: TestUser;
  let cleo: TestUser;
  let listId: string;
  const devices = new Map<string, Device>();

  beforeAll(async () => {
    const vapid = newVapidKeys();
    service = await startTestPushService(vapid.publicKey);
    t = await startTestApp({
      vapid,
      pushCa: service.certificate,
      config: { push: { vapid, subject: undefined, allowLoopback: true, windowMs: WINDOW_MS } },
    });
    anna = await createUser(t, { first_name: 'Anna' });
    ben = await createUser(t, { first_name: 'Ben' });
    cleo = await createUser(t, { first_name: 'Cleo' });
  });

  afterAll(async () => {
    await t?.app.close();
    await t?.database.close();
    await service?.close();
  });

  async function subscribe(user: TestUser): Promise<Device> {
    const device = service.newDevice();
    const response = await t.request({ method: 'PUT', path: '/push/subscription', token: user.token, body: device.subscription });
    expect(response.status).toBe(204);
    devices.set(device.id, device);
    return device;
  }

  beforeEach(async () => {
    service.received.length = 0;
    listId = await insertList(t, anna.user.id, {
      name: 'Groceries',
      shares: [
        { userId: ben.user.id, email: ben.email, permission: 'edit' },
        { userId: cleo.user.id, email: cleo.email, permission: 'view' },
      ],
    });
  });

  const add = (user: TestUser, content: string) =>
    t.request({ method: 'POST', path: `/lists/${listId}/items`, token: user.token, body: { content } });

  /** The window ends: what waits is sent, as the timer would. */
  async function windowEnds() {
    t.clock.advance(WINDOW_MS);
    await t.app.push.sendDue();
    await t.settle();
  }

  const bodiesFor = (device: Device) => service.received.filter((push) => push.device === device.id).map((push) => push.payload.notification.body);

  it('gathers one person’s additions over the window into one message to every other member, not to them', async () => {
    const annaPhone = await subscribe(anna);
    const benPhone = await subscribe(ben);
    const cleoPhone = await subscribe(cleo);
    for (const name of ['milk', 'eggs', 'bread', 'butter']) expect((await add(anna, name)).status).toBe(201);
    await t.app.push.sendDue();
    expect(service.received).toEqual([]);

    await windowEnds();
    expect(bodiesFor(benPhone)).toEqual(['Anna added milk, eggs and 2 more to Groceries']);
    expect(bodiesFor(cleoPhone)).toEqual(['Anna added milk, eggs and 2 more to Groceries']);
    expect(bodiesFor(annaPhone)).toEqual([]);
    const push = service.received[0]!;
    expect(push.payload).toEqual({
      web_push: 8030,
      notification: { title: 'Groceries', body: 'Anna added milk, eggs and 2 more to Groceries', navigate: `http://listo.test/lists/${listId}`, tag: `list-${listId}` },
    });
    expect(push.topic).toBe(listId.replaceAll('-', ''));
    expect(push.urgency).toBe('normal');
    expect(Number(push.ttl)).toBe(6 * 3600);
    expect(service.refused).toEqual([]);

    // Sent once: the next window has nothing.
    await windowEnds();
    expect(service.received).toHaveLength(2);
  });

  it('keeps a change for later only when another member has a device to tell', async () => {
    const dana = await createUser(t, { first_name: 'Dana' });
    const eli = await createUser(t, { first_name: 'Eli' });
    const ownList = await insertList(t, dana.user.id, { shares: [{ userId: eli.user.id, email: eli.email, permission: 'edit' }] });
    const waiting = async () =>
      (await t.database.db.selectFrom('push_events').select('name').where('list_id', '=', ownList).execute()).map((row) => row.name);
    const addTo = (user: TestUser, content: string) => t.request({ method: 'POST', path: `/lists/${ownList}/items`, token: user.token, body: { content } });

    expect((await addTo(dana, 'flour')).status).toBe(201);
    expect(await waiting()).toEqual([]);
    await subscribe(eli);
    // Eli's own change: the only device on the list is the one who made it.
    expect((await addTo(eli, 'sugar')).status).toBe(201);
    expect(await waiting()).toEqual([]);
    expect((await addTo(dana, 'yeast')).status).toBe(201);
    expect(await waiting()).toEqual(['yeast']);
  });

  it('tells each member what the others did: several people, additions and check-offs', async () => {
    const annaPhone = await subscribe(anna);
    const benPhone = await subscribe(ben);
    const milk = (await add(anna, 'milk')).body.id as string;
    expect((await add(ben, 'tea')).status).toBe(201);
    const check = await t.request({ method: 'PUT', path: `/lists/${listId}/items/${milk}`, token: ben.token, body: { is_completed: true } });
    expect(check.status).toBe(200);
    await windowEnds();
    expect(bodiesFor(annaPhone)).toEqual(['Ben added tea to Groceries. Ben checked off milk.']);
    expect(bodiesFor(benPhone)).toEqual(['Anna added milk to Groceries']);
  });

  it('says nothing for a muted list, to the one who muted it', async () => {
    const benPhone = await subscribe(ben);
    const cleoPhone = await subscribe(cleo);
    const mute = await t.request({ method: 'PUT', path: `/lists/${listId}/notifications`, token: ben.token, body: { muted: true } });
    expect(mute.body).toEqual({ muted: true });
    expect((await t.request({ method: 'GET', path: `/lists/${listId}/notifications`, token: ben.token })).body).toEqual({ muted: true });
    await add(anna, 'milk');
    await windowEnds();
    expect(bodiesFor(benPhone)).toEqual([]);
    expect(bodiesFor(cleoPhone)).toEqual(['Anna added milk to Groceries']);
  });

  it('says nothing to a member who lost access before the window ended', async () => {
    const benPhone = await subscribe(ben);
    const cleoPhone = await subscribe(cleo);
    await add(anna, 'milk');
    const removal = await t.request({ method: 'DELETE', path: `/lists/${listId}/shares/${ben.user.id}`, token: anna.token });
    expect(removal.status).toBe(204);
    await windowEnds();
    expect(bodiesFor(benPhone)).toEqual([]);
    expect(bodiesFor(cleoPhone)).toEqual(['Anna added milk to Groceries']);
  });

  it('forgets a device the push service answers 410 for', async () => {
    const benPhone = await subscribe(ben);
    service.forget(benPhone);
    await add(anna, 'milk');
    await windowEnds();
    const rows = await t.database.db.selectFrom('push_subscriptions').select('endpoint').where('endpoint', '=', benPhone.subscription.endpoint).execute();
    expect(rows).toEqual([]);
  });

  it('tells an account that an invitation made a member at once, and nobody else', async () => {
    const dana = await createUser(t, { first_name: 'Dana' });
    const danaPhone = await subscribe(dana);
    const benPhone = await subscribe(ben);
    const invite = await t.request({ method: 'POST', path: `/lists/${listId}/shares`, token: anna.token, body: { email: dana.email, permission: 'edit' } });
    expect(invite.status).toBe(201);
    await t.settle();
    expect(bodiesFor(danaPhone)).toEqual(['Anna shared Groceries with you']);
    expect(bodiesFor(benPhone)).toEqual([]);
    expect(service.received[0]!.payload.notification.navigate).toBe(`http://listo.test/lists/${listId}`);
  });

  it('pings the other members that someone is going shopping, at most once in a while', async () => {
    const annaPhone = await subscribe(anna);
    const benPhone = await subscribe(ben);
    const ping = await t.request({ method: 'POST', path: `/lists/${listId}/going-shopping`, token: cleo.token });
    expect(ping.status).toBe(200);
    expect(ping.body.devices).toBeGreaterThanOrEqual(2);
    await t.settle();
    expect(bodiesFor(annaPhone)).toEqual(['Cleo is going shopping: anything to add to Groceries?']);
    expect(bodiesFor(benPhone)).toEqual(['Cleo is going shopping: anything to add to Groceries?']);
    expect(service.received.every((push) => push.urgency === 'high' && push.ttl === '3600')).toBe(true);
    const again = await t.request({ method: 'POST', path: `/lists/${listId}/going-shopping`, token: cleo.token });
    expect(again.status).toBe(429);
    expect(again.body.error.message).toBe(PUSH_MESSAGES.pingTooSoon);
    const stranger = await createUser(t);
    expect((await t.request({ method: 'POST', path: `/lists/${listId}/going-shopping`, token: stranger.token })).status).toBe(404);
  });

  it('forgets the device at sign-out and every device of a deleted account', async () => {
    const eve = await createUser(t, { first_name: 'Eve' });
    await subscribe(eve);
    expect((await t.request({ method: 'GET', path: '/push', token: eve.token })).body.subscribed).toBe(true);
    expect((await t.request({ method: 'POST', path: '/auth/logout', token: eve.token })).status).toBe(204);
    const count = async (userId: string) => (await t.database.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', userId).execute()).length;
    expect(await count(eve.user.id)).toBe(0);

    const fay = await createUser(t);
    await subscribe(fay);
    expect(await count(fay.user.id)).toBe(1);
    const deletion = await t.request({ method: 'DELETE', path: '/auth/account', token: fay.token, body: { currentPassword: fay.password } });
    expect(deletion.status).toBe(204);
    expect(await count(fay.user.id)).toBe(0);
  });

  it('turns this device off', async () => {
    await subscribe(ben);
    expect((await t.request({ method: 'DELETE', path: '/push/subscription', token: ben.token })).status).toBe(204);
    expect((await t.request({ method: 'GET', path: '/push', token: ben.token })).body).toEqual({
      public_key: expect.stringMatching(/^[\w-]{87}$/),
      subscribed: false,
    });
  });
});
