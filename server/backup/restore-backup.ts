import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely, type Transaction } from 'kysely';
import { NO_MIGRATIONS } from 'kysely/migration';
import { insertOrder, MIGRATOR_TABLES, quoteName, readTables, type RunQuery, type TableShape } from './catalog.ts';
import { SECRET_ENTRY, VAPID_ENTRY, type Manifest } from './manifest.ts';
import { BackupFileError, eachEntry, linesOf, verifyBackup } from './read-backup.ts';
import { migratorOf, migrateToLatest, openDatabase, type Database, type DatabaseTarget } from '../db/open.ts';
import { migrations } from '../db/migrations/index.ts';
import type { DB } from '../db/schema.ts';
import type { BlobStore } from '../images/blob-store.ts';
import { contentTypeOf } from '../images/image-files.ts';
import { makeFolder } from '../make-folder.ts';
import { VAPID_FILE, type VapidKeys } from '../push/vapid.ts';
import { SECRET_FILE } from '../secret.ts';

export interface RestoreTarget {
  target: DatabaseTarget;
  /** Where `secret.key` and `vapid.json` go, unless LISTO_SECRET and the VAPID_* keys are set. */
  dataDir: string;
  /** Where the photos go: the store Listo is configured with (the local folder or the bucket). */
  store: BlobStore;
  /** LISTO_SECRET, when set. */
  secret: string | undefined;
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, when set. */
  vapid: VapidKeys | undefined;
}

/** What became of a key of the backup: written to the data folder, the same as the environment's, another than the environment's, or none in the backup. */
export type KeyOutcome = 'written' | 'same' | 'differs' | 'none';

export interface RestoreReport {
  manifest: Manifest;
  /** How many rows went into each table. */
  rows: Record<string, number>;
  photos: number;
  /** What became of the backup's secret (secret.key, or compared with LISTO_SECRET). */
  secret: KeyOutcome;
  /** What became of the backup's VAPID key pair (vapid.json, or compared with the VAPID_* keys). */
  vapid: KeyOutcome;
}

/** The database is not empty and `force` was not given; says what it holds. */
export class DatabaseNotEmptyError extends Error {}

/** Values per INSERT: under SQLite's 32,766 bound parameters and PostgreSQL's 65,535. */
const VALUES_PER_INSERT = 30_000;
const MAX_ROWS_PER_INSERT = 1_000;

/**
 * Restores a backup into an empty database of either kind (or, with `force`, one whose tables it
 * drops first): the schema of the backup's migrations, every row as it was, the photos into the
 * store, then the migrations this Listo has beyond the backup's. The rows go in within one
 * transaction, with triggers off (counts and seqs are restored, not recounted).
 */
export async function restoreBackup(file: string, to: RestoreTarget, options: { force?: boolean } = {}): Promise<RestoreReport> {
  const manifest = await verifyBackup(file);
  const known = Object.keys(migrations);
  const unknown = manifest.migrations.find((name, index) => known[index] !== name);
  if (unknown) throw new BackupFileError(`the backup was made by a newer Listo (its database has migration ${unknown}, which this one does not know). Restore it with that version or a newer one.`);

  const database = await openDatabase(to.target, { migrate: false });
  try {
    const held = await rowCounts(queryIn(database.db), database.dialect);
    if (held.length > 0 && !options.force) {
      throw new DatabaseNotEmptyError(`it is not empty (${held.map(({ table, rows }) => `${rows} ${table}`).join(', ')})`);
    }
    await database.db.transaction().execute((trx) => dropEverything(queryIn(trx), database.dialect));
    await migrateTo(database.db, manifest.migrations.at(-1) ?? NO_MIGRATIONS);
    const restored = await database.db.transaction().execute((trx) => loadRows(file, manifest, trx, database, to.store));
    await migrateToLatest(database.db);
    return {
      manifest,
      rows: restored.rows,
      photos: restored.photos,
      secret: placeKey(restored.keys.get(SECRET_ENTRY), to.secret, to.dataDir, SECRET_FILE),
      vapid: placeKey(restored.keys.get(VAPID_ENTRY), to.vapid && JSON.stringify(to.vapid), to.dataDir, VAPID_FILE, sameVapidKeys),
    };
  } finally {
    await database.close();
  }
}

const queryIn =
  (db: Kysely<DB>): RunQuery =>
  async (text) =>
    (await sql.raw<Record<string, unknown>>(text).execute(db)).rows;

/**
 * Drops Listo's tables (children first), the migrator's, and on PostgreSQL the trigger functions
 * of the schema: what is left is a database its migrations start from. Down migrations would not
 * do: they undo each step by itself, and a database restored from an older Listo may never have
 * had some of the tables they drop.
 */
async function dropEverything(query: RunQuery, dialect: Database['dialect']): Promise<void> {
  const tables = insertOrder(await readTables(query, dialect)).reverse();
  for (const { name } of [...tables, ...MIGRATOR_TABLES.map((name) => ({ name }))]) await query(`drop table if exists ${quoteName(name)}${dialect === 'postgres' ? ' cascade' : ''}`);
  if (dialect === 'sqlite') return;
  const functions = await query(`select proname from pg_proc where pronamespace = current_schema()::regnamespace and prorettype = 'trigger'::regtype`);
  for (const { proname } of functions) await query(`drop function if exists ${quoteName(proname as string)}() cascade`);
}

async function rowCounts(query: RunQuery, dialect: Database['dialect']): Promise<{ table: string; rows: number }[]> {
  const counts = [];
  for (const { name } of await readTables(query, dialect)) {
    const [{ rows }] = (await query(`select count(*) as rows from ${quoteName(name)}`)) as [{ rows: number | string }];
    if (Number(rows) > 0) counts.push({ table: name, rows: Number(rows) });
  }
  return counts;
}

