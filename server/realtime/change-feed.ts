import type { Kysely, Transaction } from 'kysely';
import { MESSAGES } from '../../common/messages.ts';
import type { ChangeOp } from '../../common/realtime.ts';
import type { DB } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import type { ChangeBus, Notification } from './bus.ts';
import * as queries from './realtime.queries.ts';

/**
 * One change a write makes, as the services record it. `entityId` is the item id, the share's
 * e-mail address, or the list id. A user's own record (the `user` topic) has no list and no log.
 */
export type RecordedChange =
  | { listId: string; entity: 'list' | 'item' | 'share'; op: ChangeOp; entityId: string }
  | { entity: 'user'; userId: string };

export type RecordChange = (change: RecordedChange) => Promise<void>;

export type ChangeFeed = ReturnType<typeof createChangeFeed>;

/**
 * The write side of live subscriptions. A service mutates inside `write` and records what it
 * changed; the log rows commit with the data or not at all, and subscribers hear of them after
 * the commit, never before (docs/decisions/005-live-subscriptions.md).
 */
export function createChangeFeed(deps: { db: Kysely<DB>; bus: ChangeBus; now: () => Date }) {
  const { db, bus } = deps;

  return {
    /**
     * Runs `work` in a transaction with a `record` function. Record a list's deletion BEFORE
     * deleting the row: the seq lives on the row. Recording on a list that is gone (a concurrent
     * deletion) fails the write with 404.
     */
    async write<T>(work: (trx: Transaction<DB>, record: RecordChange) => Promise<T>): Promise<T> {
      const { value, notes } = await db.transaction().execute(async (trx) => {
        const lastSeq = new Map<string, number>();
        const listDocChanged = new Set<string>();
        const users = new Set<string>();
        const record: RecordChange = async (change) => {
          if (change.entity === 'user') {
            users.add(change.userId);
            return;
          }
          const seq = await queries.bumpChangeSeq(trx, change.listId);
          if (seq === undefined) throw notFound(MESSAGES.listNotFound);
          await queries.insertChange(trx, {
            list_id: change.listId,
            seq,
            entity: change.entity,
            op: change.op,
            entity_id: change.entityId,
            created_at: deps.now().toISOString(),
          });
          lastSeq.set(change.listId, seq);
          if (change.entity !== 'item') listDocChanged.add(change.listId);
        };
        const value = await work(trx, record);
        // One notification per list and transaction, however many changes it recorded: a batch
        // of 200 items wakes each process once, and the log holds the details.
        const notes: Notification[] = [
          ...[...lastSeq].map(([l, s]): Notification => (listDocChanged.has(l) ? { l, s, k: 1 } : { l, s })),
          ...[...users].map((u) => ({ u })),
        ];
        await bus.inTransaction(trx, notes);
        return { value, notes };
      });
      bus.afterCommit(notes);
      return value;
    },
  };
}
