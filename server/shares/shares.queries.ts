import type { Kysely, Transaction } from 'kysely';
import type { DB, InvitationLinkRow, ListShareRow } from '../db/schema.ts';
import { lockUserRow } from '../writes/user-lock.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** SQL of the shares feature: members, pending invitations, and the users they point at. */

/** Shares with their sharer's address and their open invitation link (at most one: a new one revokes the old). */
function sharesWithSharer(db: Db) {
  return db
    .selectFrom('list_shares')
    .leftJoin('users as sharer', 'sharer.id', 'list_shares.shared_by')
    .leftJoin('invitation_links as link', (join) =>
      join
        .onRef('link.list_id', '=', 'list_shares.list_id')
        .onRef('link.email', '=', 'list_shares.email')
        .on('link.used_at', 'is', null)
        .on('link.revoked_at', 'is', null),
    )
    .selectAll('list_shares')
    .select(['sharer.email as shared_by_email', 'link.id as invitation_link_id', 'link.expires_at as invitation_link_expires_at']);
}
export type ShareWithSharerRow = ListShareRow & {
  shared_by_email: string | null;
  invitation_link_id: string | null;
  invitation_link_expires_at: string | null;
};

/** Every share of a list, pending ones included, oldest first. */
export function findShares(db: Db, listId: string): Promise<ShareWithSharerRow[]> {
  return sharesWithSharer(db)
    .where('list_shares.list_id', '=', listId)
    .orderBy('list_shares.created_at')
    .orderBy('list_shares.email')
    .execute();
}

/** One share, by the member's user id or by the (invited) e-mail address. */
export function findShare(db: Db, listId: string, userIdOrEmail: string): Promise<ShareWithSharerRow | undefined> {
  return sharesWithSharer(db)
    .where('list_shares.list_id', '=', listId)
    .where((eb) =>
      eb.or([eb('list_shares.user_id', '=', userIdOrEmail), eb('list_shares.email', '=', userIdOrEmail.toLowerCase())]),
    )
    .executeTakeFirst();
}

/** Members and pending invitations of a list, for its limit (read under the list's lock). */
export async function countShares(db: Db, listId: string): Promise<number> {
  const { count } = await db
    .selectFrom('list_shares')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('list_id', '=', listId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** How many lists a user has joined (accepted shares), for the limit on joining (the user's row locked first). */
export async function countJoinedLists(trx: Transaction<DB>, userId: string): Promise<number> {
  await lockUserRow(trx, userId);
  const { count } = await trx
    .selectFrom('list_shares')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('status', '=', 'accepted')
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function insertShare(db: Db, share: ListShareRow): Promise<void> {
  await db.insertInto('list_shares').values(share).execute();
}

export async function updateShare(
  db: Db,
  key: { listId: string; email: string },
  patch: Partial<Pick<ListShareRow, 'permission' | 'status' | 'user_id' | 'shared_by'>>,
): Promise<void> {
  await db
    .updateTable('list_shares')
    .set(patch)
    .where('list_id', '=', key.listId)
    .where('email', '=', key.email)
    .execute();
}

/** Deletes one share; answers whether there was one. */
export async function deleteShare(db: Db, key: { listId: string; email: string }): Promise<boolean> {
  const result = await db
    .deleteFrom('list_shares')
    .where('list_id', '=', key.listId)
    .where('email', '=', key.email)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Deletes a pending invitation (when its mail could not be sent), never an accepted share. */
export async function deletePendingShare(db: Db, key: { listId: string; email: string }): Promise<void> {
  await db
    .deleteFrom('list_shares')
    .where('list_id', '=', key.listId)
    .where('email', '=', key.email)
    .where('status', '=', 'pending')
    .execute();
}

/** The lists with an invitation waiting for an address, oldest invitation first; at most `limit`. */
export async function findPendingShareLists(db: Db, email: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('list_shares')
    .select('list_id')
    .where('email', '=', email)
    .where('status', '=', 'pending')
    .orderBy('created_at')
    .orderBy('list_id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.list_id);
}

/** Turns the invitations to an address on these lists into accepted shares of its account. */
export async function acceptPendingShares(db: Db, user: { id: string; email: string }, listIds: string[]): Promise<void> {
  await db
    .updateTable('list_shares')
    .set({ user_id: user.id, status: 'accepted' })
    .where('email', '=', user.email)
    .where('status', '=', 'pending')
    .where('list_id', 'in', listIds)
    .execute();
}

export function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'email_verified_at'])
    .where('email', '=', email)
    .executeTakeFirst();
}

export function findUserById(db: Db, id: string) {
  return db.selectFrom('users').select(['id', 'email', 'first_name']).where('id', '=', id).executeTakeFirst();
}

/** The invitations waiting for an address, oldest first, with their list's name and their sharer. */
export function findWaitingInvitations(db: Db, email: string) {
  return db
    .selectFrom('list_shares')
    .innerJoin('lists', 'lists.id', 'list_shares.list_id')
    .leftJoin('users as sharer', 'sharer.id', 'list_shares.shared_by')
    .select([
      'list_shares.list_id',
      'list_shares.permission',
      'list_shares.created_at',
      'lists.name as list_name',
      'sharer.email as sharer_email',
      'sharer.first_name as sharer_first_name',
    ])
    .where('list_shares.email', '=', email)
    .where('list_shares.status', '=', 'pending')
    .orderBy('list_shares.created_at')
    .orderBy('list_shares.list_id')
    .execute();
}

export async function insertInvitationLink(db: Db, link: InvitationLinkRow): Promise<void> {
  await db.insertInto('invitation_links').values(link).execute();
}

export function findInvitationLink(db: Db, tokenHash: string): Promise<InvitationLinkRow | undefined> {
  return db.selectFrom('invitation_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function markInvitationLinkUsed(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('invitation_links').set({ used_at: at }).where('id', '=', id).execute();
}

/** Deletes the links that ended (expired, used or revoked) before `before`. */
export async function purgeInvitationLinksEndedBefore(db: Db, before: string): Promise<void> {
  await db
    .deleteFrom('invitation_links')
    .where((eb) => eb.or([eb('expires_at', '<', before), eb('used_at', '<', before), eb('revoked_at', '<', before)]))
    .execute();
}

/** Ends the open links of an invitation: it was withdrawn, or a new link replaces them. */
export async function revokeInvitationLinks(db: Db, key: { listId: string; email: string }, at: string): Promise<void> {
  await db
    .updateTable('invitation_links')
    .set({ revoked_at: at })
    .where('list_id', '=', key.listId)
    .where('email', '=', key.email)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}
