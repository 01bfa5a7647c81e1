import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB, ImageRow, ImagesTable } from '../db/schema.ts';

export type Db = Kysely<DB> | Transaction<DB>;

/** SQL of the images feature. A row with `item_id` null is "detached": its files are to be deleted. */

export async function insertImage(db: Db, row: Insertable<ImagesTable>): Promise<void> {
  await db.insertInto('images').values(row).execute();
}

/**
 * Bytes of the images this user uploaded that are on an item or on their way to one, as an upload
 * to `uploadingTo` would leave them: without the image attached there, which it takes the place of.
 */
export async function bytesHeldBy(db: Db, ownerId: string, uploadingTo: string): Promise<number> {
  const row = await db
    .selectFrom('images')
    .select((eb) => eb.fn.sum<number | string | null>('bytes').as('bytes'))
    .where('owner_id', '=', ownerId)
    .where('item_id', 'is not', null)
    .where((eb) => eb.or([eb('item_id', '!=', uploadingTo), eb('attached_at', 'is', null)]))
    .executeTakeFirstOrThrow();
  return Number(row.bytes ?? 0);
}

/**
 * Marks an upload finished, on its item. False when the row is no longer an upload in progress
 * for that item (the sweep gave it up, or the item went).
 */
export async function markAttached(db: Db, imageId: string, itemId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('images')
    .set({ attached_at: at })
    .where('id', '=', imageId)
    .where('item_id', '=', itemId)
    .where('attached_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Detaches the finished images of an item (but `keep`): their files are then swept. */
export async function detachItemImages(db: Db, itemId: string, keep?: string): Promise<void> {
  let query = db.updateTable('images').set({ item_id: null }).where('item_id', '=', itemId).where('attached_at', 'is not', null);
  if (keep !== undefined) query = query.where('id', '!=', keep);
  await query.execute();
}

export async function detachImage(db: Db, imageId: string): Promise<void> {
  await db.updateTable('images').set({ item_id: null }).where('id', '=', imageId).execute();
}

/** Gives up uploads begun before `cutoff` that never finished; answers how many. */
export async function detachAbandonedUploads(db: Db, cutoff: string): Promise<number> {
  const result = await db
    .updateTable('images')
    .set({ item_id: null })
    .where('attached_at', 'is', null)
    .where('created_at', '<', cutoff)
    .where('item_id', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Detached images whose files may go: none that an undo record still names (its Undo puts the
 * image back, decision 049).
 */
export function detachedImages(db: Db, limit: number): Promise<Pick<ImageRow, 'id' | 'original_type'>[]> {
  return db
    .selectFrom('images')
    .select(['id', 'original_type'])
    .where('item_id', 'is', null)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('undo_images').select('undo_id').whereRef('undo_images.image_id', '=', 'images.id'))))
    .limit(limit)
    .execute();
}

export async function deleteDetached(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('images').where('id', 'in', [...ids]).where('item_id', 'is', null).execute();
}

/**
 * Puts a detached image back on its item (an Undo); false when it is gone (swept) or was never
 * finished. Its row keeps its id, so the item's stored `images` names it again as it was.
 */
export async function reattachImage(db: Db, imageId: string, itemId: string): Promise<boolean> {
  const result = await db
    .updateTable('images')
    .set({ item_id: itemId })
    .where('id', '=', imageId)
    .where('attached_at', 'is not', null)
    .where((eb) => eb.or([eb('item_id', 'is', null), eb('item_id', '=', itemId)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
