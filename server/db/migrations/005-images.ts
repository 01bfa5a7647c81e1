import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Photos on items (docs/api.md, "Images"). A row exists before any of its files is written and goes
 * only after they are deleted, so every file has a row. A row whose item is gone (`item_id` set
 * null by the item's, list's or account's deletion, or by a replacement or removal) is what the
 * sweep deletes files for (server/images/images.service.ts): nothing is left behind by a cascade.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp } = columnTypes(db);
  await db.schema
    .createTable('images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_id', 'text', (c) => c.references('items.id').onDelete('set null'))
    // The uploader, whose quota the image counts against; kept on the list if that account goes.
    .addColumn('owner_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('original_type', 'text', (c) => c.notNull())
    // Every stored variant together (original, medium, thumbnail): what the quota counts.
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    // Null while the files are being written; an upload that never finishes is swept.
    .addColumn('attached_at', timestamp)
    .execute();
  await db.schema.createIndex('images_item_id').on('images').column('item_id').execute();
  await db.schema.createIndex('images_owner_id').on('images').column('owner_id').execute();
  await db.schema.createIndex('images_attached_at').on('images').column('attached_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('images').execute();
}
