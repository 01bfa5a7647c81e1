import { PostgresAdapter, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * Locks a user's row on PostgreSQL before a count for one of the user's limits (lists owned, lists
 * joined), so writes at once for the same user count one after the other. SQLite writes one at a
 * time anyway.
 */
export async function lockUserRow(trx: Transaction<DB>, userId: string): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}
