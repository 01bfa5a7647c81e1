import { PostgresAdapter, sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { DB, ItemRow, ItemsTable } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** SQL of the items feature. */

/** Rows per INSERT or CASE update: well under both dialects' limits on bound parameters. */
const CHUNK = 200;

function chunks<T>(values: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < values.length; start += CHUNK) result.push(values.slice(start, start + CHUNK));
  return result;
}

/** A list's items in display order; equal positions (concurrent clients) fall back to age, then id. */
export function listItems(db: Db, listId: string): Promise<ItemRow[]> {
  return db
    .selectFrom('items')
    .selectAll()
    .where('list_id', '=', listId)
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findItem(db: Db, listId: string, itemId: string): Promise<ItemRow | undefined> {
  return db.selectFrom('items').selectAll().where('list_id', '=', listId).where('id', '=', itemId).executeTakeFirst();
}

/**
 * Serialises writes that read the list's items before writing them (append after the last
 * position, the 5,000 limit, reorder). PostgreSQL: a row lock on the list that does not block
 * readers or foreign-key checks. SQLite needs nothing: Kysely runs one transaction at a time on its
 * single connection, and SQLite has one writer anyway.
 */
export async function lockList(db: Transaction<DB>, listId: string): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.selectFrom('lists').select('id').where('id', '=', listId).forNoKeyUpdate().execute();
}

/** How many items the list has, and the highest position (-1 for an empty list). */
export async function countAndLastPosition(db: Db, listId: string): Promise<{ count: number; last: number }> {
  const row = await db
    .selectFrom('items')
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.max('position').as('last')])
    .where('list_id', '=', listId)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), last: row.last === null ? -1 : Number(row.last) };
}

/** Contents of the list's unchecked items, for duplicate warnings. */
export async function uncheckedContents(db: Db, listId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('items')
    .select('content')
    .where('list_id', '=', listId)
    .where('is_completed', '=', false)
    .execute();
  return rows.map((row) => row.content);
}

export async function insertItems(db: Db, rows: Insertable<ItemsTable>[]): Promise<void> {
  for (const chunk of chunks(rows)) await db.insertInto('items').values(chunk).execute();
}

export async function updateItem(db: Db, listId: string, itemId: string, set: Updateable<ItemsTable>): Promise<void> {
  await db.updateTable('items').set(set).where('list_id', '=', listId).where('id', '=', itemId).execute();
}

/** Deletes an item; answers whether it existed. */
export async function deleteItem(db: Db, listId: string, itemId: string): Promise<boolean> {
  const result = await db.deleteFrom('items').where('list_id', '=', listId).where('id', '=', itemId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function itemIds(db: Db, listId: string): Promise<string[]> {
  const rows = await db.selectFrom('items').select('id').where('list_id', '=', listId).execute();
  return rows.map((row) => row.id);
}

/** Gives each item its index in `ids` as position, a few hundred items per statement. */
export async function setPositions(db: Db, listId: string, ids: string[], updatedAt: string): Promise<void> {
  for (const [chunkIndex, chunk] of chunks(ids).entries()) {
    const offset = chunkIndex * CHUNK;
    // The cast keeps PostgreSQL from typing the CASE as text.
    const cases = sql.join(chunk.map((id, index) => sql`when ${id} then cast(${offset + index} as integer)`), sql` `);
    await db
      .updateTable('items')
      .set({ position: sql<number>`case id ${cases} end`, updated_at: updatedAt })
      .where('list_id', '=', listId)
      .where('id', 'in', chunk)
      .execute();
  }
}
