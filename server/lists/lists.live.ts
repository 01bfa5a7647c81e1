import { SESSION_SCOPES } from '../access/actor.ts';
import { capabilitiesOf, type ListRole } from '../access/permissions.ts';
import type { LiveListState, LiveSources } from '../realtime/index.ts';
import { findShares } from '../shares/shares.queries.ts';
import { memberContext, viewAs, type Standing } from './list-contexts.ts';
import { presentList, presentPublicList } from './list.presenter.ts';
import * as queries from './lists.queries.ts';

/**
 * The lists feature's reads for live subscriptions: the same documents GET /lists answers, for the
 * `lists` (owned) and `shares` (shared with the user) topics, and GET /lists/{id} (or, signed out,
 * GET /lists/public/{id}) for the `list` topic. Sockets with a user are opened by sessions only,
 * so `can` is computed with a session's scopes.
 */

/** How `userId` stands to the list, from the state the hub read once for every subscriber. */
function standingIn(state: LiveListState, userId: string): Standing {
  const accepted = state.shares.filter((share) => share.status === 'accepted');
  const share = accepted.find((entry) => entry.user_id === userId);
  return {
    ownerShares: accepted,
    membership: share && {
      share_permission: share.permission,
      shared_at: share.created_at,
      shared_by_id: share.shared_by,
      shared_by_email: share.shared_by_email,
    },
  };
}

const viewIn = (state: LiveListState, role: ListRole, userId: string) =>
  viewAs(state.list, { role, scopes: SESSION_SCOPES }, userId, standingIn(state, userId));

function memberDoc(state: LiveListState, userId: string) {
  const { membership } = standingIn(state, userId);
  if (!membership || state.list.owner_id === userId) return undefined;
  return viewIn(state, membership.share_permission, userId);
}

export const listLiveSources: Pick<LiveSources, 'listState' | 'listDocsOf' | 'listDoc' | 'listView'> = {
  async listState(db, listId) {
    const [list, shares] = await Promise.all([queries.findListWithSeq(db, listId), findShares(db, listId)]);
    return list && { list, shares };
  },

  async listDocsOf(db, userId, topic) {
    if (topic === 'lists') {
      const lists = await queries.findOwnedListsWithSeq(db, userId);
      const shares = Map.groupBy(await queries.findSharesOfOwnedLists(db, userId), (share) => share.list_id);
      return lists.map((list) => ({ listId: list.id, seq: list.change_seq, doc: viewIn({ list, shares: shares.get(list.id) ?? [] }, 'owner', userId) }));
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
    if (topic === 'lists') return state.list.owner_id === userId ? viewIn(state, 'owner', userId) : undefined;
    return memberDoc(state, userId);
  },

  listView(state, role, userId) {
    return userId === undefined ? presentPublicList(state.list) : viewIn(state, role, userId);
  },
};
