import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { JOIN_PATH_PREFIX } from '../../common/constants.ts';
import { MESSAGES, SERVER_MESSAGES } from '../../common/messages.ts';
import type { ListView } from '../../common/schemas/lists.ts';
import type { InvitationView, InviteBody, SharePermission, ShareView } from '../../common/schemas/shares.ts';
import type { UserView } from '../../common/schemas/auth.ts';
import type { Access } from '../access/access.ts';
import type { DB, ListRow } from '../db/schema.ts';
import { toBool } from '../db/values.ts';
import { AppError, badRequest, forbidden, notFound } from '../http/errors.ts';
import type { ListService } from '../lists/lists.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ChangeFeed, RecordChange } from '../realtime/change-feed.ts';
import { presentShare } from './share.presenter.ts';
import * as queries from './shares.queries.ts';

export interface ShareDeps {
  db: Kysely<DB>;
  access: Access;
  lists: Pick<ListService, 'viewFor'>;
  mailer: Mailer;
  /** Origin of the join links in invitation mails. */
  publicUrl: string;
  now: () => Date;
  /** Where a failed invitation mail is reported; the client only hears that it failed. */
  log: Pick<FastifyBaseLogger, 'error'>;
  /** Every write goes through it, so live subscribers hear of it after the commit. */
  changes: ChangeFeed;
}

export type ShareService = ReturnType<typeof createShareService>;

const RANK: Record<SharePermission, number> = { view: 0, edit: 1, admin: 2 };
const higher = (a: SharePermission, b: SharePermission) => (RANK[a] >= RANK[b] ? a : b);

/**
 * The join-by-link rule of the permission matrix: anyone signed in may join a public list or one
 * with link sharing on, as an editor when the list is publicly editable. Undefined: no joining.
 */
function linkPermission(list: ListRow): SharePermission | undefined {
  if (list.visibility !== 'public' && !toBool(list.allow_link_sharing)) return undefined;
  return toBool(list.public_editable) ? 'edit' : 'view';
}

/** A name for an unauthenticated page: a first name, never anything that looks like an address. */
function publicName(firstName: string | null | undefined): string {
  const name = firstName?.trim();
  return name && !name.includes('@') ? name : SERVER_MESSAGES.anonymousSharer;
}

