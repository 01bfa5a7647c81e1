import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Push notifications (docs/api.md, "Notifications"; decision 057). A subscription belongs to one
 * device's session: it goes with the session's sign-out and with the account. Item changes wait
 * in `push_events` for their list's gathering window; `push_batches` is the claim that lets one
 * process, of several on PostgreSQL, send a window's message (its key: the window's first event).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp } = columnTypes(db);
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('endpoint', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user_id').on('push_subscriptions').column('user_id').execute();
  await db.schema.createIndex('push_subscriptions_session_id').on('push_subscriptions').column('session_id').execute();

  await db.schema
    .createTable('push_mutes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('list_id', 'text', (c) => c.notNull().references('lists.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('push_mutes_pk', ['list_id', 'user_id'])
    .execute();
  await db.schema.createIndex('push_mutes_user_id').on('push_mutes').column('user_id').execute();

  await db.schema
    .createTable('push_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('list_id', 'text', (c) => c.notNull().references('lists.id').onDelete('cascade'))
    .addColumn('actor_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_events_list_id').on('push_events').columns(['list_id', 'created_at']).execute();
  await db.schema.createIndex('push_events_created_at').on('push_events').column('created_at').execute();

  await db.schema
    .createTable('push_batches')
    .addColumn('first_event_id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_batches_created_at').on('push_batches').column('created_at').execute();

  await db.schema
    .createTable('push_pings')
    .addColumn('list_id', 'text', (c) => c.notNull().references('lists.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sent_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('push_pings_pk', ['list_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['push_pings', 'push_batches', 'push_events', 'push_mutes', 'push_subscriptions']) {
    await db.schema.dropTable(table).execute();
  }
}
