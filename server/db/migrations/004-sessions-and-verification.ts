import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Hardening after the first outside attack:
 * - the tables of migration 001 that no code used (images, oauth_*) go; each feature that needs
 *   such a table adds its own, shaped by its code;
 * - a live-subscription ticket belongs to the session that asked for it, so a socket can be closed
 *   when that session ends (tickets live 60 s: the old ones are simply dropped);
 * - an e-mail address is proven before an invitation to it grants a list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp } = columnTypes(db);
  for (const table of ['oauth_tokens', 'oauth_codes', 'oauth_clients', 'images']) {
    await db.schema.dropTable(table).ifExists().execute();
  }

  await db.schema.dropTable('realtime_tickets').execute();
  await db.schema
    .createTable('realtime_tickets')
    .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('realtime_tickets_expires_at').on('realtime_tickets').column('expires_at').execute();

  // Accounts made before this migration count as unproven: their owners can confirm at any time.
  await db.schema.alterTable('users').addColumn('email_verified_at', timestamp).execute();
  await db.schema
    .createTable('email_verifications')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The address the link proves: a link stays bound to it even if the account's address changes.
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_verifications_user_id').on('email_verifications').column('user_id').execute();
  await db.schema.createIndex('password_resets_user_id').on('password_resets').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_expires_at').execute();
  await db.schema.dropIndex('password_resets_user_id').execute();
  await db.schema.dropTable('email_verifications').execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
  await db.schema.dropTable('realtime_tickets').execute();
  await db.schema
    .createTable('realtime_tickets')
    .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}