/** One line, so a list name cannot add lines to a mail header. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export function createShareService(deps: ShareDeps) {
  const { db, access, changes } = deps;
  const nowIso = () => deps.now().toISOString();

  /** The share a path names, on a list whose shares the caller manages; never the owner's. */
  async function managedShare(listId: string, callerId: string, userIdOrEmail: string) {
    const { list } = await access.authorize(listId, callerId, 'manage-shares');
    if (userIdOrEmail === list.owner_id) throw forbidden(SERVER_MESSAGES.ownerAccessFixed);
    const share = await queries.findShare(db, listId, userIdOrEmail);
    if (!share) throw notFound(SERVER_MESSAGES.shareNotFound);
    return share;
  }

  async function sendInvitation(list: ListRow, inviter: UserView, email: string): Promise<void> {
    const who = inviter.first_name?.trim() ? `${inviter.first_name.trim()} (${inviter.email})` : inviter.email;
    const link = `${deps.publicUrl}${JOIN_PATH_PREFIX}${list.id}`;
    await deps.mailer.send({
      to: email,
      subject: oneLine(`${who} shared the list "${list.name}" with you on Listo`),
      text: `${who} shared the list "${oneLine(list.name)}" with you on Listo.\n\nCreate your account with this address (${email}) to open it:\n${link}\n\nIf you did not expect this, ignore this mail.`,
    });
  }

  return {
    /** Every share of a list, pending invitations included (owner or admin). */
    async sharesOf(listId: string, callerId: string): Promise<ShareView[]> {
      await access.authorize(listId, callerId, 'manage-shares');
      return (await queries.findShares(db, listId)).map(presentShare);
    },

    /**
     * Invites an address: an existing account becomes a member at once, an unknown address gets a
     * pending share and a mail with the join link. An existing share only changes its permission.
     */
    async invite(listId: string, caller: UserView, body: InviteBody): Promise<{ share: ShareView; created: boolean }> {
      const { list } = await access.authorize(listId, caller.id, 'manage-shares');
      const invitee = await queries.findUserByEmail(db, body.email);
      if (invitee?.id === list.owner_id) throw badRequest(SERVER_MESSAGES.cannotInviteOwner);
      const key = { listId, email: body.email };
      // Read under the list's lock: two invitations of one address at once make one share.
      const created = await changes.write([listId], async (trx, record) => {
        const existing = await queries.findShare(trx, listId, body.email);
        await record({ listId, entity: 'share', op: existing ? 'modified' : 'added', entityId: body.email });
        if (existing) {
          await queries.updateShare(trx, key, { permission: body.permission });
        } else {
          await queries.insertShare(trx, {
            list_id: listId,
            user_id: invitee?.id ?? null,
            email: body.email,
            permission: body.permission,
            status: invitee ? 'accepted' : 'pending',
            shared_by: caller.id,
            created_at: nowIso(),
          });
        }
        return !existing;
      });
      if (created && !invitee) {
        try {
          await sendInvitation(list, caller, body.email);
        } catch (error) {
          // An invitation nobody hears of would wait forever: take it back and report the failure.
          await changes.write([listId], async (trx, record) => {
            await record({ listId, entity: 'share', op: 'removed', entityId: body.email });
            await queries.deletePendingShare(trx, key);
          });
          deps.log.error({ err: error, listId }, 'invitation mail could not be sent');
          throw new AppError(502, 'mail_failed', SERVER_MESSAGES.invitationMailFailed);
        }
      }
      const share = await queries.findShare(db, listId, body.email);
      if (!share) throw notFound(SERVER_MESSAGES.shareNotFound);
      return { share: presentShare(share), created };
    },

    /** Sets a member's (or a pending invitation's) permission; an admin may not touch the owner. */
    async setPermission(listId: string, callerId: string, userIdOrEmail: string, permission: SharePermission) {
      const share = await managedShare(listId, callerId, userIdOrEmail);
      await changes.write([listId], async (trx, record) => {
        await record({ listId, entity: 'share', op: 'modified', entityId: share.email });
        await queries.updateShare(trx, { listId, email: share.email }, { permission });
      });
      return presentShare({ ...share, permission });
    },

    /** Removes a member or withdraws a pending invitation. */
    async remove(listId: string, callerId: string, userIdOrEmail: string): Promise<void> {
      const share = await managedShare(listId, callerId, userIdOrEmail);
      await changes.write([listId], async (trx, record) => {
        await record({ listId, entity: 'share', op: 'removed', entityId: share.email });
        await queries.deleteShare(trx, { listId, email: share.email });
      });
    },

    /**
     * Joins a list by its share link (the one place a non-member acts on a private list, hence
     * `load` and the link rule rather than `authorize`). Joining twice or one's own list changes nothing.
     */
    async join(listId: string, caller: UserView): Promise<ListView> {
      const loaded = await access.load(listId, caller.id);
      if (!loaded) throw notFound(MESSAGES.listNotFound);
      const { list, role } = loaded;
      const isMember = role === 'owner' || role === 'admin' || role === 'edit' || role === 'view';
      if (!isMember) {
        const permission = linkPermission(list);
        if (!permission) throw forbidden(MESSAGES.listForbidden);
        await changes.write([listId], async (trx, record) => {
          // Read under the list's lock: the same user joining twice at once makes one membership.
          const pending = await queries.findShare(trx, listId, caller.email);
          if (pending?.status === 'accepted') return;
          await record({ listId, entity: 'share', op: pending ? 'modified' : 'added', entityId: caller.email });
          if (pending) {
            // A pending invitation to this address becomes the membership, keeping the higher permission.
            await queries.updateShare(
              trx,
              { listId, email: caller.email },
              { user_id: caller.id, status: 'accepted', permission: higher(pending.permission, permission) },
            );
          } else {
            await queries.insertShare(trx, {
              list_id: listId,
              user_id: caller.id,
              email: caller.email,
              permission,
              status: 'accepted',
              shared_by: list.owner_id,
              created_at: nowIso(),
            });
          }
        });
      }
      return deps.lists.viewFor(list, caller.id);
    },

    /** What the invitation screen may show a visitor: only for a public or link-shared list. */
    async invitation(listId: string): Promise<InvitationView> {
      const loaded = await access.load(listId, undefined);
      if (!loaded || !linkPermission(loaded.list)) throw notFound(MESSAGES.listNotFound);
      const { list } = loaded;
      const owner = await queries.findUserById(db, list.owner_id);
      return {
        listId: list.id,
        listName: list.name,
        sharedBy: publicName(owner?.first_name),
        isPublic: list.visibility === 'public',
      };
    },

    /** Registration hook: invitations waiting for this address become the new account's shares. */
    async acceptInvitations(trx: Transaction<DB>, user: { id: string; email: string }, record: RecordChange): Promise<void> {
      const listIds = await queries.findPendingShareLists(trx, user.email);
      if (listIds.length === 0) return;
      await changes.lock(trx, listIds);
      await queries.acceptPendingShares(trx, user);
      await record(listIds.map((listId) => ({ listId, entity: 'share' as const, op: 'modified' as const, entityId: user.email })));
    },
  };
}
