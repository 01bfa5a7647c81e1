import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Transaction } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { groupCommit, type RunInTransaction } from './group-commit.ts';
import type { DB } from './schema.ts';

/** A table of its own (not Listo's schema): these tests are about transactions, not data. */
interface TestDB {
  parents: { id: number };
  things: { name: string; parent_id: number | null };
}

let dir: string;
let file: string;
let db: Kysely<TestDB>;
let statements: string[];
let inTransaction: RunInTransaction;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-group-commit-'));
  file = path.join(dir, 'test.db');
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  statements = [];
  db = new Kysely<TestDB>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (event) => void statements.push(event.query.sql),
  });
  await sql`create table parents (id integer primary key)`.execute(db);
  // Checked at commit, so a test can make the commit itself fail.
  await sql`create table things (name text primary key, parent_id integer references parents (id) deferrable initially deferred)`.execute(db);
  statements = [];
  inTransaction = groupCommit(db as unknown as Kysely<DB>);
});

afterEach(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A write as the services make them, typed for this test's tables. */
const write = <T>(work: (trx: Transaction<TestDB>) => Promise<T>) =>
  inTransaction((trx) => work(trx as unknown as Transaction<TestDB>));

const insert = (name: string, parentId: number | null = null) =>
  write((trx) => trx.insertInto('things').values({ name, parent_id: parentId }).execute().then(() => name));

/** What another connection sees: only what has been committed. */
function committedNames(): string[] {
  const other = new SqliteDatabase(file, { readonly: true });
  try {
    return (other.prepare('select name from things order by name').all() as { name: string }[]).map((row) => row.name);
  } finally {
    other.close();
  }
}

const commits = () => statements.filter((statement) => statement === 'commit').length;

describe('group commit (SQLite)', () => {
  it('runs writes that arrive together in one transaction, answering each after the commit', async () => {
    const names = Array.from({ length: 10 }, (_, i) => `thing ${i}`);
    const answered = await Promise.all(names.map(async (name) => [await insert(name), committedNames().includes(name)]));
    expect(answered).toEqual(names.map((name) => [name, true]));
    expect(commits()).toBe(1);
  });

  it('runs a lone write in a plain transaction, without savepoints', async () => {
    await insert('alone');
    expect(statements.filter((statement) => /savepoint/i.test(statement))).toEqual([]);
    expect(commits()).toBe(1);
    expect(committedNames()).toEqual(['alone']);
  });

  it('rolls back only the write that failed: its own statements are undone, the others commit', async () => {
    const failing = async (trx: Transaction<TestDB>) => {
      await trx.insertInto('things').values({ name: 'half of a failed write', parent_id: null }).execute();
      await trx.insertInto('things').values({ name: 'first', parent_id: null }).execute();
    };
    const results = await Promise.allSettled([insert('first'), write(failing), insert('third')]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' });
    expect(committedNames()).toEqual(['first', 'third']);
  });

  it('rejects every write of the group when the commit fails, and none of them happened', async () => {
    // The missing parent is only noticed at commit (a deferred foreign key).
    const results = await Promise.allSettled([insert('good'), insert('orphan', 42)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' });
    expect(committedNames()).toEqual([]);
    // The next write starts from a clean state.
    await insert('after');
    expect(committedNames()).toEqual(['after']);
  });

  describe('a write that SQLite rolled back by itself (as after a full disk)', () => {
    /** Fails as a full disk makes SQLite fail: the transaction is gone before the error reaches us. */
    const onFullDisk = () =>
      write(async (trx) => {
        await trx.insertInto('things').values({ name: 'lost', parent_id: null }).execute();
        await sql`rollback`.execute(trx);
        throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      });

    it('is answered with its cause, not with the failed ROLLBACK after it', async () => {
      await expect(onFullDisk()).rejects.toMatchObject({ code: 'SQLITE_FULL' });
      expect(committedNames()).toEqual([]);
      await insert('after');
      expect(committedNames()).toEqual(['after']);
    });

    it('fails its whole group with that cause: the transaction they shared is gone', async () => {
      const results = await Promise.allSettled([insert('good'), onFullDisk()]);
      expect(results.map((result) => [result.status, (result as PromiseRejectedResult).reason?.code])).toEqual([
        ['rejected', 'SQLITE_FULL'],
        ['rejected', 'SQLITE_FULL'],
      ]);
      expect(committedNames()).toEqual([]);
      await insert('after');
      expect(committedNames()).toEqual(['after']);
    });
  });

  it('puts the writes that arrive once a group has started into the next group', async () => {
    const later = Promise.withResolvers<string[]>();
    const first = Promise.all([insert('a'), insert('b')]);
    // Runs after the first group's start (both wait for the same turn of the event loop).
    setImmediate(() => later.resolve(Promise.all([insert('c'), insert('d'), insert('e')])));
    expect([...(await first), ...(await later.promise)]).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(commits()).toBe(2);
  });
});
