import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Undo (decision 049): what a change took away (the items as they were), kept under the undo id the
 * client made, for UNDO_KEEP_MS; and the images those items had, which the image sweep leaves alone
 * while a record names them. A list's or an account's deletion takes its records along, and so
 * frees those images for the sweep at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { json, timestamp } = columnTypes(db);
  await db.schema
    .createTable('undo_records')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('list_id', 'text', (c) => c.notNull().references('lists.id').onDelete('cascade'))
    // Only who made the change may take it back.
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The items' rows before the change, as the change found them.
    .addColumn('items', json, (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    // Set by the undo: a second one changes nothing.
    .addColumn('undone_at', timestamp)
    .execute();
  await db.schema.createIndex('undo_records_created_at').on('undo_records').column('created_at').execute();
  await db.schema
    .createTable('undo_images')
    .addColumn('undo_id', 'text', (c) => c.notNull().references('undo_records.id').onDelete('cascade'))
    .addColumn('image_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('undo_images_pk', ['undo_id', 'image_id'])
    .execute();
  await db.schema.createIndex('undo_images_image_id').on('undo_images').column('image_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('undo_images').execute();
  await db.schema.dropTable('undo_records').execute();
}
