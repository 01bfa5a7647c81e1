import type { Kysely, Transaction } from 'kysely';
import type { ErrorCode, ServerMessage } from '../../common/realtime.ts';
import type { DB } from '../db/schema.ts';
import { presentItem } from '../items/item.presenter.ts';
import { findItemsInOrder, findMemberLists } from '../lists/lists.queries.ts';
import { presentShare } from '../shares/share.presenter.ts';
import { presentUser } from '../users/user.presenter.ts';
import { collapse, loadListState, memberListDoc, ownerListDoc, refusal, roleIn } from './docs.ts';
import * as queries from './realtime.queries.ts';
import type { Subscription } from './subscription.ts';

type ConsistentRead = <T>(work: (trx: Transaction<DB>) => Promise<T>) => Promise<T>;

/** A subscription's first answer and the state the hub keeps for it; or why it is refused. */
export type SnapshotAnswer =
  | { error: ErrorCode }
  | {
      message: ServerMessage;
      /** List topics: the seq the answer brings the client to. */
      seq?: number;
      /** `lists` / `shares`: the lists in the answer, with their seqs. */
      known?: Map<string, number>;
      /** `user`: the document sent. */
      userJson?: string;
    };

/** Loads what a new subscription answers first: a snapshot, or for a resume only what was missed. */
export function loadSnapshot(
  db: Kysely<DB>,
  consistentRead: ConsistentRead,
  sub: Subscription,
  since: number | undefined,
): Promise<SnapshotAnswer> {
  const { id, sink } = sub;
  switch (sub.topic) {
    case 'items':
    case 'list-shares':
      return consistentRead((trx) => listTopic(trx, sub, since));

    case 'lists':
      return consistentRead(async (trx) => {
        const lists = await queries.findOwnedListsWithSeq(trx, sink.userId);
        const shares = Map.groupBy(await queries.findSharesOfOwnedLists(trx, sink.userId), (share) => share.list_id);
        const docs = lists.map((list) => ownerListDoc(list, shares.get(list.id) ?? []));
        return { message: { type: 'snapshot', id, docs }, known: new Map(lists.map((list) => [list.id, list.change_seq])) };
      });

    case 'shares':
      return consistentRead(async (trx) => {
        const rows = await findMemberLists(trx, sink.userId);
        const docs = rows
          .filter((row) => row.owner_id !== sink.userId)
          .map(({ share_permission, shared_at, shared_by_email, ...list }) =>
            memberListDoc(list, { permission: share_permission, shared_by_email, created_at: shared_at }),
          );
        return { message: { type: 'snapshot', id, docs }, known: new Map(rows.map((row) => [row.id, row.change_seq])) };
      });

    case 'user':
      return (async () => {
        const row = await queries.findUser(db, sink.userId);
        if (!row) return { error: 'not_found' as const };
        const doc = presentUser(row);
        return { message: { type: 'snapshot', id, docs: [doc] }, userJson: JSON.stringify(doc) };
      })();
  }
}

/**
 * `items` / `list-shares`: checks the caller's role, then answers a snapshot at the list's current
 * seq, or (with `since`) only the changes after it when the log still holds every one of them.
 */
async function listTopic(trx: Transaction<DB>, sub: Subscription, since: number | undefined): Promise<SnapshotAnswer> {
  const listId = sub.listId!;
  const state = await loadListState(trx, listId);
  const code = state ? refusal(roleIn(state, sub.sink.userId), sub.topic) : 'not_found';
  if (code || !state) return { error: code ?? 'not_found' };
  const seq = state.list.change_seq;
  const entity = sub.topic === 'items' ? 'item' : 'share';

  if (since !== undefined && since <= seq) {
    const rows = await queries.findChangesAfter(trx, listId, since);
    // Seqs are consecutive, so a complete log after `since` has exactly this many rows; fewer
    // means the purge took some, and only a snapshot can make the client whole.
    if (rows.length === seq - since) {
      const current =
        entity === 'item'
          ? await itemDocs(trx, listId, [...new Set(rows.filter((r) => r.entity === 'item').map((r) => r.entity_id))])
          : new Map(state.shares.map((share) => [share.email, presentShare(share)]));
      return { message: { type: 'resumed', id: sub.id, changes: collapse(rows, entity, current), seq }, seq };
    }
  }

  const docs =
    entity === 'item' ? (await findItemsInOrder(trx, listId)).map(presentItem) : state.shares.map(presentShare);
  return { message: { type: 'snapshot', id: sub.id, docs, seq }, seq };
}

async function itemDocs(trx: Transaction<DB>, listId: string, ids: string[]): Promise<Map<string, unknown>> {
  return new Map((await queries.findItemsByIds(trx, listId, ids)).map((row) => [row.id, presentItem(row)]));
}
