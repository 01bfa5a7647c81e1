import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import { chunked } from '../../common/chunked.ts';
import { holdsAnd } from '../../common/compound-names.ts';
import { itemNameKey } from '../../common/item-input.ts';
import { compiledQuery } from '../db/compiled-query.ts';
import type { DB, ItemRow, ItemsTable } from '../db/schema.ts';

export type Db = Kysely<DB> | Transaction<DB>;

/** SQL of the items feature. */

/** Rows per INSERT or CASE update: well under both dialects' limits on bound parameters. */
const CHUNK = 200;

const chunks = <T>(values: readonly T[]) => chunked(values, CHUNK);

/** Where an item stands in display order: position, then age, then id (concurrent clients tie). */
export type ItemOrderKey = Pick<ItemRow, 'position' | 'created_at' | 'id'>;

/**
 * A list's items in display order, after an order key when given, at most `limit`. Every reader
 * (REST, public lists, live snapshots) goes through here, so they all agree on the order.
 */
export function listItemsAfter(db: Db, listId: string, after: ItemOrderKey | undefined, limit: number): Promise<ItemRow[]> {
  let query = db.selectFrom('items').selectAll().where('list_id', '=', listId);
  if (after) {
    query = query.where(sql<boolean>`(position, created_at, id) > (${after.position}, ${after.created_at}, ${after.id})`);
  }
  return query.orderBy('position').orderBy('created_at').orderBy('id').limit(limit).execute();
}

export function findItem(db: Db, listId: string, itemId: string): Promise<ItemRow | undefined> {
  return db.selectFrom('items').selectAll().where('list_id', '=', listId).where('id', '=', itemId).executeTakeFirst();
}

/**
 * The highest position on the list (-1 for an empty list): one step down the (list_id, position)
 * index. Asked from the list's row: a bare `max(position) ... where list_id = ?` is re-planned by
 * SQLite on every run, 16 µs instead of 4.5 (decision 016).
 */
export async function lastPosition(db: Db, listId: string): Promise<number> {
  const { rows } = await highestPosition(db, { listId });
  const last = rows[0]?.last;
  return last == null ? -1 : Number(last);
}

const highestPosition = compiledQuery((db, { listId }: { listId: string }) =>
  db
    .selectFrom('lists')
    .select((eb) =>
      eb
        .selectFrom('items')
        .select((items) => items.fn.max('items.position').as('position'))
        .whereRef('items.list_id', '=', 'lists.id')
        .as('last'),
    )
    .where('lists.id', '=', listId),
);

/**
 * The list's items of these names (`itemNameKey`), for the duplicate rule (common/item-duplicates.ts).
 * No ORDER BY: with one, SQLite walks the list by position instead of looking the names up.
 */
export async function itemsNamed(db: Db, listId: string, nameKeys: readonly string[]) {
  const found = [];
  for (const chunk of chunks([...new Set(nameKeys)])) {
    found.push(...(await itemsOfNames(db, { listId, nameKeys: chunk })).rows);
  }
  return found;
}

const itemsOfNames = compiledQuery((db, { listId, nameKeys }: { listId: string; nameKeys: string[] }) =>
  db.selectFrom('items').select(['id', 'name_key', 'is_completed']).where('list_id', '=', listId).where('name_key', 'in', nameKeys),
);

/**
 * The names on a list that hold the word "and" (common/compound-names.ts `holdsAnd`): those
 * someone kept whole, which an entry typed without an id keeps whole too. `like` narrows the rows
 * in the database; the word itself is checked here.
 */
export async function namesHoldingAnd(db: Db, listId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('items')
    .select('content')
    .where('list_id', '=', listId)
    .where((eb) => eb(eb.fn('lower', ['content']), 'like', '%and%'))
    .execute();
  return rows.map((row) => row.content).filter(holdsAnd);
}

/** Some items of a list, by id (those a batch of changes touched, or a replayed creation). */
export function findItemsByIds(db: Db, listId: string, ids: readonly string[]): Promise<ItemRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('items').selectAll().where('list_id', '=', listId).where('id', 'in', [...ids]).execute();
}

/** A new item's row. Its name key is derived here, so that every writer stores the same one. */
export type NewItemRow = Omit<Insertable<ItemsTable>, 'name_key'>;

/** Changes to an item; a new `content` brings its new name key along. */
export type ItemRowChanges = Omit<Updateable<ItemsTable>, 'name_key' | 'content'> & { content?: string };

export async function insertItems(db: Db, rows: readonly NewItemRow[]): Promise<void> {
  for (const chunk of chunks(rows)) {
    await itemsInsert(db, { rows: chunk.map((row) => ({ ...row, name_key: itemNameKey(row.content) })) });
  }
}

const itemsInsert = compiledQuery((db, { rows }: { rows: Insertable<ItemsTable>[] }) => db.insertInto('items').values(rows));

export async function updateItem(db: Db, listId: string, itemId: string, changes: ItemRowChanges): Promise<void> {
  const set = changes.content === undefined ? changes : { ...changes, name_key: itemNameKey(changes.content) };
  await db.updateTable('items').set(set).where('list_id', '=', listId).where('id', '=', itemId).execute();
}

/** Deletes an item; answers its content, or undefined when the list has no such item. */
export async function deleteItem(db: Db, listId: string, itemId: string): Promise<string | undefined> {
  const row = await db.deleteFrom('items').where('list_id', '=', listId).where('id', '=', itemId).returning('content').executeTakeFirst();
  return row?.content;
}

export async function itemIds(db: Db, listId: string): Promise<string[]> {
  const rows = await db.selectFrom('items').select('id').where('list_id', '=', listId).execute();
  return rows.map((row) => row.id);
}

/** Gives each item its index in `ids` as position, a few hundred items per statement. */
export function setPositions(db: Db, listId: string, ids: string[], updatedAt: string): Promise<void> {
  return setItemPositions(db, listId, new Map(ids.map((id, index) => [id, index])), updatedAt);
}

/** Sets these items' positions, a few hundred items per statement; the list's other items keep theirs. */
export async function setItemPositions(
  db: Db,
  listId: string,
  positions: ReadonlyMap<string, number>,
  updatedAt: string,
): Promise<void> {
  for (const chunk of chunks([...positions])) {
    // The cast keeps PostgreSQL from typing the CASE as text.
    const cases = sql.join(chunk.map(([id, position]) => sql`when ${id} then cast(${position} as integer)`), sql` `);
    await db
      .updateTable('items')
      .set({ position: sql<number>`case id ${cases} end`, updated_at: updatedAt })
      .where('list_id', '=', listId)
      .where('id', 'in', chunk.map(([id]) => id))
      .execute();
  }
}
