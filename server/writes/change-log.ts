import type { Transaction } from 'kysely';
import { MESSAGES } from '../../common/messages.ts';
import type { ChangeOp } from '../../common/realtime.ts';
import { appNameOf, type Actor } from '../access/actor.ts';
import type { DB } from '../db/schema.ts';
import { notFound } from '../domain/errors.ts';
import type { Notification } from '../realtime/bus.ts';
import * as queries from './change-log.queries.ts';

/**
 * One change a write makes, as the services record it. `entityId` is the item id, the share's
 * e-mail address, or the list id. A user's own record (the `user` topic) has no list and no log;
 * nor do ended sessions (`sessions`), whose sockets every process closes, saying why when the
 * account itself went (`account-deleted`).
 */
export type ListChange = { listId: string; entity: 'list' | 'item' | 'share'; op: ChangeOp; entityId: string };
/**
 * Account-wide changes: `user` (the account's document), `invitations` (the invitations waiting for
 * its address, which its document does not show: its devices are sent the document again),
 * `sessions` ended, the account deleted.
 */
export type RecordedChange = ListChange | { entity: 'user' | 'invitations' | 'sessions' | 'account-deleted'; userId: string };

/**
 * What a person did, as the list's last change shows it ("added 3 items", common/list-activity.ts).
 * `by` is their user id; `app` the name of the app that did it for them ("Claude"), null when they
 * did it themselves. A write recorded without one (shares) leaves the list's last change as it was.
 */
export interface Activity {
  by: string;
  summary: string;
  app: string | null;
}

/** The last change a person's write makes ("added 3 items"); none when the write did nothing. */
export function activityOf(actor: Actor, summary: string | undefined): Activity | undefined {
  return summary === undefined ? undefined : { by: actor.user.id, summary, app: appNameOf(actor) ?? null };
}

/** Records one change, or several of one list at once (a batch of items takes one seq range). */
export type RecordChange = (change: RecordedChange | readonly ListChange[], activity?: Activity) => Promise<void>;

/**
 * The change log of one write transaction: `record` logs each list's changes under the seqs it
 * takes (the rows commit with the data or not at all); `notifications` says, once the work is done,
 * what to tell subscribers: one notification per list and transaction, however many changes it
 * recorded, so a batch of 200 items wakes each process once, and the log holds the details.
 */
export function startChangeLog(trx: Transaction<DB>, now: () => Date): { record: RecordChange; notifications(): Notification[] } {
  const lastSeq = new Map<string, number>();
  const listDocChanged = new Set<string>();
  /** By user: whether the invitations waiting for them changed. */
  const users = new Map<string, boolean>();
  /** By user: whether the account was deleted. */
  const sessionsEnded = new Map<string, boolean>();

  /** Bumps the list's seq by `changes.length` and logs them under the seqs taken. */
  async function log(listId: string, changes: readonly ListChange[], activity?: Activity): Promise<number> {
    const createdAt = now().toISOString();
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

  const record: RecordChange = async (change, activity) => {
    const changes: readonly (RecordedChange | ListChange)[] = Array.isArray(change) ? change : [change];
    const byList = new Map<string, ListChange[]>();
    for (const one of changes) {
      if (!('listId' in one)) {
        if (one.entity === 'user' || one.entity === 'invitations') users.set(one.userId, one.entity === 'invitations' || users.get(one.userId) === true);
        else sessionsEnded.set(one.userId, one.entity === 'account-deleted' || sessionsEnded.get(one.userId) === true);
        continue;
      }
      byList.set(one.listId, [...(byList.get(one.listId) ?? []), one]);
      if (one.entity !== 'item') listDocChanged.add(one.listId);
    }
    for (const [listId, ofList] of byList) lastSeq.set(listId, await log(listId, ofList, activity));
  };

  const notifications = (): Notification[] => [
    ...[...lastSeq].map(([l, s]): Notification => (listDocChanged.has(l) ? { l, s, k: 1 } : { l, s })),
    ...[...users].map(([u, invitations]): Notification => (invitations ? { u, i: 1 } : { u })),
    ...[...sessionsEnded].map(([x, deleted]): Notification => (deleted ? { x, d: 1 } : { x })),
  ];

  return { record, notifications };
}
