import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { LIST_ACTIVITY } from '../../common/list-activity.ts';
import { LISTS_OWNED_MAX } from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import type { ItemsPageQuery } from '../../common/schemas/items.ts';
import type {
  CreateListBody,
  CustomPromptsBody,
  ListView,
  PublicListResponse,
  RenameListBody,
  VisibilityBody,
} from '../../common/schemas/lists.ts';
import { authorize, requireScope, type ListAccess } from '../access/access.ts';
import { appNameOf, type Actor } from '../access/actor.ts';
import { capabilitiesOf, isMember } from '../access/permissions.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { DB, ListRow } from '../db/schema.ts';
import { toJson } from '../db/values.ts';
import { conflict, tooLarge } from '../domain/errors.ts';
import { toPublicItem, type ItemPresenter } from '../items/item.presenter.ts';
import { readItemsPage } from '../items/item-pages.ts';
import type { ChangeFeed } from '../writes/change-feed.ts';
import { activityOf } from '../writes/change-log.ts';
import { memberContext, ownerContext, viewAs } from './list-contexts.ts';
import { presentList, presentPublicList } from './list.presenter.ts';
import * as queries from './lists.queries.ts';

export interface ListDeps {
  db: Kysely<DB>;
  now: () => Date;
  /** Every write goes through it, so live subscribers hear of it after the commit. */
  changes: ChangeFeed;
  presentItem: ItemPresenter;
}

export type ListService = ReturnType<typeof createListService>;

type Db = Parameters<typeof queries.findList>[0];

const stripShare = ({ share_permission: _p, shared_at: _s, shared_by_id: _i, shared_by_email: _e, ...list }: queries.MemberListRow) =>
  list satisfies ListRow;

