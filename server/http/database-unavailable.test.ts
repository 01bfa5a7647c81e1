import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ITEM_BATCH_MAX, ITEM_CONTENT_MAX_LENGTH } from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { castOfList } from '../test/lists.ts';
import { usesPostgres } from '../test/test-database.ts';
import { useTestApp } from '../test/test-app.ts';

const t = useTestApp();

/** A batch of distinct items as long as they may be: 200 x 500 characters. */
const bigBatch = (round: number) => ({
  items: Array.from({ length: ITEM_BATCH_MAX }, (_, index) => ({ content: `${round}-${index} `.padEnd(ITEM_CONTENT_MAX_LENGTH, 'x') })),
});

describe('a database that cannot store data (a full disk)', () => {
  it.skipIf(usesPostgres())('answers 503 with what happened, changes nothing, and serves again once there is room', async () => {
    const { owner, listId } = await castOfList(t);
    const db = t.database.db;
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(db);
    // The file may not grow: SQLite answers SQLITE_FULL, as on a full disk, once its free pages are used.
    await sql.raw(`pragma max_page_count = ${rows[0]!.page_count}`).execute(db);
    const add = (round: number) => t.request({ method: 'POST', path: `/lists/${listId}/items/batch`, token: owner.token, body: bigBatch(round) });
    const count = async () => (await t.request({ method: 'GET', path: `/lists/${listId}/items`, token: owner.token })).body.items.length;

    let round = 0;
    let before = await count();
    let full = await add(round);
    while (full.status === 201 && round < 20) {
      before = await count();
      full = await add(++round);
    }
    expect(full.status).toBe(503);
    expect(full.body).toEqual({ error: { code: 'database_unavailable', message: SERVER_MESSAGES.databaseUnavailable } });
    expect(await count()).toBe(before);

    await sql.raw('pragma max_page_count = 1073741823').execute(db);
    expect((await add(round + 1)).status).toBe(201);
    expect(await count()).toBe(before + ITEM_BATCH_MAX);
  });
});

describe('a PostgreSQL connection that breaks while idle (a restart, a pooler reaping it)', () => {
  it.runIf(usesPostgres())('is replaced, and the server goes on serving', async () => {
    const { owner, listId } = await castOfList(t);
    // The pool's idle client: the one this query used and gave back.
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(t.database.db);
    await terminateBackend(rows[0]!.pid);
    // The idle client hears of it on its own; a process without a listener for that would end here.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const read = await t.request({ method: 'GET', path: `/lists/${listId}/items`, token: owner.token });
    expect(read.status).toBe(200);
  });
});

/** Ends a PostgreSQL connection from outside, as an administrator or a failover would. */
async function terminateBackend(pid: number) {
  const admin = t.database.newClient!();
  await admin.connect();
  await admin.query('select pg_terminate_backend($1)', [pid]);
  await admin.end();
}

describe('a PostgreSQL connection that breaks while a transaction holds it', () => {
  it.runIf(usesPostgres())('fails that transaction as the database being away, and the process goes on serving', async () => {
    const { owner, listId } = await castOfList(t);
    const outcome = await t.database.db
      .transaction()
      .execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await terminateBackend(rows[0]!.pid);
        // The held client hears of it between two queries; a process with no listener on it ends here.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await sql`select 1`.execute(trx);
      })
      .then(() => 'committed', (error: unknown) => error);
    expect(isDatabaseUnavailable(outcome)).toBe(true);
    const read = await t.request({ method: 'GET', path: `/lists/${listId}/items`, token: owner.token });
    expect(read.status).toBe(200);
  });
});

describe('a PostgreSQL table locked by someone else (a long ALTER TABLE, a forgotten open transaction)', () => {
  it.runIf(usesPostgres())('answers a write that waits for it 503 after the lock wait, not when the lock goes; nothing is stored', async () => {
    const { owner, listId } = await castOfList(t);
    const admin = t.database.newClient!();
    await admin.connect();
    try {
      await admin.query('begin');
      await admin.query('lock table items in access exclusive mode');
      const write = await t.request({ method: 'POST', path: `/lists/${listId}/items`, token: owner.token, body: { content: 'milk' } });
      expect(write.status).toBe(503);
      expect(write.body.error.code).toBe('database_unavailable');
    } finally {
      await admin.query('rollback');
      await admin.end();
    }
    const read = await t.request({ method: 'GET', path: `/lists/${listId}/items`, token: owner.token });
    expect(read.body.items).toEqual([]);
  });
});

describe('isDatabaseUnavailable', () => {
  it("knows SQLite's and PostgreSQL's codes for a database that cannot serve now", () => {
    const withCode = (code: string) => Object.assign(new Error(code), { code });
    for (const code of ['SQLITE_FULL', 'SQLITE_BUSY', 'SQLITE_IOERR_WRITE', 'SQLITE_READONLY_DBMOVED', '53100', '55P03', '57P01', '08006', 'ECONNRESET']) {
      expect([code, isDatabaseUnavailable(withCode(code))]).toEqual([code, true]);
    }
    for (const code of ['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_ERROR', '23505', '42P01', '57014']) {
      expect([code, isDatabaseUnavailable(withCode(code))]).toEqual([code, false]);
    }
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    // A pool with no connection free within the lock wait.
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('knows a PostgreSQL that cannot be reached', async () => {
    const client = new pg.Client({ connectionString: 'postgres://listo@127.0.0.1:1/listo' });
    const error = await client.connect().then(
      () => expect.fail('connected'),
      (failure: unknown) => failure,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});
