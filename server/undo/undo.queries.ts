import type { Kysely, Transaction } from 'kysely';
import type { DB, ItemRow, UndoRecordsTable } from '../db/schema.ts';
import { fromJson, toJson } from '../db/values.ts';
import type { Selectable } from 'kysely';

export type Db = Kysely<DB> | Transaction<DB>;
export type UndoRecordRow = Selectable<UndoRecordsTable>;

/** SQL of undo (decision 049): the records of what undoable changes took away. */

/** The id of an item row's primary image, if it has one (`{primary: {id, ...}}`). */
export function imageIdOf(row: Pick<ItemRow, 'images'>): string | undefined {
  const images = row.images === null ? null : fromJson(row.images);
  const id = (images as { primary?: { id?: unknown } } | null)?.primary?.id;
  return typeof id === 'string' ? id : undefined;
}

/** Keeps the rows under the undo id, and the images they carry from the sweep. */
export async function insertUndoRecord(
  db: Db,
  record: { id: string; listId: string; userId: string; rows: readonly ItemRow[]; at: string },
): Promise<void> {
  await db
    .insertInto('undo_records')
    .values({ id: record.id, list_id: record.listId, user_id: record.userId, items: toJson(record.rows), created_at: record.at, undone_at: null })
    .execute();
  const imageIds = [...new Set(record.rows.flatMap((row) => imageIdOf(row) ?? []))];
  if (imageIds.length > 0) {
    await db.insertInto('undo_images').values(imageIds.map((image_id) => ({ undo_id: record.id, image_id }))).execute();
  }
}

export function findUndoRecord(db: Db, id: string): Promise<UndoRecordRow | undefined> {
  return db.selectFrom('undo_records').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks the record used; its images are on their items again, or gone for good: the sweep may take those. */
export async function markUndone(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('undo_records').set({ undone_at: at }).where('id', '=', id).execute();
  await db.deleteFrom('undo_images').where('undo_id', '=', id).execute();
}

/** Deletes the records older than `cutoff` (their images' files go at the next sweep); answers how many. */
export async function purgeUndoRecords(db: Db, cutoff: string): Promise<number> {
  const result = await db.deleteFrom('undo_records').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
