import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Account linking for a voice assistant (docs/decisions/011-account-linking.md), OAuth 2.0
 * authorization codes and tokens. Clients are configured, not stored (server/oauth/clients.ts).
 * Only HMACs of codes and tokens are kept, like sessions. A grant is one link of a user to a
 * client, with its refresh token; its access tokens go with it, so unlinking is deleting the grant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp } = columnTypes(db);
  await db.schema
    .createTable('oauth_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('code_challenge', 'text', (c) => c.notNull())
    .addColumn('code_challenge_method', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    // Kept after use until it expires, so that a replayed code is recognised (and its grant revoked).
    .addColumn('used_at', timestamp)
    .execute();
  await db.schema.createIndex('oauth_codes_expires_at').on('oauth_codes').column('expires_at').execute();

  await db.schema
    .createTable('oauth_grants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('refresh_token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('refresh_expires_at', timestamp, (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oauth_grants_user_client').on('oauth_grants').columns(['user_id', 'client_id']).execute();
  await db.schema.createIndex('oauth_grants_code_hash').on('oauth_grants').column('code_hash').execute();
  await db.schema.createIndex('oauth_grants_refresh_expires_at').on('oauth_grants').column('refresh_expires_at').execute();

  await db.schema
    .createTable('oauth_access_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('grant_id', 'text', (c) => c.notNull().references('oauth_grants.id').onDelete('cascade'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oauth_access_tokens_grant_id').on('oauth_access_tokens').column('grant_id').execute();
  await db.schema.createIndex('oauth_access_tokens_expires_at').on('oauth_access_tokens').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['oauth_access_tokens', 'oauth_grants', 'oauth_codes']) {
    await db.schema.dropTable(table).execute();
  }
}
