import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { insertOrder, quoteName, readTables, type RunQuery, type TableShape } from './catalog.ts';
import type { DatabaseTarget, Dialect } from '../db/open.ts';

export type PortableRow = Record<string, string | number | null>;

/**
 * The whole database as of one moment, read while Listo goes on writing: SQLite through a read
 * transaction on a connection of its own (WAL: writers are not held up, and it sees none of
 * their commits), PostgreSQL through a REPEATABLE READ, READ ONLY transaction (one snapshot for
 * every query in it). Rows come in the portable values of server/backup/manifest.ts.
 */
export interface Snapshot {
  dialect: Dialect;
  /** The migrations the database had, oldest first. */
  migrations: string[];
  /** In insert order (server/backup/catalog.ts). */
  tables: TableShape[];
  /** A table's rows, a batch at a time. */
  rows(table: string): AsyncIterable<PortableRow[]>;
  close(): Promise<void>;
}

export class NotListoDatabaseError extends Error {}

const BATCH = 500;

export async function openSnapshot(target: DatabaseTarget): Promise<Snapshot> {
  return target.kind === 'sqlite' ? sqliteSnapshot(target.file) : postgresSnapshot(target.url, target.schema);
}

async function describe(dialect: Dialect, query: RunQuery): Promise<Pick<Snapshot, 'migrations' | 'tables'>> {
  let migrations: string[];
  try {
    migrations = (await query('select name from kysely_migration order by name')).map((row) => row.name as string);
  } catch {
    throw new NotListoDatabaseError('it holds no Listo database (no migrations table)');
  }
  return { migrations, tables: insertOrder(await readTables(query, dialect)) };
}

async function sqliteSnapshot(file: string): Promise<Snapshot> {
  // Read-only, and without Listo's lock file: the Listo that holds it goes on serving meanwhile.
  const sqlite = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    sqlite.pragma('busy_timeout = 5000');
    // The first read in the transaction fixes what every later read sees.
    sqlite.exec('begin');
    const query: RunQuery = async (text) => sqlite.prepare(text).all() as Record<string, unknown>[];
    const shape = await describe('sqlite', query);
    return {
      dialect: 'sqlite',
      ...shape,
      async *rows(table) {
        let batch: PortableRow[] = [];
        for (const row of sqlite.prepare(`select * from ${quoteName(table)}`).iterate() as Iterable<PortableRow>) {
          batch.push(row);
          if (batch.length === BATCH) {
            yield batch;
            batch = [];
          }
        }
        if (batch.length > 0) yield batch;
      },
      async close() {
        sqlite.close();
      },
    };
  } catch (error) {
    sqlite.close();
    throw error;
  }
}

const PG_BOOL_OID = 16;
const PG_INT8_OID = 20;
const PG_JSON_OIDS = new Set([114, 3802]);
const PG_TIMESTAMPTZ_OID = 1184;

/** PostgreSQL's values as SQLite holds them (the portable values). */
function portableParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
  if (oid === PG_BOOL_OID) return (value) => (value === 't' ? 1 : 0);
  if (oid === PG_INT8_OID) return Number;
  if (PG_JSON_OIDS.has(oid)) return (value) => JSON.stringify(JSON.parse(value));
  if (oid === PG_TIMESTAMPTZ_OID) return (value) => new Date(value).toISOString();
  return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
}

async function postgresSnapshot(url: string, schema: string | undefined): Promise<Snapshot> {
  const client = new pg.Client({
    connectionString: url,
    options: schema ? `-c search_path=${schema}` : undefined,
    types: { getTypeParser: portableParser as typeof pg.types.getTypeParser },
  });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const query: RunQuery = async (text) => (await client.query<Record<string, unknown>>(text)).rows;
    const shape = await describe('postgres', query);
    return {
      dialect: 'postgres',
      ...shape,
      async *rows(table) {
        await client.query(`declare backup_rows no scroll cursor for select * from ${quoteName(table)}`);
        try {
          for (;;) {
            const { rows } = await client.query<PortableRow>(`fetch ${BATCH} from backup_rows`);
            if (rows.length > 0) yield rows;
            if (rows.length < BATCH) return;
          }
        } finally {
          await client.query('close backup_rows');
        }
      },
      async close() {
        await client.query('rollback').catch(() => undefined);
        await client.end();
      },
    };
  } catch (error) {
    await client.end();
    throw error;
  }
}