export function createListService(deps: ListDeps) {
  const { db, changes } = deps;
  const nowIso = () => deps.now().toISOString();

  /**
   * A list as its caller sees it: shares for the owner, shareInfo for a member, `can` for all, and
   * its counts and last change (read afresh: the access row may predate the caller's own write).
   */
  async function viewFor(reader: Db, access: ListAccess, userId: string): Promise<ListView> {
    const { role } = access;
    const summary = await queries.findListSummary(reader, access.list.id);
    const list = { ...access.list, last_change_name: null, last_change_email: null, ...summary };
    const ownerShares = role === 'owner' ? await queries.findAcceptedSharesOfOwner(reader, userId, list.id) : [];
    const [membership] = role !== 'owner' && isMember(role) ? await queries.findMemberLists(reader, userId, list.id) : [];
    return viewAs(list, access, userId, { ownerShares, membership });
  }

  /**
   * Applies a change the caller is allowed to make (`manage-list`) and answers the updated list, as
   * the list calls answer it; `summary` is how the list's last change tells of it. `precondition`
   * sees the list as it is inside the write: it may refuse the change (throw), or find that it
   * changes nothing ('unchanged': nothing is written, and no member reads that the list changed).
   */
  function change(
    actor: Actor,
    listId: string,
    patch: Parameters<typeof queries.updateList>[2],
    summary: string,
    precondition?: (list: ListRow) => 'unchanged' | undefined,
  ): Promise<{ list: ListView }> {
    return changes.write([listId], async (trx, record) => {
      const access = await authorize(trx, actor, listId, 'manage-list');
      if (precondition?.(access.list) === 'unchanged') return { list: await viewFor(trx, access, actor.user.id) };
      const updatedAt = nowIso();
      await record({ listId, entity: 'list', op: 'modified', entityId: listId }, activityOf(actor, summary));
      await queries.updateList(trx, listId, { ...patch, updated_at: updatedAt });
      return { list: await viewFor(trx, { ...access, list: { ...access.list, ...patch, updated_at: updatedAt } }, actor.user.id) };
    });
  }

  /** The caller's list with this id, made by an earlier call with the same client id. */
  async function alreadyMade(actor: Actor, listId: string): Promise<ListView> {
    const list = await queries.findList(db, listId);
    if (list?.owner_id !== actor.user.id) throw conflict(SERVER_MESSAGES.clientIdTaken);
    return viewFor(db, { list, role: 'owner', scopes: actor.scopes }, actor.user.id);
  }

  return {
    viewFor,

    /** The caller's own lists and the lists shared with them, newest first, in three queries. */
    async listsOf(actor: Actor): Promise<ListView[]> {
      requireScope(actor, 'lists:read');
      const userId = actor.user.id;
      const [owned, ownerShares, memberships] = await Promise.all([
        queries.findOwnedLists(db, userId),
        queries.findAcceptedSharesOfOwner(db, userId),
        queries.findMemberLists(db, userId),
      ]);
      const sharesByList = Map.groupBy(ownerShares, (share) => share.list_id);
      const views = [
        ...owned.map((list) =>
          presentList(list, ownerContext(sharesByList.get(list.id) ?? []), capabilitiesOf('owner', actor.scopes), userId),
        ),
        ...memberships.map((row) =>
          presentList(stripShare(row), memberContext(row, userId), capabilitiesOf(row.share_permission, actor.scopes), userId),
        ),
      ];
      return views.sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id));
    },

    /** One list as the caller sees it: a member, or a reader of a public list. */
    async get(actor: Actor, listId: string): Promise<ListView> {
      return viewFor(db, await authorize(db, actor, listId, 'read'), actor.user.id);
    },

    /**
     * Creates a private list owned by the caller, under the client's id when it sent one. The same
     * id again answers the list made the first time (`created: false`).
     */
    async create(actor: Actor, body: CreateListBody): Promise<{ list: ListView; created: boolean }> {
      requireScope(actor, 'lists:manage');
      const now = nowIso();
      const list = {
        id: body.id ?? crypto.randomUUID(),
        name: body.name,
        owner_id: actor.user.id,
        visibility: 'private' as const,
        public_editable: false,
        allow_link_sharing: false,
        custom_prompts: toJson([]),
        created_at: now,
        updated_at: now,
        last_change_by: actor.user.id,
        last_change_summary: LIST_ACTIVITY.created,
        last_change_app: appNameOf(actor) ?? null,
        last_change_at: now,
      };
      if (body.id && (await queries.findList(db, body.id))) return { list: await alreadyMade(actor, body.id), created: false };
      const summary = { item_count: 0, done_count: 0, last_change_name: actor.user.first_name, last_change_email: actor.user.email };
      const view = presentList({ ...list, ...summary }, ownerContext([]), capabilitiesOf('owner', actor.scopes), actor.user.id);
      try {
        return await changes.write([], async (trx, record) => {
          if ((await queries.countOwnedLists(trx, actor.user.id)) >= LISTS_OWNED_MAX) {
            throw tooLarge(SERVER_MESSAGES.tooManyLists);
          }
          await queries.insertList(trx, list);
          await record({ listId: list.id, entity: 'list', op: 'added', entityId: list.id });
          return { list: view, created: true };
        });
      } catch (error) {
        // The same id sent twice at once: the other call made it.
        if (body.id && isUniqueViolation(error)) return { list: await alreadyMade(actor, body.id), created: false };
        throw error;
      }
    },

    /** Renames; when `expectedName` is given and someone renamed the list since, refuses (409). */
    rename(actor: Actor, listId: string, { name, expected_name: expectedName }: RenameListBody): Promise<{ list: ListView }> {
      return change(actor, listId, { name }, LIST_ACTIVITY.renamed, (list) => {
        if (list.name === name) return 'unchanged';
        if (expectedName !== undefined && list.name !== expectedName) throw conflict(SERVER_MESSAGES.listRenamedMeanwhile(list.name));
        return undefined;
      });
    },

    setVisibility(actor: Actor, listId: string, body: VisibilityBody): Promise<{ list: ListView }> {
      return change(actor, listId, {
        visibility: body.visibility,
        public_editable: body.public_editable,
        allow_link_sharing: body.allow_link_sharing,
      }, LIST_ACTIVITY.settings);
    },

    setCustomPrompts(actor: Actor, listId: string, body: CustomPromptsBody): Promise<{ list: ListView }> {
      return change(actor, listId, { custom_prompts: toJson(body.custom_prompts) }, LIST_ACTIVITY.settings);
    },

    /** Deletes a list with its items and shares; owner only. */
    async remove(actor: Actor, listId: string): Promise<void> {
      await changes.write([listId], async (trx, record) => {
        await authorize(trx, actor, listId, 'delete-list');
        // Recorded first: the seq lives on the row about to go (the log row stays).
        await record({ listId, entity: 'list', op: 'removed', entityId: listId });
        // An invitation to it that waits goes with it: the invitee's dashboard reads its invitations again.
        for (const userId of await queries.findPendingInviteeIds(trx, listId)) await record({ entity: 'invitations', userId });
        await queries.deleteList(trx, listId);
      });
    },

    /** A public list and one page of its items for anyone with the link; 404 for any other list. */
    async publicList(listId: string, page: ItemsPageQuery): Promise<PublicListResponse> {
      // Deliberately as a visitor: a member's access must not make a private list readable here.
      const { list } = await authorize(db, undefined, listId, 'read');
      const { rows, next } = await readItemsPage(db, listId, page);
      return { list: presentPublicList(list), items: rows.map((row) => toPublicItem(deps.presentItem(row, { member: false }))), next: next ?? null };
    },
  };
}
