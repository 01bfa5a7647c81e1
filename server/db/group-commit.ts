import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.ts';

/** Runs `work` in a write transaction and answers its value once that has committed. */
export type RunInTransaction = <T>(work: (trx: Transaction<DB>) => Promise<T>) => Promise<T>;

/** Writes that share one commit at most: bounds how long the first of them waits for its answer. */
const GROUP_MAX = 64;

/**
 * A ROLLBACK that fails is not why the transaction failed: SQLite rolls a transaction back by itself
 * after some errors (a full disk), and its answer to the ROLLBACK that follows ("no transaction is
 * active") would otherwise replace the error that says what happened.
 */
const rollbackQuietly = (trx: { rollback(): { execute(): Promise<void> } } | undefined) =>
  trx?.rollback().execute().catch(() => undefined);

/** One write in a transaction of its own; a failure is answered with its cause. */
async function inOwnTransaction<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  const trx = await db.startTransaction().execute();
  try {
    const value = await work(trx);
    await trx.commit().execute();
    return value;
  } catch (error) {
    await rollbackQuietly(trx);
    throw error;
  }
}

interface Job {
  work: (trx: Transaction<DB>) => Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * Group commit for SQLite (docs/decisions/015-group-commit.md). SQLite runs one write
 * transaction at a time, and each commit waits for the disk (synchronous = FULL), so concurrent
 * writers used to queue for one fsync each. Here the writes that arrive while a commit is under
 * way, or in the same turn of the event loop, run one after another inside ONE transaction, each
 * in a savepoint of its own, and share its fsync:
 * - a write that fails rolls back to its savepoint: only its own statements are undone, and only
 *   it is rejected;
 * - every write is answered after the commit, never before, so each 2xx is still durable;
 * - if the commit itself fails, every write of the group is rejected (none of them happened).
 * A lone write runs in a plain transaction, without the savepoint statements.
 *
 * The next group starts on `setImmediate`: better-sqlite3 answers synchronously, so a whole
 * request otherwise runs in microtasks, and the requests that arrived meanwhile would never get
 * a chance to join.
 */
export function groupCommit(db: Kysely<DB>): RunInTransaction {
  const waiting: Job[] = [];
  let scheduled = false;

  async function commitGroup(group: Job[]): Promise<void> {
    if (group.length === 1) {
      const [job] = group as [Job];
      await inOwnTransaction(db, job.work).then(job.resolve, job.reject);
      return;
    }
    const settled: { job: Job; value: unknown }[] = [];
    let trx;
    try {
      trx = await db.startTransaction().execute();
      for (const job of group) {
        const savepoint = await trx.savepoint('write').execute();
        try {
          settled.push({ job, value: await job.work(savepoint) });
          await savepoint.releaseSavepoint('write').execute();
        } catch (error) {
          // No savepoint left to return to means no transaction left (SQLite ended it): the whole
          // group fails, with this error.
          await savepoint.rollbackToSavepoint('write').execute().catch(() => Promise.reject(error));
          await savepoint.releaseSavepoint('write').execute();
          job.reject(error);
        }
      }
      await trx.commit().execute();
    } catch (error) {
      // The transaction itself failed (the disk, a savepoint): nothing of the group happened.
      // (A job already rejected for its own error keeps that one: a promise settles once.)
      await rollbackQuietly(trx);
      for (const job of group) job.reject(error);
      return;
    }
    for (const { job, value } of settled) job.resolve(value);
  }

  async function drain(): Promise<void> {
    while (waiting.length > 0) await commitGroup(waiting.splice(0, GROUP_MAX));
    scheduled = false;
  }

  return <T>(work: (trx: Transaction<DB>) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      waiting.push({ work, resolve, reject });
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => void drain());
    });
}

/** Each write in a transaction of its own: PostgreSQL runs them side by side and groups commits itself. */
export function transactionEach(db: Kysely<DB>): RunInTransaction {
  return (work) => db.transaction().execute(work);
}
