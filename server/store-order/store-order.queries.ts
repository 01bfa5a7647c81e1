import type { Insertable, Kysely, Transaction } from 'kysely';
import { chunked } from '../../common/chunked.ts';
import type { DB, StoreCheckoffsTable, StoreOrderDepartmentsTable, StoreOrderItemsTable } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** SQL of the learned store order. */

/** Rows per INSERT: well under both dialects' limits on bound parameters. */
const CHUNK = 200;

export function insertCheckoff(db: Db, row: Insertable<StoreCheckoffsTable>): Promise<unknown> {
  return db.insertInto('store_checkoffs').values(row).execute();
}

/** An item checked again during its trip leaves the trip: it was a slip of the finger. */
export function deleteCheckoff(db: Db, listId: string, userId: string, nameKey: string): Promise<unknown> {
  return db.deleteFrom('store_checkoffs').where('list_id', '=', listId).where('user_id', '=', userId).where('name_key', '=', nameKey).execute();
}

export interface OpenTrip {
  user_id: string;
  store: string;
  last: string;
}

/** The trips under way on the list: who, in which store, and their last check-off. */
export async function openTrips(db: Db, listId: string): Promise<OpenTrip[]> {
  const rows = await db
    .selectFrom('store_checkoffs')
    .select((eb) => ['user_id', 'store', eb.fn.max('checked_at').as('last')])
    .where('list_id', '=', listId)
    .groupBy(['user_id', 'store'])
    .execute();
  return rows.map((row) => ({ user_id: row.user_id, store: row.store, last: String(row.last) }));
}

/** A trip's check-offs, taken off the list of trips under way, in the order they were made. */
export async function takeTrip(db: Transaction<DB>, listId: string, trip: Pick<OpenTrip, 'user_id' | 'store'>) {
  const rows = await db
    .selectFrom('store_checkoffs')
    .select(['name_key', 'department'])
    .where('list_id', '=', listId)
    .where('user_id', '=', trip.user_id)
    .where('store', '=', trip.store)
    .orderBy('checked_at')
    .orderBy('id')
    .execute();
  await db.deleteFrom('store_checkoffs').where('list_id', '=', listId).where('user_id', '=', trip.user_id).where('store', '=', trip.store).execute();
  return rows;
}

/** The learned positions of the names given (all the store's when `nameKeys` is undefined). */
export async function itemScores(db: Db, listId: string, store: string, nameKeys?: readonly string[]) {
  if (nameKeys?.length === 0) return [];
  const query = db.selectFrom('store_order_items').selectAll().where('list_id', '=', listId).where('store', '=', store);
  if (nameKeys === undefined) return query.execute();
  const parts = await Promise.all(chunked(nameKeys, CHUNK).map((part) => query.where('name_key', 'in', part).execute()));
  return parts.flat();
}

/** The store's learned department positions. */
export function departmentScores(db: Db, listId: string, store: string) {
  return db.selectFrom('store_order_departments').selectAll().where('list_id', '=', listId).where('store', '=', store).execute();
}

export async function saveItemScores(db: Db, rows: readonly StoreOrderItemsTable[]): Promise<void> {
  for (const part of chunked(rows, CHUNK)) {
    await db
      .insertInto('store_order_items')
      .values(part)
      .onConflict((conflict) =>
        conflict.columns(['list_id', 'store', 'name_key']).doUpdateSet((eb) => ({
          department: eb.ref('excluded.department'),
          offset_in_department: eb.ref('excluded.offset_in_department'),
          seen: eb.ref('excluded.seen'),
        })),
      )
      .execute();
  }
}

export async function saveDepartmentScores(db: Db, rows: readonly StoreOrderDepartmentsTable[]): Promise<void> {
  for (const part of chunked(rows, CHUNK)) {
    await db
      .insertInto('store_order_departments')
      .values(part)
      .onConflict((conflict) =>
        conflict.columns(['list_id', 'store', 'department']).doUpdateSet((eb) => ({ position: eb.ref('excluded.position'), seen: eb.ref('excluded.seen') })),
      )
      .execute();
  }
}

export function countTrip(db: Db, listId: string, store: string, at: string): Promise<unknown> {
  return db
    .insertInto('store_orders')
    .values({ list_id: listId, store, trips: 1, learned_at: at })
    .onConflict((conflict) => conflict.columns(['list_id', 'store']).doUpdateSet((eb) => ({ trips: eb('store_orders.trips', '+', 1), learned_at: at })))
    .execute();
}

/** The stores the list has learned an order for ('' the list's own), with their trips. */
export function stores(db: Db, listId: string) {
  return db.selectFrom('store_orders').select(['store', 'trips']).where('list_id', '=', listId).orderBy('store').execute();
}

/** Forgets what the list learned for the store, and the trips under way there. */
export async function forget(db: Db, listId: string, store: string): Promise<void> {
  for (const table of ['store_orders', 'store_order_items', 'store_order_departments', 'store_checkoffs'] as const) {
    await db.deleteFrom(table).where('list_id', '=', listId).where('store', '=', store).execute();
  }
}
