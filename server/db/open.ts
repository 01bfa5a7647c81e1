import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, sql, type SqliteDatabase as KyselySqliteDatabase, type SqliteStatement } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { groupCommit, transactionEach, type RunInTransaction } from './group-commit.ts';
import { migrations } from './migrations/index.ts';
import type { DB } from './schema.ts';
import { ListoSqliteDialect } from './sqlite-dialect.ts';
import { makeFolder } from '../make-folder.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Where the data lives, for the start-up line: a file path or the server's host and database. */
  location: string;
  /**
   * PostgreSQL only: a new connection outside the pool, for LISTEN (server/realtime/bus.ts). A
   * pooled one would go back to the pool and lose its LISTEN to whichever query takes it next.
   * `applicationName` names it in pg_stat_activity.
   */
  newClient?: (applicationName?: string) => pg.Client;
  /** How writes that must commit before their answer run: grouped on SQLite (server/db/group-commit.ts). */
  inTransaction: RunInTransaction;
  /** The migrations this start applied, oldest first: none when the schema was up to date (or another process migrated it). */
  migrated: string[];
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; url: string; /** A schema to work in instead of `public` (tests). */ schema?: string };

const PG_TIMESTAMPTZ_OID = 1184;
const PG_INT8_OID = 20;

/**
 * How long a query waits for a lock (SQLite's busy timeout, PostgreSQL's lock_timeout) or for a
 * free PostgreSQL connection: past it the request answers 503 `database_unavailable` instead of
 * hanging for as long as a long ALTER TABLE or a forgotten open transaction holds the table.
 */
const LOCK_WAIT_MS = 5_000;

/**
 * Opens the database and brings its schema up to date, unless told not to migrate (a restore,
 * server/backup/, sets the schema itself).
 */
