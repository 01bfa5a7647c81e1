import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Property memory of items (the server-side counterpart of the web client's propertyCache) and stored
 * answers of mutating calls, so that a retried request with the same Idempotency-Key changes
 * nothing again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { json, timestamp } = columnTypes(db);

  // One row per user and normalised item name (`itemNameKey`): the properties last set on it.
  await db.schema
    .createTable('item_properties')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('properties', json, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('item_properties_pk', ['user_id', 'name_key'])
    .execute();

  // `scope` is the caller's user id, or '' for a caller who is not signed in. No foreign key:
  // rows live 24 hours, and an answer must survive the deletion of what it talks about.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    // Null while the first request is still running.
    .addColumn('status', 'integer')
    .addColumn('content_type', 'text')
    .addColumn('body', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_at').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
  await db.schema.dropTable('item_properties').execute();
}
