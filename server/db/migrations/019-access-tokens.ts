import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Personal access tokens (docs/api.md, "Personal access tokens"; decision 058): only the HMAC of a
 * token is stored, as for sessions. A revoked token's row is deleted. And the app that made a
 * list's last change, by name, for "Claude added milk": kept as text, so the line stays true after
 * the token or the app is gone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp } = columnTypes(db);
  await db.schema
    .createTable('access_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // Space-separated, as OAuth writes scopes.
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('last_used_at', timestamp)
    .execute();
  await db.schema.createIndex('access_tokens_user_id').on('access_tokens').column('user_id').execute();
  await db.schema.createIndex('access_tokens_expires_at').on('access_tokens').column('expires_at').execute();
  await db.schema.alterTable('lists').addColumn('last_change_app', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lists').dropColumn('last_change_app').execute();
  await db.schema.dropTable('access_tokens').execute();
}
