import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  CustomPromptsBody,
  ListView,
  PublicListResponse,
  VisibilityBody,
} from '../../common/schemas/lists.ts';
import type { Access } from '../access/access.ts';
import type { DB, ListRow } from '../db/schema.ts';
import { toJson } from '../db/values.ts';
import type { ChangeFeed } from '../realtime/change-feed.ts';
import { presentList, presentPublicItem, presentPublicList, type ListContext } from './list.presenter.ts';
import * as queries from './lists.queries.ts';

export interface ListDeps {
  db: Kysely<DB>;
  access: Access;
  now: () => Date;
  /** Every write goes through it, so live subscribers hear of it after the commit. */
  changes: ChangeFeed;
}

export type ListService = ReturnType<typeof createListService>;

function memberContext(row: queries.MemberListRow): ListContext {
  return {
    isOwner: false,
    shareInfo: { permission: row.share_permission, shared_by: row.shared_by_email, shared_at: row.shared_at },
  };
}

function ownerContext(shares: queries.OwnerShareRow[]): ListContext {
  return {
    isOwner: true,
    // Accepted shares always have a user; the filter only convinces the type checker.
    shares: shares.flatMap((s) => (s.user_id ? [{ user_id: s.user_id, email: s.email, permission: s.permission }] : [])),
  };
}

const stripShare = ({ share_permission: _p, shared_at: _s, shared_by_email: _e, ...list }: queries.MemberListRow) =>
  list satisfies ListRow;

export function createListService(deps: ListDeps) {
  const { db, access, changes } = deps;
  const nowIso = () => deps.now().toISOString();

  /** A list as its caller sees it: with its shares for the owner, with shareInfo for a member. */
  async function viewFor(list: ListRow, userId: string): Promise<ListView> {
    if (list.owner_id === userId) {
      return presentList(list, ownerContext(await queries.findAcceptedSharesOfOwner(db, userId, list.id)));
    }
    const [membership] = await queries.findMemberLists(db, userId, list.id);
    return presentList(list, membership ? memberContext(membership) : { isOwner: false });
  }

  /** Applies a change the caller is allowed to make (`manage-list`) and answers the updated list. */
  async function change(listId: string, userId: string, patch: Parameters<typeof queries.updateList>[2]) {
    const { list } = await access.authorize(listId, userId, 'manage-list');
    const updated = { ...list, ...patch, updated_at: nowIso() };
    await changes.write([listId], async (trx, record) => {
      await record({ listId, entity: 'list', op: 'modified', entityId: listId });
      await queries.updateList(trx, listId, { ...patch, updated_at: updated.updated_at });
    });
    return viewFor(updated as ListRow, userId);
  }

  return {
    viewFor,

    /** The caller's own lists and the lists shared with them, newest first, in three queries. */
    async listsOf(userId: string): Promise<ListView[]> {
      const [owned, ownerShares, memberships] = await Promise.all([
        queries.findOwnedLists(db, userId),
        queries.findAcceptedSharesOfOwner(db, userId),
        queries.findMemberLists(db, userId),
      ]);
      const sharesByList = Map.groupBy(ownerShares, (share) => share.list_id);
      const views = [
        ...owned.map((list) => presentList(list, ownerContext(sharesByList.get(list.id) ?? []))),
        ...memberships.map((row) => presentList(stripShare(row), memberContext(row))),
      ];
      return views.sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id));
    },

    /** Creates a private list owned by the caller. */
    async create(userId: string, name: string): Promise<ListView> {
      const now = nowIso();
      const list = {
        id: crypto.randomUUID(),
        name,
        owner_id: userId,
        visibility: 'private' as const,
        public_editable: false,
        allow_link_sharing: false,
        custom_prompts: toJson([]),
        created_at: now,
        updated_at: now,
      };
      await changes.write([], async (trx, record) => {
        await queries.insertList(trx, list);
        await record({ listId: list.id, entity: 'list', op: 'added', entityId: list.id });
      });
      return presentList(list, { isOwner: true, shares: [] });
    },

    rename(listId: string, userId: string, name: string): Promise<ListView> {
      return change(listId, userId, { name });
    },

    setVisibility(listId: string, userId: string, body: VisibilityBody): Promise<ListView> {
      return change(listId, userId, {
        visibility: body.visibility,
        public_editable: body.public_editable,
        allow_link_sharing: body.allow_link_sharing,
      });
    },

    setCustomPrompts(listId: string, userId: string, body: CustomPromptsBody): Promise<ListView> {
      return change(listId, userId, { custom_prompts: toJson(body.custom_prompts) });
    },

    /** Deletes a list with its items, shares and image records; owner only. */
    async remove(listId: string, userId: string): Promise<void> {
      await access.authorize(listId, userId, 'delete-list');
      await changes.write([listId], async (trx, record) => {
        // Recorded first: the seq lives on the row about to go (the log row stays).
        await record({ listId, entity: 'list', op: 'removed', entityId: listId });
        await queries.deleteList(trx, listId);
      });
    },

    /** A public list and its items for anyone with the link; 404 for any other list. */
    async publicList(listId: string): Promise<PublicListResponse> {
      // Deliberately as a visitor: a member's access must not make a private list readable here.
      const { list } = await access.authorize(listId, undefined, 'read');
      const items = await queries.findItemsInOrder(db, listId);
      return { list: presentPublicList(list), items: items.map(presentPublicItem) };
    },
  };
}
