import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Live subscriptions (docs/decisions/005-live-subscriptions.md): a change sequence per list, the
 * change log that lets a reconnecting client resume, and single-use tickets that open a socket.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp } = columnTypes(db);

  // Bumped by every recorded change of the list; the UPDATE's row lock orders writers of one list.
  await db.schema
    .alterTable('lists')
    .addColumn('change_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // No foreign key to lists: the "list removed" change must outlive the list it talks about.
  // `entity_id` is an item id, a share's e-mail address, or the list id.
  await db.schema
    .createTable('list_changes')
    .addColumn('list_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('op', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('list_changes_pk', ['list_id', 'seq'])
    .addCheckConstraint('list_changes_entity', sql`entity in ('list', 'item', 'share')`)
    .addCheckConstraint('list_changes_op', sql`op in ('added', 'modified', 'removed')`)
    .execute();
  // For the purge of rows older than the retention.
  await db.schema.createIndex('list_changes_created_at').on('list_changes').column('created_at').execute();

  // Only the HMAC of a ticket is stored, as for session tokens. In the database rather than in
  // memory because the socket may reach another process than the one that issued the ticket.
  await db.schema
    .createTable('realtime_tickets')
    .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('realtime_tickets_expires_at').on('realtime_tickets').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('realtime_tickets').execute();
  await db.schema.dropTable('list_changes').execute();
  await db.schema.alterTable('lists').dropColumn('change_seq').execute();
}
