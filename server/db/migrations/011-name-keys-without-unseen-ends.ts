import { sql, type Kysely } from 'kysely';
import { itemNameKey } from '../../../common/item-input.ts';

/**
 * `itemNameKey` now also drops what cannot be seen at a name's ends (common/unseen-text.ts: a
 * zero-width space, a direction mark, a control character), so "milk" and "milk" with a pasted
 * zero-width space are the same item for the duplicate rule. Keys stored before are computed again
 * where they differ (migration 009: the key is derived in JavaScript).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: string; content: string; name_key: string }>`select id, content, name_key from items`.execute(db);
  for (const row of rows) {
    const key = itemNameKey(row.content);
    if (key !== row.name_key) await sql`update items set name_key = ${key} where id = ${row.id}`.execute(db);
  }
}

/**
 * Nothing to undo: the new keys differ from the old only for such names, and the code before reads
 * them as well. A migration without `down` would stay recorded when migrating below it.
 */
export async function down(): Promise<void> {}