export async function openDatabase(target: DatabaseTarget, options: { migrate?: boolean } = {}): Promise<Database> {
  const database = target.kind === 'sqlite' ? openSqlite(target.file) : openPostgres(target.url, target.schema);
  if (options.migrate === false) return database;
  try {
    database.migrated =
      target.kind === 'sqlite' ? await migrateToLatest(database.db) : await migrateWithoutWaitLimits(target.url, target.schema);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** Another process holds the SQLite database: live updates and sign-outs would not cross to it. */
export class DatabaseInUseError extends Error {
  constructor(file: string) {
    super(`${file} is in use by another process`);
  }
}

/**
 * Holds the database for this process alone, by an exclusive lock on a file beside it (not on the
 * database itself, which a live backup reads). The system drops the lock when the process ends,
 * however it ends.
 */
function lockForThisProcess(file: string): () => void {
  const lock = new SqliteDatabase(`${file}.lock`);
  try {
    // Nothing is ever written here: a journal on disk would only be one more file in the folder.
    lock.pragma('journal_mode = MEMORY');
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') throw new DatabaseInUseError(file);
    throw error;
  }
  return () => lock.close();
}

function openSqlite(file: string): Database {
  makeFolder(path.dirname(file));
  const unlock = lockForThisProcess(file);
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a commit is on disk before the 2xx goes out, even if the machine loses power.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${LOCK_WAIT_MS}`);
  const db = new Kysely<DB>({ dialect: new ListoSqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    dialect: 'sqlite',
    location: file,
    inTransaction: groupCommit(db),
    migrated: [],
    close: () => db.destroy().finally(unlock),
  };
}

/** Compiled statements kept: far more than the distinct queries a server runs, far less than memory. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query it runs, and better-sqlite3 compiles a statement on each prepare():
 * a tenth of an item creation's time (docs/performance.md, "Writes"). The same SQL text gets the
 * statement compiled the first time, least recently used ones dropping out. A statement still
 * iterating (a stream) is busy and cannot run twice at once, so that one query gets a fresh one.
 */
function withStatementCache(sqlite: SqliteDatabase.Database): KyselySqliteDatabase {
  const statements = new Map<string, { statement: SqliteDatabase.Statement; bound: SqliteStatement }>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      const cached = statements.get(sqlText);
      if (cached && !cached.statement.busy) {
        // Re-inserted as the newest: a Map keeps insertion order, so the first key is the oldest.
        statements.delete(sqlText);
        statements.set(sqlText, cached);
        return cached.bound;
      }
      const statement = sqlite.prepare(sqlText);
      const bound = bindingBooleans(statement);
      if (cached) return bound;
      statements.set(sqlText, { statement, bound });
      if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      return bound;
    },
  };
}

/**
 * better-sqlite3 refuses to bind JavaScript booleans; SQLite stores them as 0 and 1. Converted in
 * the bound values, not by a Kysely plugin: a plugin walks and copies every query's whole tree
 * before it is compiled, on every query.
 */
function bindingBooleans(statement: SqliteDatabase.Statement): SqliteStatement {
  const bindable = (parameters: readonly unknown[]) =>
    parameters.some((value) => typeof value === 'boolean')
      ? parameters.map((value) => (typeof value === 'boolean' ? Number(value) : value))
      : parameters;
  return {
    reader: statement.reader,
    all: (parameters) => statement.all(bindable(parameters)),
    run: (parameters) => statement.run(bindable(parameters)),
    iterate: (parameters) => statement.iterate(bindable(parameters)),
  };
}

/** The `options` of a PostgreSQL connection: the schema to work in, and the lock wait unless a migration's. */
function postgresOptions(schema: string | undefined, waitLimits: boolean): string | undefined {
  const settings = [...(schema ? [`search_path=${schema}`] : []), ...(waitLimits ? [`lock_timeout=${LOCK_WAIT_MS}`] : [])];
  return settings.length > 0 ? settings.map((setting) => `-c ${setting}`).join(' ') : undefined;
}

/**
 * Migrates on a connection of its own without the lock wait: a process that starts while another
 * migrates waits for it however long that takes, rather than failing to start. The migrator holds
 * a PostgreSQL advisory lock while it reads which migrations ran and applies the rest, in one
 * transaction: of processes starting together, one migrates and the others find nothing left to do
 * (docs/decisions/045-backups-and-migration-lock.md).
 */
async function migrateWithoutWaitLimits(url: string, schema: string | undefined): Promise<string[]> {
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1, options: postgresOptions(schema, false) }) }) });
  try {
    return await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

function openPostgres(url: string, schema: string | undefined): Database {
  const options = postgresOptions(schema, true);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: LOCK_WAIT_MS,
    options,
    // Timestamps come back as the same ISO strings SQLite returns, counts as numbers.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === PG_TIMESTAMPTZ_OID) return (value: string) => new Date(value).toISOString();
        if (oid === PG_INT8_OID) return (value: string) => Number(value);
        return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
      }) as typeof pg.types.getTypeParser,
    },
  });
  // A client whose connection broke (PostgreSQL restarted, a pooler reaped it, an administrator
  // ended it) is dropped by the pool, which connects anew for the next query; without a listener
  // its 'error' would end the process. The pool listens while a client is idle; while a transaction
  // holds it, only the client's own listener does, and its next query fails (503). The realtime
  // bus's own connection logs the outage.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const { host, pathname } = new URL(url);
  return {
    db,
    dialect: 'postgres',
    location: `${host}${pathname}`,
    // TCP keepalive costs nothing and lets the system itself drop, in the end, a connection whose
    // far end vanished; but at the system's pace (a first probe after 2 idle hours on Linux), so the
    // bus's own check (server/realtime/bus.ts) is what notices a dead LISTEN connection in seconds.
    newClient: (applicationName) => new pg.Client({ connectionString: url, options, keepAlive: true, application_name: applicationName }),
    inTransaction: transactionEach(db),
    migrated: [],
    close: () => db.destroy(),
  };
}

/** Applies the pending migrations; answers their names. */
export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  const { error, results = [] } = await (await migratorOf(db)).migrateToLatest();
  // A migration's failure: the database's error.
  if (error) throw error as Error;
  return results.map((result) => result.migrationName);
}

/** Listo's migrations on this database (exported for the tests of a migration). */
export async function migratorOf(db: Kysely<DB>): Promise<Migrator> {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Kysely looks for its bookkeeping tables in every schema unless told which one; with another
    // Listo (or a parallel test file) in a second schema of the same database it would find theirs.
    migrationTableSchema: db.getExecutor().adapter instanceof PostgresAdapter ? await currentSchema(db) : undefined,
  });
}

async function currentSchema(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]!.schema;
}

