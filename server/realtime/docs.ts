import type { Kysely, Transaction } from 'kysely';
import type { DocChange, ErrorCode, Topic } from '../../common/realtime.ts';
import type { ListView } from '../../common/schemas/lists.ts';
import { can, roleOf, type ListAction, type ListRole } from '../access/permissions.ts';
import type { DB, ListChangeRow } from '../db/schema.ts';
import { toBool } from '../db/values.ts';
import { presentList } from '../lists/list.presenter.ts';
import { findShares, type ShareWithSharerRow } from '../shares/shares.queries.ts';
import type { ListWithSeqRow } from './realtime.queries.ts';
import * as queries from './realtime.queries.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * A list and all its shares, loaded once per batch of changes: enough to know every subscriber's
 * role and to build every subscriber's list document, without one query per socket.
 */
export interface ListState {
  list: ListWithSeqRow;
  /** Pending invitations included, oldest first (the `list-shares` documents). */
  shares: ShareWithSharerRow[];
}

export async function loadListState(db: Db, listId: string): Promise<ListState | undefined> {
  const [list, shares] = await Promise.all([queries.findListWithSeq(db, listId), findShares(db, listId)]);
  return list && { list, shares };
}

const acceptedShareOf = (state: ListState, userId: string) =>
  state.shares.find((share) => share.status === 'accepted' && share.user_id === userId);

/** The caller's role, decided by the one permission matrix (as `access.load` does for REST). */
export function roleIn(state: ListState, userId: string): ListRole {
  const { list } = state;
  return roleOf(
    {
      ownerId: list.owner_id,
      visibility: list.visibility,
      publicEditable: toBool(list.public_editable),
      sharePermission: acceptedShareOf(state, userId)?.permission,
    },
    userId,
  );
}

/** What a list-scoped topic needs: the items of anyone who may read; the shares of who manages them. */
const TOPIC_ACTION: Partial<Record<Topic, ListAction>> = { items: 'read', 'list-shares': 'manage-shares' };

/**
 * Why a role may not (any longer) follow a topic, as REST would answer: `not_found` when the list
 * is invisible to the caller, `forbidden` when visible but not theirs to watch this way.
 */
export function refusal(role: ListRole | undefined, topic: Topic): ErrorCode | undefined {
  if (!role || !can(role, 'read')) return 'not_found';
  const action = TOPIC_ACTION[topic];
  return action && !can(role, action) ? 'forbidden' : undefined;
}

/** The owner's document of a list (as GET /lists answers it): with its accepted shares. */
export function ownerListDoc(list: ListWithSeqRow, shares: ShareWithSharerRow[]): ListView {
  const accepted = shares.filter((share) => share.status === 'accepted' && share.user_id);
  return presentList(list, {
    isOwner: true,
    shares: accepted.map((share) => ({ user_id: share.user_id!, email: share.email, permission: share.permission })),
  });
}

/** A member's document of a list: with how it reached them (shareInfo). */
export function memberListDoc(
  list: ListWithSeqRow,
  share: { permission: ShareWithSharerRow['permission']; shared_by_email: string | null; created_at: string },
): ListView {
  return presentList(list, {
    isOwner: false,
    shareInfo: { permission: share.permission, shared_by: share.shared_by_email, shared_at: share.created_at },
  });
}

/** The list as a `lists` or `shares` subscriber sees it, or undefined when it is not in their topic. */
export function listDocFor(topic: Topic, state: ListState | undefined, userId: string): ListView | undefined {
  if (!state) return undefined;
  if (topic === 'lists') return state.list.owner_id === userId ? ownerListDoc(state.list, state.shares) : undefined;
  const share = acceptedShareOf(state, userId);
  return share && state.list.owner_id !== userId ? memberListDoc(state.list, share) : undefined;
}

/** The key fields a `removed` change carries (see `docKey` in common/realtime.ts). */
export function removedDoc(listId: string, entity: ListChangeRow['entity'], entityId: string): unknown {
  return entity === 'share' ? { list_id: listId, email: entityId } : { id: entityId };
}

/**
 * Folds log rows of one entity kind into one change per entity, in its current state: what a
 * client that has seen everything before these rows needs. An entity existed before the rows
 * unless the first of them added it; it exists now if its document could be loaded. Pure, so
 * live batches and resumes share it.
 */
export function collapse(
  rows: readonly ListChangeRow[],
  entity: ListChangeRow['entity'],
  current: ReadonlyMap<string, unknown>,
): DocChange[] {
  const firstOp = new Map<string, ListChangeRow['op']>();
  const lastSeq = new Map<string, number>();
  for (const row of rows) {
    if (row.entity !== entity) continue;
    if (!firstOp.has(row.entity_id)) firstOp.set(row.entity_id, row.op);
    lastSeq.set(row.entity_id, row.seq);
  }
  const changes: { seq: number; change: DocChange }[] = [];
  for (const [id, first] of firstOp) {
    const existedBefore = first !== 'added';
    const doc = current.get(id);
    if (doc !== undefined) {
      changes.push({ seq: lastSeq.get(id)!, change: { op: existedBefore ? 'modified' : 'added', doc } });
    } else if (existedBefore) {
      const listId = rows[0]!.list_id;
      changes.push({ seq: lastSeq.get(id)!, change: { op: 'removed', doc: removedDoc(listId, entity, id) } });
    }
  }
  // In the order of each entity's latest change, i.e. commit order.
  return changes.sort((a, b) => a.seq - b.seq).map((entry) => entry.change);
}
