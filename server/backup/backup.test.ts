import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { everyRow, fillEveryTable, tableNames } from '../test/backup.ts';
import { BACKUP_VERSION, MANIFEST_FILE, type Manifest } from './manifest.ts';
import { BackupFileError, eachEntry } from './read-backup.ts';
import { DatabaseNotEmptyError, restoreBackup } from './restore-backup.ts';
import { tarWriter } from './tar.ts';
import { writeBackup, type BackupSource } from './write-backup.ts';
import { openDatabase, type Database, type DatabaseTarget } from '../db/open.ts';
import { loadOrCreateVapidKeys, newVapidKeys, VAPID_FILE, type VapidKeys } from '../push/vapid.ts';
import { BLOBS_DIR } from '../images/blob-storage.ts';
import { createLocalBlobStore } from '../images/local-blob-store.ts';
import { storedFiles, readStored } from '../test/images.ts';
import { createTestDatabase, emptyDatabaseTarget, usesPostgres } from '../test/test-database.ts';
import { startTestApp, TEST_SECRET, type TestApp } from '../test/test-app.ts';
import type { TestUser } from '../test/factories.ts';

/**
 * Backups of a Listo with rows in every table, restored into a new database of each kind: every
 * row comes back as it was, the photos and the secret with them, and a Listo serves the restored
 * data (the same sessions, lists, items, seqs). The source is the test project's database, so the
 * SQLite project covers SQLite -> SQLite and SQLite -> PostgreSQL, the PostgreSQL project
 * PostgreSQL -> SQLite and PostgreSQL -> PostgreSQL.
 */

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-backup-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

let t: TestApp;
let source: BackupSource;
let owner: TestUser;
let listId: string;
let vapid: VapidKeys;

/** The test app's database, and where it is for a backup. */
async function sourceDatabase(): Promise<{ database: Database; target: DatabaseTarget }> {
  if (!usesPostgres()) {
    const database = await createTestDatabase();
    return { database, target: { kind: 'sqlite', file: database.location } };
  }
  const { target, remove } = await emptyDatabaseTarget('postgres');
  const database = await openDatabase(target);
  return { database: { ...database, close: () => database.close().then(remove) }, target };
}

beforeAll(async () => {
  const { database, target } = await sourceDatabase();
  t = await startTestApp({ database });
  // The pair a server without VAPID_* keys makes at its first start, in its data folder.
  vapid = loadOrCreateVapidKeys(t.dataDir, undefined);
  source = { target, dataDir: t.dataDir, storage: 'local', secret: TEST_SECRET, vapid: undefined };
  ({ owner, listId } = await fillEveryTable(t));
});
afterAll(async () => {
  await t?.app.close();
  await t?.database.close();
});

