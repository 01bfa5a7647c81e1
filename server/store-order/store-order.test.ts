import { describe, expect, it } from 'vitest';
import { STORE_NAME_MAX_LENGTH } from '../../common/constants.ts';
import { MESSAGES, SERVER_MESSAGES } from '../../common/messages.ts';
import type { ItemView } from '../../common/schemas/items.ts';
import { STORE_TRIP_GAP_MS, sortByStoreOrder } from '../../common/store-order.ts';
import { addItems } from '../test/items.ts';
import { castOfList, expectRefused } from '../test/lists.ts';
import { useTestApp, type TestApp } from '../test/test-app.ts';

const t = useTestApp();

/** A minute between check-offs: well inside a trip. */
const STEP_MS = 60_000;

async function check(t: TestApp, token: string, listId: string, item: ItemView, body: Record<string, unknown> = {}) {
  t.clock.advance(STEP_MS);
  const response = await t.request({ method: 'PUT', path: `/lists/${listId}/items/${item.id}`, token, body: { is_completed: true, ...body } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

async function uncheck(t: TestApp, token: string, listId: string, item: ItemView) {
  const response = await t.request({ method: 'PUT', path: `/lists/${listId}/items/${item.id}`, token, body: { is_completed: false } });
  expect(response.status).toBe(200);
}

/** One trip: each item checked off a minute after the last; the gap waited out, and the items unchecked for the next trip. */
async function trip(t: TestApp, token: string, listId: string, items: readonly ItemView[], store?: string) {
  for (const item of items) await check(t, token, listId, item, store === undefined ? {} : { store });
  t.clock.advance(STORE_TRIP_GAP_MS);
  for (const item of items) await uncheck(t, token, listId, item);
}

async function storeOrder(t: TestApp, token: string, listId: string, store?: string) {
  const query = store === undefined ? '' : `?store=${encodeURIComponent(store)}`;
  const response = await t.request({ method: 'GET', path: `/lists/${listId}/store-order${query}`, token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const names = (items: readonly ItemView[]) => items.map((item) => item.content);

async function sortedByStore(t: TestApp, token: string, listId: string, store?: string): Promise<string[]> {
  const learned = await storeOrder(t, token, listId, store);
  const listed = await t.request({ method: 'GET', path: `/lists/${listId}/items`, token });
  return names(sortByStoreOrder(listed.body.items as ItemView[], learned));
}

describe('the learned store order', () => {
  it('learns the order items are checked off in, once the trip ends, and every member reads it', async () => {
    const { owner, editor, listId } = await castOfList(t);
    const [bread, milk, apples, soap] = await addItems(t, owner.token, listId, ['bread', 'milk', 'apples', 'soap']);
    expect((await storeOrder(t, owner.token, listId)).trips).toBe(0);

    for (const item of [apples!, bread!, soap!, milk!]) await check(t, owner.token, listId, item);
    // Under way: nothing learned yet, and one row per check-off so far.
    expect((await storeOrder(t, owner.token, listId)).trips).toBe(0);
    expect(await t.database.db.selectFrom('store_checkoffs').select('name_key').where('list_id', '=', listId).execute()).toHaveLength(4);

    t.clock.advance(STORE_TRIP_GAP_MS);
    const learned = await storeOrder(t, editor.token, listId);
    expect(learned.trips).toBe(1);
    expect(Object.keys(learned.items).sort()).toEqual(['apple', 'bread', 'milk', 'soap']);
    expect(await sortedByStore(t, editor.token, listId)).toEqual(['apples', 'bread', 'soap', 'milk']);
    // The trip's rows are gone once learned.
    expect(await t.database.db.selectFrom('store_checkoffs').select('name_key').where('list_id', '=', listId).execute()).toEqual([]);
  });

  it("follows a changed walk over trips, places unseen items by their department, and counts each trip", async () => {
    const { owner, editor, listId } = await castOfList(t);
    const items = await addItems(t, owner.token, listId, ['bread', 'milk', 'apples', 'soap']);
    const [bread, milk, apples, soap] = items;
    await trip(t, owner.token, listId, [apples!, bread!, soap!, milk!]);
    await trip(t, editor.token, listId, [apples!, bread!, soap!, milk!]);
    expect(await sortedByStore(t, owner.token, listId)).toEqual(['apples', 'bread', 'soap', 'milk']);
    // The shop moved the milk to the front.
    await trip(t, owner.token, listId, [milk!, apples!, bread!, soap!]);
    await trip(t, owner.token, listId, [milk!, apples!, bread!, soap!]);
    expect(await sortedByStore(t, owner.token, listId)).toEqual(['milk', 'apples', 'bread', 'soap']);
    expect((await storeOrder(t, owner.token, listId)).trips).toBe(4);

    // Items added later land where their department is, not at the bottom.
    const [butter] = await addItems(t, owner.token, listId, ['butter']);
    await addItems(t, owner.token, listId, ['cheese']);
    const department = (item: ItemView, name: string) =>
      t.request({ method: 'PUT', path: `/lists/${listId}/items/${item.id}`, token: owner.token, body: { properties: { department: name } } });
    await department(milk!, 'Dairy & Eggs');
    await department(apples!, 'Produce');
    await department(soap!, 'Household');
    await trip(t, owner.token, listId, [milk!, apples!, soap!]);
    await department(butter!, 'Dairy & Eggs');
    expect((await sortedByStore(t, owner.token, listId)).slice(0, 2)).toEqual(['milk', 'butter']);
    // Nothing learned about cheese or its department: after what was.
    expect((await sortedByStore(t, owner.token, listId)).at(-1)).toBe('cheese');
  });

  it('ends a trip at the next check-off after the gap, and learns nothing from a trip of one item or a slip', async () => {
    const { owner, listId } = await castOfList(t);
    const [bread, milk, apples] = await addItems(t, owner.token, listId, ['bread', 'milk', 'apples']);
    await check(t, owner.token, listId, bread!);
    await uncheck(t, owner.token, listId, bread!);
    await check(t, owner.token, listId, milk!);
    t.clock.advance(STORE_TRIP_GAP_MS);
    // One item (bread was a slip): nothing to learn from.
    await check(t, owner.token, listId, apples!);
    expect(await t.database.db.selectFrom('store_orders').selectAll().where('list_id', '=', listId).execute()).toEqual([]);
    await check(t, owner.token, listId, bread!);
    t.clock.advance(STORE_TRIP_GAP_MS);
    await uncheck(t, owner.token, listId, milk!);
    await check(t, owner.token, listId, milk!);
    // Learned by that check-off, without a read of the order.
    const [learnedTrip] = await t.database.db.selectFrom('store_orders').selectAll().where('list_id', '=', listId).execute();
    expect(learnedTrip).toMatchObject({ store: '', trips: 1 });
  });

  it('keeps an order per store, apart from the list’s own', async () => {
    const { owner, listId } = await castOfList(t);
    const [bread, milk] = await addItems(t, owner.token, listId, ['bread', 'milk']);
    await trip(t, owner.token, listId, [bread!, milk!], 'Corner shop');
    await trip(t, owner.token, listId, [milk!, bread!], 'Market');
    await trip(t, owner.token, listId, [milk!, bread!], 'Market');
    expect(await sortedByStore(t, owner.token, listId, 'Corner shop')).toEqual(['bread', 'milk']);
    expect(await sortedByStore(t, owner.token, listId, ' Market ')).toEqual(['milk', 'bread']);
    const own = await storeOrder(t, owner.token, listId);
    expect(own).toMatchObject({ store: '', trips: 0, items: {} });
    expect(own.stores).toEqual([
      { name: 'Corner shop', trips: 1 },
      { name: 'Market', trips: 2 },
    ]);
  });

  it('forgets what was learned for a store on reset, and only that', async () => {
    const { owner, editor, listId } = await castOfList(t);
    const [bread, milk] = await addItems(t, owner.token, listId, ['bread', 'milk']);
    await trip(t, owner.token, listId, [bread!, milk!]);
    await trip(t, owner.token, listId, [bread!, milk!], 'Market');
    const reset = await t.request({ method: 'DELETE', path: `/lists/${listId}/store-order`, token: editor.token });
    expect(reset.status).toBe(204);
    expect(await storeOrder(t, owner.token, listId)).toMatchObject({ trips: 0, items: {}, departments: {}, stores: [{ name: 'Market', trips: 1 }] });
  });

  it('refuses strangers, viewers a reset, and a bad store name, and changes nothing', async () => {
    const { owner, viewer, stranger, listId } = await castOfList(t);
    const [bread, milk] = await addItems(t, owner.token, listId, ['bread', 'milk']);
    await trip(t, owner.token, listId, [bread!, milk!]);
    const learned = () => t.database.db.selectFrom('store_order_items').selectAll().where('list_id', '=', listId).orderBy('name_key').execute();
    const before = await learned();
    expect(before).toHaveLength(2);
    const path = `/lists/${listId}/store-order`;
    await expectRefused(t, listId, () => t.request({ method: 'GET', path, token: stranger.token }), 404, MESSAGES.listNotFound);
    await expectRefused(t, listId, () => t.request({ method: 'DELETE', path, token: stranger.token }), 404, MESSAGES.listNotFound);
    await expectRefused(t, listId, () => t.request({ method: 'DELETE', path, token: viewer.token }), 403, MESSAGES.listForbidden);
    const long = 'x'.repeat(STORE_NAME_MAX_LENGTH + 1);
    await expectRefused(t, listId, () => t.request({ method: 'DELETE', path: `${path}?store=${long}`, token: owner.token }), 400, SERVER_MESSAGES.storeNameInvalid);
    await expectRefused(t, listId, () => t.request({ method: 'DELETE', path: `${path}?shop=x`, token: owner.token }), 400);
    const checkIn = () => t.request({ method: 'PUT', path: `/lists/${listId}/items/${bread!.id}`, token: owner.token, body: { is_completed: true, store: long } });
    await expectRefused(t, listId, checkIn, 400, SERVER_MESSAGES.storeNameInvalid);
    const storeAlone = () => t.request({ method: 'PUT', path: `/lists/${listId}/items/${bread!.id}`, token: owner.token, body: { store: 'Market' } });
    await expectRefused(t, listId, storeAlone, 400, SERVER_MESSAGES.itemUpdateEmpty);
    expect(await learned()).toEqual(before);
    // A viewer reads the order the list learned.
    expect((await storeOrder(t, viewer.token, listId)).trips).toBe(1);
  });
});
