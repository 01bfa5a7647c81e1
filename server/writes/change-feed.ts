import type { Kysely, Transaction } from 'kysely';
import type { RunInTransaction } from '../db/group-commit.ts';
import type { DB } from '../db/schema.ts';
import type { ChangeBus } from '../realtime/bus.ts';
import { startChangeLog, type RecordChange } from './change-log.ts';
import * as queries from './change-log.queries.ts';
import { answerInTheWrite, claimingWithTheWrite } from './idempotency-store.ts';

export type ChangeFeed = ReturnType<typeof createChangeFeed>;

/**
 * How a write happens: every service write goes through `write`, and its steps run in the order
 * written there. The log rows and the Idempotency-Key's answer commit with the data or not at all,
 * and subscribers hear of the change after the commit, never before (docs/decisions: 005, 015,
 * 017 and 072-one-folder-for-writes.md).
 *
 * `inTransaction` is the database's write path (server/db/open.ts): a group commit on SQLite
 * (server/db/group-commit.ts), a transaction each on PostgreSQL.
 */
export function createChangeFeed(deps: { inTransaction: RunInTransaction; bus: Pick<ChangeBus, 'inTransaction' | 'afterCommit'>; now: () => Date }) {
  const { bus, now } = deps;
  // The handler's Idempotency-Key is claimed by the first statement of its write (./idempotency-store.ts).
  const inTransaction = claimingWithTheWrite(deps.inTransaction);

  return {
    /**
     * Runs `work` in a transaction with a `record` function, after locking the lists it names
     * (PostgreSQL). Record a list's deletion BEFORE deleting the row, since the seq lives on it.
     * Recording on a list that is gone fails with not found.
     */
    async write<T>(lockLists: readonly string[], work: (trx: Transaction<DB>, record: RecordChange) => Promise<T>): Promise<T> {
      // 1. The step that stores the route's answer with the change, asked for now, in the handler's
      //    context: the group commit runs the work later, from whichever request started the group.
      const storeAnswer = answerInTheWrite();
      // 2. One transaction (on SQLite a savepoint of a group commit, sharing its fsync), whose first
      //    statement claims the handler's Idempotency-Key: a repeat that claimed it first fails
      //    this write before it changes anything.
      const { value, notes } = await inTransaction(async (trx) => {
        // 3. The lists locked, in id order, before anything else: the seq bump locks the list row
        //    anyway, and taking it after an item or share row could wait in a circle with a list
        //    deletion. The same lock makes the permission check below see a share revoked a moment ago.
        await queries.lockLists(trx, lockLists);
        // 4. The work: the service authorizes in this transaction (server/access/access.ts), locks the
        //    user's row before counting one of their limits (./user-lock.ts), changes the rows, and
        //    records each change in the list's log under the seqs it takes.
        const changeLog = startChangeLog(trx, now);
        const value = await work(trx, changeLog.record);
        // 5. The Idempotency-Key's answer, made from the work's value, stored in the same transaction.
        await storeAnswer?.(trx, value);
        // 6. The notifications queued in the transaction: PostgreSQL delivers its NOTIFYs to every
        //    process at the commit, and only if it commits.
        const notes = changeLog.notifications();
        await bus.inTransaction(trx, notes);
        return { value, notes };
      });
      // 7. Committed and durable: the in-process bus (SQLite) tells this process's subscribers now.
      bus.afterCommit(notes);
      return value;
    },

    /**
     * The list's seq now. A read made after this one holds every change up to it, so a client
     * that read a list's items after it can follow them from there (an `items` subscription with
     * `since`) instead of loading them all again.
     */
    seqOf: (db: Kysely<DB> | Transaction<DB>, listId: string) => queries.findChangeSeq(db, listId),

    /** Locks lists found inside a write (in id order), e.g. those a new account's invitations name. */
    lock: (trx: Transaction<DB>, listIds: readonly string[]) => queries.lockLists(trx, listIds),
  };
}
