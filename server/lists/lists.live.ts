import { SESSION_SCOPES } from '../access/actor.ts';
import { capabilitiesOf } from '../access/permissions.ts';
import type { LiveListState, LiveSources } from '../realtime/index.ts';
import { findShares } from '../shares/shares.queries.ts';
import { memberContext, ownerContext } from './list-contexts.ts';
import { presentList } from './list.presenter.ts';
import * as queries from './lists.queries.ts';

/**
 * The lists feature's reads for live subscriptions: the same documents GET /lists answers, for the
 * `lists` (owned) and `shares` (shared with the user) topics. Sockets are opened by sessions only,
 * so `can` is computed with a session's scopes.
 */

function ownerDoc(state: LiveListState) {
  const accepted = state.shares.filter((share) => share.status === 'accepted');
  return presentList(state.list, ownerContext(accepted), capabilitiesOf('owner', SESSION_SCOPES), state.list.owner_id);
}

function memberDoc(state: LiveListState, userId: string) {
  const share = state.shares.find((entry) => entry.status === 'accepted' && entry.user_id === userId);
  if (!share || state.list.owner_id === userId) return undefined;
  const context = memberContext(
    { share_permission: share.permission, shared_at: share.created_at, shared_by_id: share.shared_by, shared_by_email: share.shared_by_email },
    userId,
  );
  return presentList(state.list, context, capabilitiesOf(share.permission, SESSION_SCOPES), userId);
}

export const listLiveSources: Pick<LiveSources, 'listState' | 'listDocsOf' | 'listDoc'> = {
  async listState(db, listId) {
    const [list, shares] = await Promise.all([queries.findListWithSeq(db, listId), findShares(db, listId)]);
    return list && { list, shares };
  },

  async listDocsOf(db, userId, topic) {
    if (topic === 'lists') {
      const lists = await queries.findOwnedListsWithSeq(db, userId);
      const shares = Map.groupBy(await queries.findSharesOfOwnedLists(db, userId), (share) => share.list_id);
      return lists.map((list) => ({ listId: list.id, seq: list.change_seq, doc: ownerDoc({ list, shares: shares.get(list.id) ?? [] }) }));
    }
    const rows = await queries.findMemberLists(db, userId);
    return rows
      .filter((row) => row.owner_id !== userId)
      .map(({ share_permission, shared_at, shared_by_id, shared_by_email, ...list }) => ({
        listId: list.id,
        seq: list.change_seq,
        doc: presentList(
          list,
          memberContext({ share_permission, shared_at, shared_by_id, shared_by_email }, userId),
          capabilitiesOf(share_permission, SESSION_SCOPES),
          userId,
        ),
      }));
  },

  listDoc(state, userId, topic) {
    if (topic === 'lists') return state.list.owner_id === userId ? ownerDoc(state) : undefined;
    return memberDoc(state, userId);
  },
};
