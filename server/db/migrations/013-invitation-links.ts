import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Invitation links (decision 047): on a server that cannot send mail, an owner passes on a link
 * that accepts one pending invitation. Only the token's digest is stored; a used, revoked or
 * expired link keeps its row so that opening it can say which.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp } = columnTypes(db);
  await db.schema
    .createTable('invitation_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // With the invitation's list, its links go; the invitation itself is the share (list_id, email).
    .addColumn('list_id', 'text', (c) => c.notNull().references('lists.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('used_at', timestamp)
    .addColumn('revoked_at', timestamp)
    .execute();
  await db.schema.createIndex('invitation_links_list_id_email').on('invitation_links').columns(['list_id', 'email']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invitation_links').execute();
}
