import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Apps that register themselves (docs/decisions/060-how-apps-register.md): clients made by dynamic
 * registration, the resource (RFC 8707) a code and a grant are bound to, a grant's last use and the
 * name the app had when the user allowed it, and the refresh tokens a grant has rotated away (one
 * presented again revokes the grant).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp } = columnTypes(db);
  await db.schema
    .createTable('oauth_clients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    // A JSON array of exact URIs.
    .addColumn('redirect_uris', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oauth_clients_created_at').on('oauth_clients').column('created_at').execute();

  await db.schema.alterTable('oauth_codes').addColumn('resource', 'text').execute();
  await db.schema.alterTable('oauth_codes').addColumn('client_name', 'text').execute();
  await db.schema.alterTable('oauth_grants').addColumn('resource', 'text').execute();
  await db.schema.alterTable('oauth_grants').addColumn('client_name', 'text').execute();
  await db.schema.alterTable('oauth_grants').addColumn('last_used_at', timestamp).execute();
  await db.schema.createIndex('oauth_grants_client_id').on('oauth_grants').column('client_id').execute();

  await db.schema
    .createTable('oauth_spent_refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('grant_id', 'text', (c) => c.notNull().references('oauth_grants.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('oauth_spent_refresh_tokens_grant_id').on('oauth_spent_refresh_tokens').column('grant_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oauth_spent_refresh_tokens').execute();
  await db.schema.dropIndex('oauth_grants_client_id').execute();
  for (const column of ['last_used_at', 'client_name', 'resource']) {
    await db.schema.alterTable('oauth_grants').dropColumn(column).execute();
  }
  for (const column of ['client_name', 'resource']) await db.schema.alterTable('oauth_codes').dropColumn(column).execute();
  await db.schema.dropTable('oauth_clients').execute();
}
