import type { Insertable, Kysely, Transaction } from 'kysely';
import { chunked } from '../../common/chunked.ts';
import type { DB, ImagesTable, ListSharesTable } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** SQL of moving lists in and out (server/transfer/). */

/** Ids per `in (...)`: well under both dialects' limits on bound parameters. */
const CHUNK = 500;

async function inChunks<T>(ids: readonly string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (const chunk of chunked(ids, CHUNK)) rows.push(...(await read(chunk)));
  return rows;
}

/** The lists a user owns, oldest first. */
export function ownedLists(db: Db, ownerId: string) {
  return db.selectFrom('lists').selectAll().where('owner_id', '=', ownerId).orderBy('created_at').orderBy('id').execute();
}

/** The lists' items in each list's display order (position, then age, then id). */
export function itemsOfLists(db: Db, listIds: readonly string[]) {
  return inChunks(listIds, (chunk) =>
    db.selectFrom('items').selectAll().where('list_id', 'in', chunk).orderBy('list_id').orderBy('position').orderBy('created_at').orderBy('id').execute(),
  );
}

export function sharesOfLists(db: Db, listIds: readonly string[]) {
  return inChunks(listIds, (chunk) =>
    db.selectFrom('list_shares').select(['list_id', 'email', 'permission', 'status']).where('list_id', 'in', chunk).orderBy('email').execute(),
  );
}

/** The attached images of these items. */
export function imagesOfItems(db: Db, itemIds: readonly string[]) {
  return inChunks(itemIds, (chunk) =>
    db.selectFrom('images').selectAll().where('item_id', 'in', chunk).where('attached_at', 'is not', null).execute(),
  );
}

/** Addresses of these accounts, by id. */
export async function emailsOf(db: Db, userIds: readonly string[]): Promise<Map<string, string>> {
  const rows = await inChunks([...new Set(userIds)], (chunk) => db.selectFrom('users').select(['id', 'email']).where('id', 'in', chunk).execute());
  return new Map(rows.map((row) => [row.id, row.email]));
}

/** Ids of the accounts with these addresses, by address. */
export async function usersByEmail(db: Db, emails: readonly string[]): Promise<Map<string, string>> {
  const rows = await inChunks([...new Set(emails)], (chunk) => db.selectFrom('users').select(['id', 'email']).where('email', 'in', chunk).execute());
  return new Map(rows.map((row) => [row.email, row.id]));
}

export function propertyMemory(db: Db, userId: string) {
  return db.selectFrom('item_properties').select(['name_key', 'properties', 'updated_at']).where('user_id', '=', userId).orderBy('name_key').execute();
}

/** Property memory as the import brings it: a name already remembered keeps the newer of the two. */
export async function mergePropertyMemory(db: Db, rows: readonly { user_id: string; name_key: string; properties: string; updated_at: string }[]) {
  for (const chunk of chunked(rows, CHUNK / 5)) {
    await db
      .insertInto('item_properties')
      .values(chunk)
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'name_key']).doUpdateSet((eb) => ({
          properties: eb.ref('excluded.properties'),
          updated_at: eb.ref('excluded.updated_at'),
        })).where('item_properties.updated_at', '<', (eb) => eb.ref('excluded.updated_at')),
      )
      .execute();
  }
}

export async function insertShares(db: Db, rows: readonly Insertable<ListSharesTable>[]): Promise<void> {
  for (const chunk of chunked(rows, CHUNK / 10)) await db.insertInto('list_shares').values(chunk).execute();
}

export async function insertImages(db: Db, rows: readonly Insertable<ImagesTable>[]): Promise<void> {
  for (const chunk of chunked(rows, CHUNK / 10)) await db.insertInto('images').values(chunk).execute();
}

/** When the user imported the file of this digest; undefined if never. */
export async function importedAt(db: Db, userId: string, digest: string): Promise<string | undefined> {
  const row = await db.selectFrom('imports').select('created_at').where('user_id', '=', userId).where('digest', '=', digest).executeTakeFirst();
  return row?.created_at;
}

export async function recordImport(db: Db, row: { user_id: string; digest: string; file_name: string; created_at: string }): Promise<void> {
  await db
    .insertInto('imports')
    .values(row)
    .onConflict((conflict) => conflict.columns(['user_id', 'digest']).doUpdateSet({ file_name: row.file_name, created_at: row.created_at }))
    .execute();
}
