import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { INVITATION_LINK_KEPT_MS, INVITATION_LINK_TTL_MS, JOIN_PATH_PREFIX, LIST_SHARES_MAX, LISTS_JOINED_MAX } from '../../common/constants.ts';
import { publicFirstName } from '../../common/list-activity.ts';
import { MESSAGES, SERVER_MESSAGES } from '../../common/messages.ts';
import type { ListView } from '../../common/schemas/lists.ts';
import type {
  InvitationLinkView,
  InvitationsResponse,
  InvitationView,
  InviteBody,
  ShareLinkView,
  SharePermission,
  SharesResponse,
  ShareView,
} from '../../common/schemas/shares.ts';
import { authorize, loadAccess, requireScope } from '../access/access.ts';
import type { Actor } from '../access/actor.ts';
import { allows, isMember } from '../access/permissions.ts';
import type { EmailVerification } from '../auth/email-verification.ts';
import type { DB, InvitationLinkRow, ListRow } from '../db/schema.ts';
import { toBool } from '../db/values.ts';
import { DomainError, badRequest, emailUnconfirmed, forbidden, notFound, tooLarge } from '../domain/errors.ts';
import type { ListService } from '../lists/lists.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ChangeFeed } from '../writes/change-feed.ts';
import type { RecordChange } from '../writes/change-log.ts';
import { digestToken, newToken } from '../tokens.ts';
import { invitationLinkToken } from './invitation-links.ts';
import { invitationMail, sharerName } from './invitation.mail.ts';
import type { SharePresenter } from './share.presenter.ts';
import * as queries from './shares.queries.ts';

export interface ShareDeps {
  db: Kysely<DB>;
  lists: Pick<ListService, 'viewFor'>;
  mailer: Mailer;
  /** Where a failed invitation mail is reported; the client only hears that it failed. */
  log: Pick<FastifyBaseLogger, 'error'>;
  /** Links proving an address, for an invitation to an account that has not proven its own. */
  verification: EmailVerification;
  /** Origin of the join links in invitation mails. */
  publicUrl: string;
  /** Keys the invitation links' tokens and their digests (decision 047). */
  secret: string;
  presentShare: SharePresenter;
  now: () => Date;
  /** Every write goes through it, so live subscribers hear of it after the commit. */
  changes: ChangeFeed;
  /** After an invitation made an account a member at once: its devices hear of it (server/push/). */
  onInvitedMember?: (listId: string, inviter: Actor['user'], memberId: string) => void;
}

export type ShareService = ReturnType<typeof createShareService>;

/** Before a new share: the list's lock is held (changes.write), so the count is current. */
async function refuseWhenFull(trx: Transaction<DB>, listId: string): Promise<void> {
  if ((await queries.countShares(trx, listId)) >= LIST_SHARES_MAX) throw tooLarge(SERVER_MESSAGES.tooManyShares);
}

/** Before an account joins a list (a share of its becomes accepted); `message` says whose limit it is. */
async function refuseWhenJoinedFull(trx: Transaction<DB>, userId: string, message: string): Promise<void> {
  if ((await queries.countJoinedLists(trx, userId)) >= LISTS_JOINED_MAX) throw tooLarge(message);
}

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

type LinkEnd = InvitationLinkView['state'] & ('expired' | 'used' | 'revoked');

/** Why an invitation link admits nobody any more, if it does not; `invitation` is the share it accepts. */
function linkEnd(link: InvitationLinkRow, invitation: queries.ShareWithSharerRow | undefined, now: string): LinkEnd | undefined {
  if (link.used_at || (invitation?.status === 'accepted' && !link.revoked_at)) return 'used';
  if (link.revoked_at || !invitation) return 'revoked';
  if (link.expires_at <= now) return 'expired';
  return undefined;
}

const LINK_ENDED_MESSAGES: Record<LinkEnd, string> = {
  expired: SERVER_MESSAGES.invitationLinkExpired,
  used: SERVER_MESSAGES.invitationLinkUsed,
  revoked: SERVER_MESSAGES.invitationLinkRevoked,
};

