import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * The learned store order (docs/decisions/052-trips-and-store-order.md). `store_checkoffs` holds
 * the check-offs of the trips under way, one small row each; when a trip ends its rows are learned
 * into the positions of its names (`store_order_items`) and departments
 * (`store_order_departments`), and the store's count of trips (`store_orders`), then deleted.
 * `store` is the store the trip was in, '' for the list's own order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp } = columnTypes(db);
  await db.schema
    .createTable('store_checkoffs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('list_id', 'text', (c) => c.references('lists.id').onDelete('cascade').notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade').notNull())
    .addColumn('store', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('department', 'text')
    .addColumn('checked_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('store_checkoffs_list_trip').on('store_checkoffs').columns(['list_id', 'user_id', 'store', 'checked_at']).execute();
  await db.schema
    .createTable('store_order_items')
    .addColumn('list_id', 'text', (c) => c.references('lists.id').onDelete('cascade').notNull())
    .addColumn('store', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('department', 'text')
    .addColumn('offset_in_department', 'double precision', (c) => c.notNull())
    .addColumn('seen', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('store_order_items_pk', ['list_id', 'store', 'name_key'])
    .execute();
  await db.schema
    .createTable('store_order_departments')
    .addColumn('list_id', 'text', (c) => c.references('lists.id').onDelete('cascade').notNull())
    .addColumn('store', 'text', (c) => c.notNull())
    .addColumn('department', 'text', (c) => c.notNull())
    .addColumn('position', 'double precision', (c) => c.notNull())
    .addColumn('seen', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('store_order_departments_pk', ['list_id', 'store', 'department'])
    .execute();
  await db.schema
    .createTable('store_orders')
    .addColumn('list_id', 'text', (c) => c.references('lists.id').onDelete('cascade').notNull())
    .addColumn('store', 'text', (c) => c.notNull())
    .addColumn('trips', 'integer', (c) => c.notNull())
    .addColumn('learned_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('store_orders_pk', ['list_id', 'store'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['store_orders', 'store_order_departments', 'store_order_items', 'store_checkoffs']) {
    await db.schema.dropTable(table).execute();
  }
}
