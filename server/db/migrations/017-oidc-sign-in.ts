import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Sign-in with OpenID Connect providers (docs/decisions/054 and 055):
 * - user_identities: an account's link to a provider's subject; the provider's (issuer's) subject
 *   never changes, unlike an e-mail address, so a sign-in finds its account by it;
 * - oidc_logins: a sign-in or a link on its way through the provider, bound to the browser that
 *   started it (only the HMAC of its cookie and of its `state` are kept), single-use, 10 minutes;
 * - oidc_sessions: the ID token of a session opened by a provider, for RP-initiated logout; it goes
 *   with its session.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { bool, timestamp } = columnTypes(db);
  await db.schema
    .createTable('user_identities')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text')
    // Set from the admin group at each sign-in through the provider.
    .addColumn('is_admin', bool, (c) => c.notNull().defaultTo(sql`false`))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('last_login_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('user_identities_pk', ['provider', 'subject'])
    // One identity per provider per account: Account Settings shows one link per provider.
    .addUniqueConstraint('user_identities_user_provider', ['user_id', 'provider'])
    .execute();

  await db.schema
    .createTable('oidc_logins')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('intent', 'text', (c) => c.notNull())
    // The account a link is for; null for a sign-in.
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    // What the callback found (JSON), waiting for the app to finish; null until the provider answered.
    .addColumn('result', 'text')
    .execute();
  await db.schema.createIndex('oidc_logins_browser_hash').on('oidc_logins').column('browser_hash').execute();
  await db.schema.createIndex('oidc_logins_expires_at').on('oidc_logins').column('expires_at').execute();

  await db.schema
    .createTable('oidc_sessions')
    .addColumn('session_id', 'text', (c) => c.primaryKey().references('sessions.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('id_token', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['oidc_sessions', 'oidc_logins', 'user_identities']) await db.schema.dropTable(table).execute();
}
