import { sql, type Kysely } from 'kysely';
import { itemNameKey } from '../../../common/item-input.ts';

/**
 * Each item's name key (`itemNameKey`, common/item-input.ts), stored and indexed, so that adding
 * an item looks up the few items of the same name instead of reading and normalising the whole
 * list (that was most of an item creation's time on a long list). The key is derived in
 * JavaScript, so a change to `itemNameKey` needs a migration that computes the keys again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('items').addColumn('name_key', 'text', (c) => c.notNull().defaultTo('')).execute();
  const { rows } = await sql<{ id: string; content: string }>`select id, content from items`.execute(db);
  for (const row of rows) {
    await sql`update items set name_key = ${itemNameKey(row.content)} where id = ${row.id}`.execute(db);
  }
  await db.schema.createIndex('items_list_id_name_key').on('items').columns(['list_id', 'name_key']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('items_list_id_name_key').execute();
  await db.schema.alterTable('items').dropColumn('name_key').execute();
}
