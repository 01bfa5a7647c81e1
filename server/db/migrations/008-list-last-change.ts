import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * A list's last change, for the dashboard's and the list header's "Sam added 3 items, 2 min ago".
 * Kept on the list's row rather than read from the change log: the log is purged
 * after 24 hours, and "3 days ago" must still show. The count of done items reads an index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp } = columnTypes(db);
  // Null when nobody changed the list since this migration, or when that account is gone.
  await db.schema
    .alterTable('lists')
    .addColumn('last_change_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // "added 3 items", "checked off milk": common/list-activity.ts makes it.
  await db.schema.alterTable('lists').addColumn('last_change_summary', 'text').execute();
  await db.schema.alterTable('lists').addColumn('last_change_at', timestamp).execute();
  // Every list document counts its items and the done ones (dashboard cards, live updates).
  await db.schema.createIndex('items_list_id_is_completed').on('items').columns(['list_id', 'is_completed']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('items_list_id_is_completed').execute();
  for (const column of ['last_change_at', 'last_change_summary', 'last_change_by']) {
    await db.schema.alterTable('lists').dropColumn(column).execute();
  }
}
