import type { DocChange, ErrorCode, Topic } from '../../common/realtime.ts';
import { can, isMember, roleOf, type ListAction, type ListRole } from '../access/permissions.ts';
import type { ListChangeRow } from '../db/schema.ts';
import { toBool } from '../db/values.ts';
import type { LiveListState } from './sources.ts';

/** Roles and change folding of live subscriptions: pure functions over what the sources read. */

/**
 * The caller's role, decided by the one permission matrix (as `access.ts` does for REST);
 * `userId` is undefined for an anonymous reader.
 */
export function roleIn(state: LiveListState, userId: string | undefined): ListRole {
  const { list } = state;
  const share = state.shares.find((entry) => entry.status === 'accepted' && entry.user_id === userId);
  return roleOf(
    {
      ownerId: list.owner_id,
      visibility: list.visibility,
      publicEditable: toBool(list.public_editable),
      sharePermission: share?.permission,
    },
    userId,
  );
}

/** Whether items go to this role as to a member (with their author) or as to a public reader. */
export const seesAsMember = (role: ListRole): boolean => isMember(role);

/** What a list-scoped topic needs: the list and items of anyone who may read; the shares of who manages them. */
const TOPIC_ACTION: Partial<Record<Topic, ListAction>> = { items: 'read', list: 'read', 'list-shares': 'manage-shares' };

/**
 * Why a role may not (any longer) follow a topic, as REST would answer: `not_found` when the list
 * is invisible to the caller, `forbidden` when visible but not theirs to watch this way.
 */
export function refusal(role: ListRole | undefined, topic: Topic): ErrorCode | undefined {
  if (!role || !can(role, 'read')) return 'not_found';
  const action = TOPIC_ACTION[topic];
  return action && !can(role, action) ? 'forbidden' : undefined;
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
