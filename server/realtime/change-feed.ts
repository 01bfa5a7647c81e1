import type { Kysely, Transaction } from 'kysely';
import { MESSAGES } from '../../common/messages.ts';
import type { ChangeOp } from '../../common/realtime.ts';
import type { Actor } from '../access/actor.ts';
import type { RunInTransaction } from '../db/group-commit.ts';
import type { DB } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import type { ChangeBus, Notification } from './bus.ts';
import * as queries from './realtime.queries.ts';

/**
 * One change a write makes, as the services record it. `entityId` is the item id, the share's
 * e-mail address, or the list id. A user's own record (the `user` topic) has no list and no log;
 * nor do ended sessions (`sessions`), whose sockets every process closes, saying why when the
 * account itself went (`account-deleted`).
 */
export type ListChange = { listId: string; entity: 'list' | 'item' | 'share'; op: ChangeOp; entityId: string };
export type RecordedChange = ListChange | { entity: 'user' | 'sessions' | 'account-deleted'; userId: string };

/**
 * What a person did, as the list's last change shows it ("added 3 items", common/list-activity.ts).
 * `by` is their user id. A write recorded without one (shares) leaves the list's last change as it was.
 */
export interface Activity {
  by: string;
  summary: string;
}

/** The last change a person's write makes ("added 3 items"); none when the write did nothing. */
export function activityOf(actor: Actor, summary: string | undefined): Activity | undefined {
  return summary === undefined ? undefined : { by: actor.user.id, summary };
}

/** Records one change, or several of one list at once (a batch of items takes one seq range). */
export type RecordChange = (change: RecordedChange | readonly ListChange[], activity?: Activity) => Promise<void>;

export type ChangeFeed = ReturnType<typeof createChangeFeed>;

/**
 * Asked when a write is asked for, in its caller's context; the step it may give runs in the
 * write's transaction, after the work, with the work's value (the Idempotency-Key's answer,
 * stored with the change: server/http/idempotency.ts).
 */
export type BeforeCommit = () => ((trx: Transaction<DB>, value: unknown) => Promise<void>) | undefined;

/**
 * The write side of live subscriptions. A service mutates inside `write` and records what it
 * changed; the log rows commit with the data or not at all, and subscribers hear of them after
 * the commit, never before (docs/decisions/005-live-subscriptions.md).
 */
export function createChangeFeed(deps: { inTransaction: RunInTransaction; bus: ChangeBus; now: () => Date; beforeCommit?: BeforeCommit }) {
  const { bus, inTransaction } = deps;

  /** Bumps the list's seq by `changes.length` and logs them under the seqs taken. */
  async function log(trx: Transaction<DB>, listId: string, changes: readonly ListChange[], activity?: Activity): Promise<number> {
    const createdAt = deps.now().toISOString();
    const last = await queries.bumpChangeSeq(trx, listId, changes.length, activity && { ...activity, at: createdAt });
    // The list is gone: a deletion committed between the caller's permission check and now.
    if (last === undefined) throw notFound(MESSAGES.listNotFound);
    const first = last - changes.length + 1;
    await queries.insertChanges(
      trx,
      changes.map((change, index) => ({
        list_id: listId,
        seq: first + index,
        entity: change.entity,
        op: change.op,
        entity_id: change.entityId,
        created_at: createdAt,
      })),
    );
    return last;
  }

  return {
    /**
     * Runs `work` in a transaction with a `record` function, after locking the lists it names
     * (PostgreSQL). Locking every list first, in id order, is what keeps writers deadlock-free:
     * the seq bump locks the list row anyway, and a transaction that took it after an item or
     * share row could wait in a circle with a list deletion. Record a list's deletion BEFORE
     * deleting the row, since the seq lives on it. Recording on a list that is gone fails with 404.
     */
    async write<T>(
      lockLists: readonly string[],
      work: (trx: Transaction<DB>, record: RecordChange) => Promise<T>,
    ): Promise<T> {
      const beforeCommit = deps.beforeCommit?.();
      const { value, notes } = await inTransaction(async (trx) => {
        await queries.lockLists(trx, lockLists);
        const lastSeq = new Map<string, number>();
        const listDocChanged = new Set<string>();
        const users = new Set<string>();
        /** By user: whether the account was deleted. */
        const sessionsEnded = new Map<string, boolean>();
        const record: RecordChange = async (change, activity) => {
          const changes: readonly (RecordedChange | ListChange)[] = Array.isArray(change) ? change : [change];
          const byList = new Map<string, ListChange[]>();
          for (const one of changes) {
            if (!('listId' in one)) {
              if (one.entity === 'user') users.add(one.userId);
              else sessionsEnded.set(one.userId, one.entity === 'account-deleted' || sessionsEnded.get(one.userId) === true);
              continue;
            }
            byList.set(one.listId, [...(byList.get(one.listId) ?? []), one]);
            if (one.entity !== 'item') listDocChanged.add(one.listId);
          }
          for (const [listId, ofList] of byList) lastSeq.set(listId, await log(trx, listId, ofList, activity));
        };
        const value = await work(trx, record);
        await beforeCommit?.(trx, value);
        // One notification per list and transaction, however many changes it recorded: a batch
        // of 200 items wakes each process once, and the log holds the details.
        const notes: Notification[] = [
          ...[...lastSeq].map(([l, s]): Notification => (listDocChanged.has(l) ? { l, s, k: 1 } : { l, s })),
          ...[...users].map((u) => ({ u })),
          ...[...sessionsEnded].map(([x, deleted]): Notification => (deleted ? { x, d: 1 } : { x })),
        ];
        await bus.inTransaction(trx, notes);
        return { value, notes };
      });
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
