import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * The files each account imported, by the SHA-256 of their bytes (docs/api.md, "Import and
 * export"): the same file again is recognised, and imported once more only when asked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp } = columnTypes(db);
  await db.schema
    .createTable('imports')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('digest', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('imports_pk', ['user_id', 'digest'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('imports').execute();
}
