import { sql, type Kysely } from 'kysely';
import { itemNameKey } from '../../../common/item-input.ts';

/**
 * Stores each item's name key again where `itemNameKey` now computes another (the key is derived
 * in JavaScript, migration 009): a migration that changes the rule calls this.
 */
export async function recomputeNameKeys(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: string; content: string; name_key: string }>`select id, content, name_key from items`.execute(db);
  for (const row of rows) {
    const key = itemNameKey(row.content);
    if (key !== row.name_key) await sql`update items set name_key = ${key} where id = ${row.id}`.execute(db);
  }
}
