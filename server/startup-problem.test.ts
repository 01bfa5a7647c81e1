import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { migratorOf } from './db/open.ts';
import { startupProblem } from './startup-problem.ts';
import { createTestDatabase } from './test/test-database.ts';

/** Each case fails for real (a port taken, a file where a folder should be...): the errors are Node's, SQLite's and PostgreSQL's own. */
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-startup-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function failureOf(run: () => unknown): Promise<unknown> {
  return Promise.resolve()
    .then(run)
    .then(
      () => expect.fail('expected it to fail'),
      (error: unknown) => error,
    );
}

function listenError(port: number, host: string): Promise<unknown> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', resolve);
    server.listen(port, host, () => server.close(() => resolve(undefined)));
  });
}

describe('startupProblem', () => {
  it('says which port is taken and how to start on another', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => holder.close(resolve)));
    const { port } = holder.address() as net.AddressInfo;
    const error = await listenError(port, '127.0.0.1');
    expect(startupProblem(error, loadConfig({ PORT: String(port) }))).toBe(
      `Port ${port} on 127.0.0.1 is already in use, perhaps by another Listo. Stop what runs there, or start on another port: PORT=${port + 1} npm start`,
    );
  });

  it('says a HOST that is not this machine’s, and which ones to use', async () => {
    // 192.0.2.0/24 is reserved for documentation: no machine has it.
    const error = await listenError(0, '192.0.2.1');
    expect(startupProblem(error, loadConfig({ HOST: '192.0.2.1' }))).toBe(
      'HOST=192.0.2.1 is not an address of this machine. Use 127.0.0.1 to serve this machine only, or 0.0.0.0 to serve every network it is on.',
    );
  });

  it('says why the data folder cannot be used', async () => {
    const file = path.join(tempDir(), 'a-file');
    fs.writeFileSync(file, '');
    const dataDir = path.join(file, 'data');
    const error = await failureOf(() => fs.mkdirSync(dataDir, { recursive: true }));
    expect(startupProblem(error, loadConfig({ DATA_DIR: dataDir }))).toBe(
      `The data folder ${dataDir} cannot be used: part of its path is a file, not a folder. Set DATA_DIR to a folder this user may write to.`,
    );
  });

  it('says a data folder cannot be made where the system refuses it (a read-only mount)', () => {
    // What Node's recursive mkdir throws there; a test cannot mount a read-only file system.
    const error = Object.assign(new Error("ENOENT: no such file or directory, mkdir '/mnt/ro/data'"), { code: 'ENOENT', syscall: 'mkdir' });
    expect(startupProblem(error, loadConfig({ DATA_DIR: '/mnt/ro/data' }))).toBe(
      'The data folder /mnt/ro/data cannot be used: it cannot be made there. Set DATA_DIR to a folder this user may write to.',
    );
  });

  it('says a database file that is not one cannot be read, and what to do', async () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, 'listo.db');
    fs.writeFileSync(file, 'not a database '.repeat(100));
    const error = await failureOf(() => {
      const sqlite = new SqliteDatabase(file);
      cleanups.push(() => sqlite.close());
      sqlite.pragma('journal_mode = WAL');
    });
    expect(startupProblem(error, loadConfig({ DATA_DIR: dataDir }))).toBe(
      `The database in ${dataDir} cannot be read (file is not a database). Restore it from a backup (docs/deploy.md), or move the data folder away to start with an empty one.`,
    );
  });

  it('says a database last used by a newer Listo needs that version or a backup', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.close());
    await sql`insert into kysely_migration (name, timestamp) values ('999-from-a-newer-listo', '2030-01-01T00:00:00.000Z')`.execute(database.db);
    const { error } = await (await migratorOf(database.db)).migrateToLatest();
    expect(startupProblem(error, loadConfig({}))).toBe(
      'The database was last used by a newer version of Listo than this one. Start that version again, or restore a backup made for this one (docs/deploy.md).',
    );
  });

  it('says PostgreSQL cannot be reached, naming its address but never the password', async () => {
    const url = 'postgres://listo:hunter2@127.0.0.1:1/listo';
    const client = new pg.Client({ connectionString: url });
    const error = await failureOf(() => client.connect());
    const problem = startupProblem(error, loadConfig({ DATABASE_URL: url }));
    expect(problem).toBe('PostgreSQL at 127.0.0.1:1 (DATABASE_URL) cannot be reached (ECONNREFUSED). Is it running, and is the address right?');
  });

  it.runIf(process.env.TEST_DATABASE_URL)('says what PostgreSQL refused', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = '/listo_no_such_database';
    const client = new pg.Client({ connectionString: url.href });
    const error = await failureOf(() => client.connect());
    expect(startupProblem(error, loadConfig({ DATABASE_URL: url.href }))).toBe(
      `PostgreSQL at ${url.host} (DATABASE_URL) refused the connection: database "listo_no_such_database" does not exist. Check the user, password and database name in DATABASE_URL.`,
    );
  });

  it('leaves anything else to be printed whole: that is a bug, not a setting', () => {
    expect(startupProblem(new TypeError("Cannot read properties of undefined (reading 'x')"), loadConfig({}))).toBeUndefined();
    expect(startupProblem('a string', loadConfig({}))).toBeUndefined();
  });
});