async function migrateTo(db: Kysely<DB>, target: string | typeof NO_MIGRATIONS): Promise<void> {
  const { error } = await (await migratorOf(db)).migrateTo(target);
  // A migration's failure: the database's error.
  if (error) throw error as Error;
}

async function loadRows(file: string, manifest: Manifest, trx: Transaction<DB>, database: Database, store: BlobStore) {
  const query = queryIn(trx);
  const shapes = new Map((await readTables(query, database.dialect)).map((table) => [table.name, table]));
  const tables = new Map(manifest.tables.map((table) => [table.file, table]));
  const photos = new Map(manifest.photos.map((photo) => [photo.file, photo]));
  const enableTriggers = await disableTriggers(query, database.dialect, [...shapes.keys()]);
  const rows: Record<string, number> = {};
  let photoCount = 0;
  const keys = new Map<string, string>();
  await eachEntry(file, async (entry) => {
    const table = tables.get(entry.name);
    const photo = photos.get(entry.name);
    if (table) {
      const shape = shapes.get(table.name);
      if (!shape) throw new BackupFileError(`the backup has a table ${table.name} that its migrations do not make`);
      const missing = shape.parents.find((parent) => parent !== table.name && shapes.has(parent) && rows[parent] === undefined);
      if (missing) throw new BackupFileError(`${table.name} comes before ${missing}, which its rows point at`);
      rows[table.name] = await insertTable(trx, shape, table.columns, linesOf(entry.body));
      if (rows[table.name] !== table.rows) throw new BackupFileError(`${entry.name} holds ${rows[table.name]} rows, its manifest says ${table.rows}`);
    } else if (photo) {
      const parts: Buffer[] = [];
      for await (const chunk of entry.body) parts.push(chunk);
      await store.put(photo.key, Buffer.concat(parts), contentTypeOf(photo.key));
      photoCount++;
    } else if (entry.name === SECRET_ENTRY || entry.name === VAPID_ENTRY) {
      let text = '';
      for await (const chunk of entry.body) text += chunk.toString('utf8');
      keys.set(entry.name, text);
    }
  });
  await enableTriggers();
  return { rows, photos: photoCount, keys };
}

/**
 * Turns the triggers off while the rows go in, within the transaction: they would count every
 * item into its list again. SQLite cannot disable one, so they are dropped and made again.
 */
async function disableTriggers(query: RunQuery, dialect: Database['dialect'], tables: string[]): Promise<() => Promise<void>> {
  if (dialect === 'sqlite') {
    const triggers = (await query(`select name, sql from sqlite_master where type = 'trigger'`)) as { name: string; sql: string }[];
    for (const { name } of triggers) await query(`drop trigger ${quoteName(name)}`);
    return async () => {
      for (const trigger of triggers) await query(trigger.sql);
    };
  }
  for (const table of tables) await query(`alter table ${quoteName(table)} disable trigger user`);
  return async () => {
    for (const table of tables) await query(`alter table ${quoteName(table)} enable trigger user`);
  };
}

async function insertTable(trx: Transaction<DB>, shape: TableShape, columns: string[], lines: AsyncIterable<string>): Promise<number> {
  const expected = shape.columns.map((column) => column.name).sort();
  if (JSON.stringify([...columns].sort()) !== JSON.stringify(expected)) {
    throw new BackupFileError(`the backup's ${shape.name} has the columns ${columns.join(', ')}; its migrations make ${expected.join(', ')}`);
  }
  const booleans = new Set(shape.columns.filter((column) => column.type === 'boolean').map((column) => column.name));
  const perInsert = Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(VALUES_PER_INSERT / columns.length)));
  const anyTable = trx as unknown as Transaction<Record<string, Record<string, unknown>>>;
  let batch: Record<string, unknown>[] = [];
  let count = 0;
  const flush = async () => {
    if (batch.length > 0) await anyTable.insertInto(shape.name).values(batch).execute();
    count += batch.length;
    batch = [];
  };
  for await (const line of lines) {
    const row = JSON.parse(line) as Record<string, unknown>;
    for (const column of booleans) if (typeof row[column] === 'number') row[column] = row[column] === 1;
    batch.push(row);
    if (batch.length === perInsert) await flush();
  }
  await flush();
  return count;
}

/**
 * A key of the backup, which what it restores was made with (the secret: sessions' and links'
 * digests; the VAPID pair: every device's subscription), written to the data folder, unless the
 * environment sets the key (then it is only compared).
 */
function placeKey(text: string | undefined, fromEnv: string | undefined, dataDir: string, file: string, same = (a: string, b: string) => a === b): KeyOutcome {
  if (text === undefined) return 'none';
  if (fromEnv !== undefined) return same(fromEnv, text) ? 'same' : 'differs';
  // In place whole: written beside it, then renamed over the key of the database it replaces.
  makeFolder(dataDir);
  const draft = path.join(dataDir, `${file}.${crypto.randomBytes(6).toString('hex')}`);
  fs.writeFileSync(draft, text, { mode: 0o600 });
  fs.renameSync(draft, path.join(dataDir, file));
  return 'written';
}

/** Whether two texts of a VAPID pair name the same keys (vapid.json may be laid out otherwise). */
function sameVapidKeys(a: string, b: string): boolean {
  try {
    const [x, y] = [JSON.parse(a) as Partial<VapidKeys>, JSON.parse(b) as Partial<VapidKeys>];
    return x.publicKey === y.publicKey && x.privateKey === y.privateKey;
  } catch {
    return false;
  }
}
