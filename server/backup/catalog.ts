import type { Dialect } from '../db/open.ts';

/** Runs one statement without parameters and answers its rows (each side brings its own connection). */
export type RunQuery = (text: string) => Promise<Record<string, unknown>[]>;

export interface TableShape {
  name: string;
  columns: { name: string; type: string }[];
  /** The tables its foreign keys point at. */
  parents: string[];
}

/** The migrator's own bookkeeping: not data, and set up by the migrations themselves on a restore. */
export const MIGRATOR_TABLES = ['kysely_migration', 'kysely_migration_lock'];

export const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Listo's tables in the database (or the PostgreSQL schema) a query runs in. */
export async function readTables(query: RunQuery, dialect: Dialect): Promise<TableShape[]> {
  const tables = dialect === 'sqlite' ? await sqliteTables(query) : await postgresTables(query);
  return tables.filter((table) => !MIGRATOR_TABLES.includes(table.name));
}

async function sqliteTables(query: RunQuery): Promise<TableShape[]> {
  const names = await query(`select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name`);
  const tables: TableShape[] = [];
  for (const { name } of names as { name: string }[]) {
    const columns = (await query(`select name, type from pragma_table_info(${quoteText(name)}) order by cid`)) as TableShape['columns'];
    const parents = (await query(`select distinct "table" as parent from pragma_foreign_key_list(${quoteText(name)})`)).map((row) => row.parent as string);
    tables.push({ name, columns, parents });
  }
  return tables;
}

async function postgresTables(query: RunQuery): Promise<TableShape[]> {
  const columns = (await query(
    `select table_name as table, column_name as name, data_type as type from information_schema.columns
     where table_schema = current_schema() and table_name in
       (select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE')
     order by table_name, ordinal_position`,
  )) as { table: string; name: string; type: string }[];
  const keys = (await query(
    `select child.relname as child, parent.relname as parent from pg_constraint c
     join pg_class child on child.oid = c.conrelid join pg_class parent on parent.oid = c.confrelid
     where c.contype = 'f' and c.connamespace = current_schema()::regnamespace`,
  )) as { child: string; parent: string }[];
  const tables = new Map<string, TableShape>();
  for (const column of columns) {
    const table = tables.get(column.table) ?? { name: column.table, columns: [], parents: [] };
    table.columns.push({ name: column.name, type: column.type });
    tables.set(column.table, table);
  }
  for (const { child, parent } of keys) tables.get(child)?.parents.push(parent);
  return [...tables.values()];
}

const quoteText = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The tables in an order where each comes after those its foreign keys point at (its own excepted). */
export function insertOrder<T extends Pick<TableShape, 'name' | 'parents'>>(tables: readonly T[]): T[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: T[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (table: T) => {
    if (placed.has(table.name)) return;
    if (visiting.has(table.name)) throw new Error(`foreign keys in a cycle through ${table.name}`);
    visiting.add(table.name);
    for (const parent of table.parents) {
      const shape = byName.get(parent);
      if (shape && parent !== table.name) place(shape);
    }
    visiting.delete(table.name);
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) place(table);
  return ordered;
}
