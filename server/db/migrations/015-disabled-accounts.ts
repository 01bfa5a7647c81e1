import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * An administrator can disable an account (docs/decisions/051): it keeps its lists and its members
 * keep theirs, but it cannot sign in. Null for an account in use.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp } = columnTypes(db);
  await db.schema.alterTable('users').addColumn('disabled_at', timestamp).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
}