/** A new, empty database of the kind asked, and a data folder for its photos and secret. */
async function emptyTarget(kind: 'sqlite' | 'postgres') {
  const { target, remove } = await emptyDatabaseTarget(kind);
  const dataDir = fs.mkdtempSync(path.join(work, 'data-'));
  cleanups.push(remove, () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const store = createLocalBlobStore({ dir: path.join(dataDir, BLOBS_DIR), signedUrl: () => '' });
  return { target, dataDir, store, secret: undefined, vapid: undefined };
}

async function opened(target: DatabaseTarget): Promise<Database> {
  const database = await openDatabase(target);
  cleanups.push(() => database.close());
  return database;
}

const backupFile = () => path.join(work, `backup-${crypto.randomBytes(4).toString('hex')}.tar.gz`);

const kinds = [
  ['SQLite', 'sqlite'],
  ['PostgreSQL', 'postgres'],
] as const;

describe.each(kinds)('restored into an empty %s database', (_name, kind) => {
  it.skipIf(kind === 'postgres' && !process.env.TEST_DATABASE_URL)('holds every row of every table as it was, the photos, the secret and the VAPID key pair', async () => {
    const file = backupFile();
    const manifest = await writeBackup(source, file);
    const tables = await tableNames(t.database);
    const before = await everyRow(t.database);
    // Every table has rows, so comparing them proves something of each.
    expect(Object.entries(before).filter(([, rows]) => rows.length === 0).map(([table]) => table)).toEqual([]);
    expect(manifest.tables.map((table) => table.name).sort()).toEqual(tables);

    const to = await emptyTarget(kind);
    const report = await restoreBackup(file, to);
    expect(report.secret).toBe('written');
    expect(fs.readFileSync(path.join(to.dataDir, 'secret.key'), 'utf8')).toBe(TEST_SECRET);
    // Every device's subscription is bound to the pair: the restored server signs with the same one.
    expect(report.vapid).toBe('written');
    expect(loadOrCreateVapidKeys(to.dataDir, undefined)).toEqual(vapid);
    const restored = await opened(to.target);
    expect(await everyRow(restored)).toEqual(before);
    const photos = storedFiles(t);
    // The photo on its item, and the one an undo record keeps: 3 files each.
    expect(photos).toHaveLength(6);
    expect(report.photos).toBe(6);
    for (const key of photos) expect(fs.readFileSync(path.join(to.dataDir, BLOBS_DIR, ...key.split('/')))).toEqual(readStored(t, key));
  });

  it.skipIf(kind === 'postgres' && !process.env.TEST_DATABASE_URL)('serves Listo: the same session reads its lists, and a new item takes the next seq', async () => {
    const file = backupFile();
    await writeBackup(source, file);
    const to = await emptyTarget(kind);
    await restoreBackup(file, to);
    const restored = await opened(to.target);
    const { seqBefore, countBefore } = await restored.db
      .selectFrom('lists')
      .select(['change_seq as seqBefore', 'item_count as countBefore'])
      .where('id', '=', listId)
      .executeTakeFirstOrThrow();
    const other = await startTestApp({ database: restored });
    cleanups.push(() => other.app.close());
    const lists = await other.request({ method: 'GET', path: '/lists', token: owner.token });
    expect(lists.status).toBe(200);
    const added = await other.request({ method: 'POST', path: `/lists/${listId}/items`, token: owner.token, body: { content: 'after the restore' } });
    expect(added.status).toBe(201);
    const after = await restored.db.selectFrom('lists').select(['change_seq', 'item_count']).where('id', '=', listId).executeTakeFirstOrThrow();
    expect(after).toEqual({ change_seq: seqBefore + 1, item_count: countBefore + 1 });
  });
});

describe('the VAPID key pair of the environment', () => {
  it('goes into the backup; a restore where VAPID_* keys are set compares them and writes no vapid.json', async () => {
    const fromEnv = newVapidKeys();
    const file = backupFile();
    const manifest = await writeBackup({ ...source, vapid: fromEnv }, file);
    expect(manifest.vapid?.file).toBe('vapid.json');
    const same = await emptyTarget('sqlite');
    expect((await restoreBackup(file, { ...same, vapid: fromEnv })).vapid).toBe('same');
    const other = await emptyTarget('sqlite');
    expect((await restoreBackup(file, { ...other, vapid: newVapidKeys() })).vapid).toBe('differs');
    expect(fs.existsSync(path.join(same.dataDir, VAPID_FILE))).toBe(false);
    expect(fs.existsSync(path.join(other.dataDir, VAPID_FILE))).toBe(false);
    const folder = await emptyTarget('sqlite');
    await restoreBackup(file, folder);
    expect(loadOrCreateVapidKeys(folder.dataDir, undefined)).toEqual(fromEnv);
  });

  it('is absent from a backup of format 1, which still restores', async () => {
    const file = backupFile();
    await writeBackup(source, file);
    const older = await withEntries(file, (name) => name !== 'vapid.json', (manifest) => {
      const { vapid: _left, ...rest } = manifest;
      return { ...rest, version: 1 };
    });
    const to = await emptyTarget('sqlite');
    const report = await restoreBackup(older, to);
    expect(report.vapid).toBe('none');
    expect(fs.existsSync(path.join(to.dataDir, VAPID_FILE))).toBe(false);
  });
});

describe('a backup taken while Listo writes', () => {
  it('restores to one moment: item counts, seqs and the change log agree, nothing half-written', { timeout: 60_000 }, async () => {
    const add = (content: string) => t.request({ method: 'POST', path: `/lists/${listId}/items`, token: owner.token, body: { content } });
    // Between the tables it reads, the backup lets writes land: a read outside one snapshot would
    // find items (read after lists) that their list's count and seq (read before) do not know.
    let burst = 0;
    const burstDuringBackup = async () => {
      const answers = await Promise.all(Array.from({ length: 8 }, () => add(`during ${burst++}`)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    };
    const file = backupFile();
    const writing = Promise.all(Array.from({ length: 40 }, (_, index) => add(`alongside ${index}`)));
    await writeBackup(source, file, { afterTable: burstDuringBackup });
    await writing;

    const to = await emptyTarget('sqlite');
    await restoreBackup(file, to);
    const restored = await opened(to.target);
    const lists = await restored.db.selectFrom('lists').select(['id', 'item_count', 'done_count', 'change_seq']).execute();
    for (const list of lists) {
      const items = await restored.db.selectFrom('items').select(['is_completed']).where('list_id', '=', list.id).execute();
      const log = await restored.db.selectFrom('list_changes').select(({ fn }) => fn.max('seq').as('seq')).where('list_id', '=', list.id).executeTakeFirstOrThrow();
      expect({ items: list.item_count, done: list.done_count, seq: list.change_seq }).toEqual({
        items: items.length,
        done: items.filter((item) => Boolean(item.is_completed)).length,
        seq: Number(log.seq ?? 0),
      });
    }
    // The writes during the backup are not in it; the source has them all.
    const restoredItems = await restored.db.selectFrom('items').select('id').where('list_id', '=', listId).execute();
    const sourceItems = await t.database.db.selectFrom('items').select('id').where('list_id', '=', listId).execute();
    expect(sourceItems.length - restoredItems.length).toBeGreaterThanOrEqual(burst);
  });
});

describe('restore refuses', () => {
  it('a database that is not empty, unless forced; forced, it holds the backup alone', async () => {
    const before = await everyRow(t.database);
    const file = backupFile();
    await writeBackup(source, file);
    const to = await emptyTarget('sqlite');
    await restoreBackup(file, to);
    const restored = await openDatabase(to.target);
    const now = new Date().toISOString();
    await restored.db.insertInto('users').values({ id: crypto.randomUUID(), email: 'later@example.com', first_name: null, can_use_ai: true, created_at: now, updated_at: now }).execute();
    await restored.close();

    const refusal = await restoreBackup(file, to).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DatabaseNotEmptyError);
    expect((refusal as Error).message).toMatch(/^it is not empty \(1 access_tokens, .*, 4 users\)$/);
    await restoreBackup(file, to, { force: true });
    expect(await everyRow(await opened(to.target))).toEqual(before);
  });

  it('a damaged file, before it touches the database', async () => {
    const file = backupFile();
    await writeBackup(source, file);
    const bytes = fs.readFileSync(file);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    fs.writeFileSync(file, bytes);
    const to = await emptyTarget('sqlite');
    await expect(restoreBackup(file, to)).rejects.toBeInstanceOf(BackupFileError);
    expect(fs.existsSync((to.target as { file: string }).file)).toBe(false);
  });

  it('a backup of a newer Listo: a migration or a format version this one does not know', async () => {
    const file = backupFile();
    await writeBackup(source, file);
    const newerSchema = await withManifest(file, (manifest) => ({ ...manifest, migrations: [...manifest.migrations, '999-from-the-future'] }));
    await expect(restoreBackup(newerSchema, await emptyTarget('sqlite'))).rejects.toThrow(
      'the backup was made by a newer Listo (its database has migration 999-from-the-future, which this one does not know). Restore it with that version or a newer one.',
    );
    const newerFormat = await withManifest(file, (manifest) => ({ ...manifest, version: BACKUP_VERSION + 1 }));
    await expect(restoreBackup(newerFormat, await emptyTarget('sqlite'))).rejects.toThrow(`the backup is of format version ${BACKUP_VERSION + 1}, made by a newer Listo`);
  });

  it('a file that is not a backup', async () => {
    const file = backupFile();
    fs.writeFileSync(file, 'hello');
    await expect(restoreBackup(file, await emptyTarget('sqlite'))).rejects.toThrow('not a backup file, or a damaged one (it does not decompress)');
  });
});

/** A copy of a backup file with its manifest changed. */
const withManifest = (file: string, change: (manifest: Manifest) => unknown) => withEntries(file, () => true, change);

/** A copy of a backup file with only the entries `keep` keeps, and its manifest changed. */
async function withEntries(file: string, keep: (name: string) => boolean, change: (manifest: Manifest) => unknown): Promise<string> {
  const copy = backupFile();
  const gzip = zlib.createGzip();
  const written = pipeline(gzip, fs.createWriteStream(copy));
  const tar = tarWriter(gzip);
  await eachEntry(file, async (entry) => {
    const parts: Buffer[] = [];
    for await (const chunk of entry.body) parts.push(chunk);
    const data = Buffer.concat(parts);
    if (!keep(entry.name)) return;
    await tar.file(entry.name, entry.name === MANIFEST_FILE ? Buffer.from(JSON.stringify(change(JSON.parse(data.toString())))) : data);
  });
  await tar.end();
  gzip.end();
  await written;
  return copy;
}
