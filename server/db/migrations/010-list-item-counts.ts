import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * Each list's number of items and of done items, kept on its row by triggers. They were
 * counted on every read of a list document and on every item creation: a walk over the list's
 * index entries, half a millisecond for 2,000 items on SQLite and several on PostgreSQL, paid by
 * every dashboard, every live list document and every add. Triggers rather than the services, so
 * that no writer (a cascade, a test helper, a future feature) can leave a count behind.
 * SQLite fires row triggers; PostgreSQL's insert and delete triggers read all of a statement's rows
 * at once (transition tables), so a batch of 500 items updates its list once, not 500 times.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lists').addColumn('item_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('lists').addColumn('done_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update lists set
      item_count = (select count(*) from items where items.list_id = lists.id),
      done_count = (select count(*) from items where items.list_id = lists.id and items.is_completed)`.execute(db);
  if (db.getExecutor().adapter instanceof SqliteAdapter) await sqliteTriggers(db);
  else await postgresTriggers(db);
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create trigger items_counted_on_insert after insert on items begin
      update lists set item_count = item_count + 1, done_count = done_count + new.is_completed where id = new.list_id;
    end`.execute(db);
  await sql`create trigger items_counted_on_delete after delete on items begin
      update lists set item_count = item_count - 1, done_count = done_count - old.is_completed where id = old.list_id;
    end`.execute(db);
  await sql`create trigger items_counted_on_check after update of is_completed on items
    when old.is_completed <> new.is_completed begin
      update lists set done_count = done_count + new.is_completed - old.is_completed where id = new.list_id;
    end`.execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create function items_counted_on_insert() returns trigger language plpgsql as $$
    begin
      update lists set item_count = lists.item_count + n.items, done_count = lists.done_count + n.done
      from (select list_id, count(*) as items, count(*) filter (where is_completed) as done from added group by list_id) n
      where lists.id = n.list_id;
      return null;
    end $$`.execute(db);
  await sql`create trigger items_counted_on_insert after insert on items
    referencing new table as added for each statement execute function items_counted_on_insert()`.execute(db);
  await sql`create function items_counted_on_delete() returns trigger language plpgsql as $$
    begin
      update lists set item_count = lists.item_count - n.items, done_count = lists.done_count - n.done
      from (select list_id, count(*) as items, count(*) filter (where is_completed) as done from removed group by list_id) n
      where lists.id = n.list_id;
      return null;
    end $$`.execute(db);
  await sql`create trigger items_counted_on_delete after delete on items
    referencing old table as removed for each statement execute function items_counted_on_delete()`.execute(db);
  // A row trigger: one with a column list cannot have transition tables, and without one it would
  // run for every reorder. Checking items off is one row at a time anyway.
  await sql`create function items_counted_on_check() returns trigger language plpgsql as $$
    begin
      update lists set done_count = done_count + case when new.is_completed then 1 else -1 end where id = new.list_id;
      return null;
    end $$`.execute(db);
  await sql`create trigger items_counted_on_check after update of is_completed on items
    for each row when (old.is_completed is distinct from new.is_completed) execute function items_counted_on_check()`.execute(db);
}

const TRIGGERS = ['items_counted_on_insert', 'items_counted_on_delete', 'items_counted_on_check'];

export async function down(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const trigger of TRIGGERS) {
    if (sqlite) await sql`drop trigger ${sql.id(trigger)}`.execute(db);
    else await sql`drop function ${sql.id(trigger)} cascade`.execute(db);
  }
  await db.schema.alterTable('lists').dropColumn('done_count').execute();
  await db.schema.alterTable('lists').dropColumn('item_count').execute();
}
