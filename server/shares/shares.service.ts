import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { JOIN_PATH_PREFIX } from '../../common/constants.ts';
import { MESSAGES, SERVER_MESSAGES } from '../../common/messages.ts';
import type { ListView } from '../../common/schemas/lists.ts';
import type { InvitationView, InviteBody, SharePermission, ShareView } from '../../common/schemas/shares.ts';
import type { UserView } from '../../common/schemas/auth.ts';
import type { Access } from '../access/access.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { DB, ListRow, ListShareRow } from '../db/schema.ts';
import { toBool } from '../db/values.ts';
import { AppError, badRequest, forbidden, notFound } from '../http/errors.ts';
import type { ListService } from '../lists/lists.service.ts';
import type { Mailer } from '../mail/mailer.ts';
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
  const { db, access } = deps;
  const nowIso = () => deps.now().toISOString();

  /** The share a path names, on a list whose shares the caller manages; never the owner's. */
  async function managedShare(listId: string, callerId: string, userIdOrEmail: string) {
    const { list } = await access.authorize(listId, callerId, 'manage-shares');
    if (userIdOrEmail === list.owner_id) throw forbidden(SERVER_MESSAGES.ownerAccessFixed);
    const share = await queries.findShare(db, listId, userIdOrEmail);
    if (!share) throw notFound(SERVER_MESSAGES.shareNotFound);
    return share;
  }

  /** Inserts a share; false when a concurrent request inserted the same one first. */
  async function insertUnlessTaken(share: ListShareRow): Promise<boolean> {
    try {
      await queries.insertShare(db, share);
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
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
      const created =
        !(await queries.findShare(db, listId, body.email)) &&
        (await insertUnlessTaken({
          list_id: listId,
          user_id: invitee?.id ?? null,
          email: body.email,
          permission: body.permission,
          status: invitee ? 'accepted' : 'pending',
          shared_by: caller.id,
          created_at: nowIso(),
        }));
      if (!created) await queries.updateShare(db, key, { permission: body.permission });
      if (created && !invitee) {
        try {
          await sendInvitation(list, caller, body.email);
        } catch (error) {
          // An invitation nobody hears of would wait forever: take it back and report the failure.
          await queries.deletePendingShare(db, key);
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
      await queries.updateShare(db, { listId, email: share.email }, { permission });
      return presentShare({ ...share, permission });
    },

    /** Removes a member or withdraws a pending invitation. */
    async remove(listId: string, callerId: string, userIdOrEmail: string): Promise<void> {
      const share = await managedShare(listId, callerId, userIdOrEmail);
      await queries.deleteShare(db, { listId, email: share.email });
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
        // A pending invitation to this address becomes the membership, keeping the higher permission.
        const pending = await queries.findShare(db, listId, caller.email);
        if (pending) {
          await queries.updateShare(
            db,
            { listId, email: caller.email },
            { user_id: caller.id, status: 'accepted', permission: higher(pending.permission, permission) },
          );
        } else {
          // Taken: the same user joining twice at once, and the other request made the membership.
          await insertUnlessTaken({
            list_id: listId,
            user_id: caller.id,
            email: caller.email,
            permission,
            status: 'accepted',
            shared_by: list.owner_id,
            created_at: nowIso(),
          });
        }
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
    async acceptInvitations(trx: Kysely<DB>, user: { id: string; email: string }): Promise<void> {
      await queries.acceptPendingShares(trx, user);
    },
  };
}