export function createShareService(deps: ShareDeps) {
  const { db, changes, presentShare } = deps;
  const nowIso = () => deps.now().toISOString();

  /**
   * A server that cannot send mail gives each pending invitation a link to pass on by hand instead
   * (decision 047): one open at a time, a new one when the last has expired.
   */
  async function ensureInvitationLink(trx: Transaction<DB>, key: { listId: string; email: string }): Promise<void> {
    const share = await queries.findShare(trx, key.listId, key.email);
    if (share?.invitation_link_id && share.invitation_link_expires_at! > nowIso()) return;
    await queries.revokeInvitationLinks(trx, key, nowIso());
    const id = newToken();
    const now = deps.now();
    await queries.insertInvitationLink(trx, {
      id,
      token_hash: digestToken(deps.secret, invitationLinkToken(deps.secret, id)),
      list_id: key.listId,
      email: key.email,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + INVITATION_LINK_TTL_MS).toISOString(),
      used_at: null,
      revoked_at: null,
    });
  }

  /** An invitation link by its token, with the invitation it accepts; 404 for a token no link has. */
  async function findLink(trx: Kysely<DB> | Transaction<DB>, token: string) {
    const link = await queries.findInvitationLink(trx, digestToken(deps.secret, token));
    if (!link) throw notFound(SERVER_MESSAGES.invitationLinkNotFound);
    return { link, invitation: await queries.findShare(trx, link.list_id, link.email) };
  }

  /** The share a path names (lower-cased), on a list whose shares the caller manages; never the owner's, by id or address. */
  async function managedShare(trx: Transaction<DB>, actor: Actor, listId: string, userIdOrEmail: string) {
    const { list } = await authorize(trx, actor, listId, 'manage-shares');
    const namesOwner =
      userIdOrEmail === list.owner_id || (userIdOrEmail.includes('@') && (await queries.findUserByEmail(trx, userIdOrEmail))?.id === list.owner_id);
    if (namesOwner) throw forbidden(SERVER_MESSAGES.ownerAccessFixed);
    const share = await queries.findShare(trx, listId, userIdOrEmail);
    if (!share) throw notFound(SERVER_MESSAGES.shareNotFound);
    return share;
  }

  /**
   * The caller's own share, for leaving the list: any member but the owner may (the matrix's
   * `leave-list`). A reader of a public list who never joined has no share to remove.
   */
  async function ownShare(trx: Transaction<DB>, actor: Actor, listId: string) {
    const { role, scopes } = await authorize(trx, actor, listId, 'read');
    if (role === 'owner') throw forbidden(SERVER_MESSAGES.ownerCannotLeave);
    const share = isMember(role) ? await queries.findShare(trx, listId, actor.user.id) : undefined;
    if (!share) throw notFound(SERVER_MESSAGES.shareNotFound);
    if (!allows(role, scopes, 'leave-list')) throw forbidden(SERVER_MESSAGES.scopeMissing);
    return share;
  }

  /**
   * A pending invitation changed: the account that holds its address, if any, shows it among the
   * invitations waiting on its dashboard, which its devices then read again.
   */
  async function tellInvitee(trx: Transaction<DB>, record: RecordChange, share: { email: string; status: string }) {
    if (share.status !== 'pending') return;
    const invitee = await queries.findUserByEmail(trx, share.email);
    if (invitee) await record({ entity: 'invitations', userId: invitee.id });
  }

  /** The invitation mail; an unproven account's mail carries a link to prove the address. */
  async function sendInvitation(list: ListRow, inviter: Actor['user'], email: string, invitee: { id: string } | undefined) {
    const verifyLink = invitee && (await deps.verification.issueLink(db, { id: invitee.id, email }));
    const joinLink = `${deps.publicUrl}${JOIN_PATH_PREFIX}${list.id}`;
    await deps.mailer.send(invitationMail({ list, inviter, to: email, joinLink, verifyLink }));
  }

  return {
    /**
     * A list's share link, for its owner only (the link of someone else's list is theirs to give):
     * `joinable` says whether whoever opens it gets in (a public list, or link sharing allowed).
     */
    async shareLink(actor: Actor, listId: string): Promise<ShareLinkView> {
      const { list, role } = await authorize(db, actor, listId, 'read');
      if (role !== 'owner') throw forbidden(SERVER_MESSAGES.shareLinkOwnerOnly);
      const joinable = list.visibility === 'public' || toBool(list.allow_link_sharing);
      return { url: `${deps.publicUrl}${JOIN_PATH_PREFIX}${list.id}`, joinable };
    },

    /** Every share of a list, pending invitations included (owner or admin). */
    async sharesOf(actor: Actor, listId: string): Promise<SharesResponse> {
      await authorize(db, actor, listId, 'manage-shares');
      return { shares: (await queries.findShares(db, listId)).map(presentShare), can_send_mail: deps.mailer.delivers };
    },

    /**
     * Invites an address. An account that has proven this address becomes a member at once; any
     * other address (no account yet, or an account that has not proven it) gets a pending share
     * and a mail, and the share is accepted once the address is proven. An existing share only
     * changes its permission, except a proven account's pending one (its lists were full when it
     * proved its address), which is accepted if there is room now.
     */
    async invite(actor: Actor, listId: string, body: InviteBody): Promise<{ share: ShareView; created: boolean }> {
      const key = { listId, email: body.email };
      // Checked and written under the list's lock: two invitations of one address make one share.
      // The invitee is read there too, not before: an account deleted meanwhile is not made a member.
      const { list, created, invitee, proven, joined } = await changes.write([listId], async (trx, record) => {
        const { list } = await authorize(trx, actor, listId, 'manage-shares');
        const invitee = await queries.findUserByEmail(trx, body.email);
        const proven = invitee?.email_verified_at ? invitee : undefined;
        if (invitee?.id === list.owner_id) throw badRequest(SERVER_MESSAGES.cannotInviteOwner);
        const existing = await queries.findShare(trx, listId, body.email);
        await record({ listId, entity: 'share', op: existing ? 'modified' : 'added', entityId: body.email });
        if (invitee) await record({ entity: 'invitations', userId: invitee.id });
        const accepting = proven && existing?.status !== 'accepted';
        if (accepting) await refuseWhenJoinedFull(trx, proven.id, SERVER_MESSAGES.inviteeOnTooManyLists);
        if (existing) {
          const acceptance = accepting ? { user_id: proven.id, status: 'accepted' as const } : {};
          await queries.updateShare(trx, key, { permission: body.permission, ...acceptance });
        } else {
          await refuseWhenFull(trx, listId);
          await queries.insertShare(trx, {
            list_id: listId,
            user_id: proven?.id ?? null,
            email: body.email,
            permission: body.permission,
            status: proven ? 'accepted' : 'pending',
            shared_by: actor.user.id,
            created_at: nowIso(),
          });
        }
        // Without mail, an invitation still waiting gets a link its owner passes on (decision 047).
        if (!deps.mailer.delivers && !proven && existing?.status !== 'accepted') await ensureInvitationLink(trx, key);
        return { list, created: !existing, invitee, proven, joined: accepting ? proven.id : undefined };
      });
      if (joined) deps.onInvitedMember?.(listId, actor.user, joined);
      if (created && !proven && deps.mailer.delivers) {
        try {
          await sendInvitation(list, actor.user, body.email, invitee);
        } catch (error) {
          // An invitation nobody hears of would wait forever: take it back and report the failure.
          await changes.write([listId], async (trx, record) => {
            await record({ listId, entity: 'share', op: 'removed', entityId: body.email });
            if (invitee) await record({ entity: 'invitations', userId: invitee.id });
            await queries.deletePendingShare(trx, key);
          });
          deps.log.error({ err: error, listId }, 'invitation mail could not be sent');
          throw new DomainError('upstreamFailed', 'mail_failed', SERVER_MESSAGES.invitationMailFailed);
        }
      }
      const share = await queries.findShare(db, listId, body.email);
      if (!share) throw notFound(SERVER_MESSAGES.shareNotFound);
      return { share: presentShare(share), created };
    },

    /** Sets a member's (or a pending invitation's) permission; an admin may not touch the owner. */
    async setPermission(actor: Actor, listId: string, userIdOrEmail: string, permission: SharePermission) {
      return changes.write([listId], async (trx, record) => {
        const share = await managedShare(trx, actor, listId, userIdOrEmail);
        await record({ listId, entity: 'share', op: 'modified', entityId: share.email });
        await tellInvitee(trx, record, share);
        await queries.updateShare(trx, { listId, email: share.email }, { permission });
        return presentShare({ ...share, permission });
      });
    },

    /** Removes a member or withdraws a pending invitation (and revokes its link); a member may remove themself (leave). */
    async remove(actor: Actor, listId: string, userIdOrEmail: string): Promise<void> {
      const self = userIdOrEmail === actor.user.id || userIdOrEmail === actor.user.email;
      await changes.write([listId], async (trx, record) => {
        const share = self ? await ownShare(trx, actor, listId) : await managedShare(trx, actor, listId, userIdOrEmail);
        await record({ listId, entity: 'share', op: 'removed', entityId: share.email });
        await tellInvitee(trx, record, share);
        await queries.deleteShare(trx, { listId, email: share.email });
        await queries.revokeInvitationLinks(trx, { listId, email: share.email }, nowIso());
      });
    },

    /**
     * The invitations waiting for the caller's address, for its dashboard. The inviter's address
     * only once the account has proven its own: an account that merely registered someone's address
     * learns no more than an invitation screen shows.
     */
    async waitingInvitations(actor: Actor): Promise<InvitationsResponse> {
      const { user } = actor;
      const rows = await queries.findWaitingInvitations(db, user.email);
      return {
        invitations: rows.map((row) => ({
          listId: row.list_id,
          listName: row.list_name,
          sharedBy:
            user.email_verified && row.sharer_email
              ? sharerName({ first_name: row.sharer_first_name, email: row.sharer_email })
              : publicFirstName(row.sharer_first_name, SERVER_MESSAGES.anonymousSharer),
          permission: row.permission,
          created_at: row.created_at,
        })),
        can_send_mail: deps.mailer.delivers,
      };
    },

    /** What an invitation link's page shows before its holder signs in: the list, who invited, and whether it still admits. */
    async invitationLink(token: string): Promise<InvitationLinkView> {
      const { link, invitation } = await findLink(db, token);
      const loaded = await loadAccess(db, link.list_id, undefined);
      if (!loaded) throw notFound(SERVER_MESSAGES.invitationLinkNotFound);
      const sharer = invitation?.shared_by ? await queries.findUserById(db, invitation.shared_by) : undefined;
      return {
        listId: link.list_id,
        listName: loaded.list.name,
        sharedBy: publicFirstName(sharer?.first_name, SERVER_MESSAGES.anonymousSharer),
        permission: invitation?.permission ?? null,
        state: linkEnd(link, invitation, nowIso()) ?? 'open',
      };
    },

    /**
     * Accepts the invitation an invitation link carries for whoever holds it, signed in (the link
     * is the proof, as a confirmed address is for an invitation by mail; decision 047): the caller
     * becomes a member with the invitation's permission (or keeps a higher one they have), the
     * pending invitation goes, and the link is used. Opened again by whoever used it, it opens the list.
     */
    async acceptInvitationLink(actor: Actor, token: string): Promise<ListView> {
      requireScope(actor, 'lists:manage');
      const { user } = actor;
      const { link: found } = await findLink(db, token);
      const listId = found.list_id;
      return changes.write([listId], async (trx, record) => {
        const { link, invitation } = await findLink(trx, token);
        const loaded = await loadAccess(trx, listId, actor);
        if (!loaded) throw notFound(SERVER_MESSAGES.invitationLinkNotFound);
        const ended = linkEnd(link, invitation, nowIso());
        if (ended === 'used' && isMember(loaded.role)) return deps.lists.viewFor(trx, loaded, user.id);
        if (ended) throw new DomainError('gone', `invitation_link_${ended}`, LINK_ENDED_MESSAGES[ended]);
        if (loaded.role === 'owner') throw badRequest(SERVER_MESSAGES.ownInvitationLink);
        const pending = invitation!;
        // The caller's own share, or an invitation to their address: that one becomes the membership.
        const mine = (await queries.findShare(trx, listId, user.id)) ?? (await queries.findShare(trx, listId, user.email));
        if (mine?.status !== 'accepted') await refuseWhenJoinedFull(trx, user.id, SERVER_MESSAGES.tooManyJoinedLists);
        // A member keeps a higher permission; an unproven invitation to their own address grants nothing more than the link.
        const permission = mine?.status === 'accepted' ? higher(mine.permission, pending.permission) : pending.permission;
        const acceptance = { user_id: user.id, status: 'accepted' as const, permission };
        if (mine && mine.email !== pending.email) {
          await queries.updateShare(trx, { listId, email: mine.email }, acceptance);
          await queries.deleteShare(trx, { listId, email: pending.email });
          await record([
            { listId, entity: 'share', op: 'modified', entityId: mine.email },
            { listId, entity: 'share', op: 'removed', entityId: pending.email },
          ]);
        } else if (mine) {
          await queries.updateShare(trx, { listId, email: pending.email }, acceptance);
          await record({ listId, entity: 'share', op: 'modified', entityId: pending.email });
        } else {
          await queries.deleteShare(trx, { listId, email: pending.email });
          await queries.insertShare(trx, {
            list_id: listId,
            email: user.email,
            shared_by: pending.shared_by,
            created_at: pending.created_at,
            ...acceptance,
          });
          await record([
            { listId, entity: 'share', op: 'removed', entityId: pending.email },
            { listId, entity: 'share', op: 'added', entityId: user.email },
          ]);
        }
        await queries.markInvitationLinkUsed(trx, link.id, nowIso());
        return deps.lists.viewFor(trx, { ...loaded, role: permission }, user.id);
      });
    },

    /**
     * Joins a list by its share link (the one place a non-member acts on a private list, hence the
     * link rule rather than `authorize`). Joining twice or one's own list changes nothing. A
     * pending invitation to the caller's address adds its permission only once the address is
     * proven. A member who joined by link "shared it with themself": the owner stays unnamed.
     */
    async join(actor: Actor, listId: string): Promise<ListView> {
      requireScope(actor, 'lists:manage');
      const { user } = actor;
      return changes.write([listId], async (trx, record) => {
        const loaded = await loadAccess(trx, listId, actor);
        if (!loaded) throw notFound(MESSAGES.listNotFound);
        if (isMember(loaded.role)) return deps.lists.viewFor(trx, loaded, user.id);
        const linked = linkPermission(loaded.list);
        const pending = await queries.findShare(trx, listId, user.email);
        // An invitation admits its address whatever the list's link setting: its mail leads here.
        if (!pending && !linked) throw forbidden(MESSAGES.listForbidden);
        // The invitation is for whoever proves the address: an account that has not must neither
        // take it nor show under that address as its accepted member.
        if (pending && !user.email_verified) throw emailUnconfirmed(SERVER_MESSAGES.confirmEmailToJoin);
        if (!pending) await refuseWhenFull(trx, listId);
        await refuseWhenJoinedFull(trx, user.id, SERVER_MESSAGES.tooManyJoinedLists);
        const permission = pending && linked ? higher(pending.permission, linked) : (pending?.permission ?? linked!);
        await record({ listId, entity: 'share', op: pending ? 'modified' : 'added', entityId: user.email });
        if (pending) {
          await queries.updateShare(
            trx,
            { listId, email: user.email },
            { user_id: user.id, status: 'accepted', permission, shared_by: pending.shared_by },
          );
        } else {
          await queries.insertShare(trx, {
            list_id: listId,
            user_id: user.id,
            email: user.email,
            permission,
            status: 'accepted',
            shared_by: user.id,
            created_at: nowIso(),
          });
        }
        return deps.lists.viewFor(trx, { ...loaded, role: permission }, user.id);
      });
    },

    /** What the invitation screen may show a visitor: only for a public or link-shared list. */
    async invitation(listId: string): Promise<InvitationView> {
      const loaded = await loadAccess(db, listId, undefined);
      if (!loaded || !linkPermission(loaded.list)) throw notFound(MESSAGES.listNotFound);
      const { list } = loaded;
      const owner = await queries.findUserById(db, list.owner_id);
      return {
        listId: list.id,
        listName: list.name,
        sharedBy: publicFirstName(owner?.first_name, SERVER_MESSAGES.anonymousSharer),
        isPublic: list.visibility === 'public',
      };
    },

    /**
     * When an address is proven: invitations waiting for it become the account's shares, the
     * oldest first, as many as LISTS_JOINED_MAX leaves room for; the rest stay pending (an owner's
     * new invitation accepts one once there is room). Called before the user's row is written: the
     * lists are locked before the user, as an invitation or a join locks them.
     */
    async acceptInvitations(trx: Transaction<DB>, user: { id: string; email: string }, record: RecordChange): Promise<void> {
      const pendingIds = await queries.findPendingShareLists(trx, user.email, LISTS_JOINED_MAX);
      if (pendingIds.length === 0) return;
      await changes.lock(trx, pendingIds);
      const room = LISTS_JOINED_MAX - (await queries.countJoinedLists(trx, user.id));
      const listIds = pendingIds.slice(0, Math.max(room, 0));
      if (listIds.length === 0) return;
      await queries.acceptPendingShares(trx, user, listIds);
      await record(listIds.map((listId) => ({ listId, entity: 'share' as const, op: 'modified' as const, entityId: user.email })));
    },

    /** Forgets the invitation links that ended longer ago than INVITATION_LINK_KEPT_MS. */
    purgeEndedLinks(): Promise<void> {
      return queries.purgeInvitationLinksEndedBefore(db, new Date(deps.now().getTime() - INVITATION_LINK_KEPT_MS).toISOString());
    },
  };
}
