import type { ExpressionBuilder, Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { DB, ListRow, ListsTable } from '../db/schema.ts';
import { lockUserRow } from '../writes/user-lock.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** SQL of the lists feature. Each read of the dashboard is one query, whatever the number of lists. */

/**
 * What a list's document says beyond its row (which keeps its item counts, migration 010): the
 * first name and address of whoever changed it last (the address names them when they gave no
 * name). Subqueries of the list's own query, so reading the dashboard stays one query per kind of list.
 */
function summaryOf(eb: ExpressionBuilder<DB, 'lists'>) {
  const author = eb.selectFrom('users').whereRef('users.id', '=', 'lists.last_change_by');
  return [author.select('users.first_name').as('last_change_name'), author.select('users.email').as('last_change_email')];
}

/** The columns `summaryOf` adds. */
export interface SummaryColumns {
  last_change_name: string | null;
  last_change_email: string | null;
}

/** The summary of one list with its last change, for a list read some other way (the access check's row). */
export function findListSummary(db: Db, listId: string) {
  return db
    .selectFrom('lists')
    .select(summaryOf)
    .select(['item_count', 'done_count', 'last_change_by', 'last_change_summary', 'last_change_app', 'last_change_at'])
    .where('id', '=', listId)
    .executeTakeFirst();
}

/** One list, whoever owns it. */
export function findList(db: Db, listId: string): Promise<ListRow | undefined> {
  return db.selectFrom('lists').selectAll().where('id', '=', listId).executeTakeFirst();
}

/** How many lists a user owns, for the limit on a creation (the user's row locked first). */
export async function countOwnedLists(trx: Transaction<DB>, ownerId: string): Promise<number> {
  await lockUserRow(trx, ownerId);
  const { count } = await trx
    .selectFrom('lists')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function insertList(db: Db, list: Insertable<ListsTable>): Promise<void> {
  await db.insertInto('lists').values(list).execute();
}

/** The lists a user owns; one of them when `listId` is given. */
export function findOwnedLists(db: Db, ownerId: string, listId?: string): Promise<(ListRow & SummaryColumns)[]> {
  let query = db.selectFrom('lists').selectAll().select(summaryOf).where('owner_id', '=', ownerId);
  if (listId) query = query.where('id', '=', listId);
  return query.orderBy('created_at', 'desc').orderBy('id').execute();
}

/** Lists shared with a user (accepted shares), with the share and the sharer's address. */
export function findMemberLists(db: Db, userId: string, listId?: string) {
  let query = db
    .selectFrom('list_shares')
    .innerJoin('lists', 'lists.id', 'list_shares.list_id')
    .leftJoin('users as sharer', 'sharer.id', 'list_shares.shared_by')
    .selectAll('lists')
    .select(summaryOf)
    .select([
      'list_shares.permission as share_permission',
      'list_shares.created_at as shared_at',
      'list_shares.shared_by as shared_by_id',
      'sharer.email as shared_by_email',
    ])
    .where('list_shares.user_id', '=', userId)
    .where('list_shares.status', '=', 'accepted');
  if (listId) query = query.where('lists.id', '=', listId);
  return query.orderBy('lists.created_at', 'desc').orderBy('lists.id').execute();
}
export type MemberListRow = Awaited<ReturnType<typeof findMemberLists>>[number];

/** The accepted shares of every list a user owns (or of one of them). */
export function findAcceptedSharesOfOwner(db: Db, ownerId: string, listId?: string) {
  let query = db
    .selectFrom('list_shares')
    .innerJoin('lists', 'lists.id', 'list_shares.list_id')
    .select(['list_shares.list_id', 'list_shares.user_id', 'list_shares.email', 'list_shares.permission'])
    .where('lists.owner_id', '=', ownerId)
    .where('list_shares.status', '=', 'accepted');
  if (listId) query = query.where('lists.id', '=', listId);
  return query.orderBy('list_shares.created_at').orderBy('list_shares.email').execute();
}
export type OwnerShareRow = Awaited<ReturnType<typeof findAcceptedSharesOfOwner>>[number];

export async function updateList(db: Db, listId: string, patch: Updateable<ListsTable>): Promise<void> {
  await db.updateTable('lists').set(patch).where('id', '=', listId).execute();
}

/** The accounts holding the address of an invitation to the list that waits: their dashboards show it. */
export async function findPendingInviteeIds(db: Db, listId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('list_shares')
    .innerJoin('users', 'users.email', 'list_shares.email')
    .select('users.id')
    .where('list_shares.list_id', '=', listId)
    .where('list_shares.status', '=', 'pending')
    .execute();
  return rows.map((row) => row.id);
}

/** Deletes a list; its items, shares and image records go with it (foreign keys cascade). */
export async function deleteList(db: Db, listId: string): Promise<void> {
  await db.deleteFrom('lists').where('id', '=', listId).execute();
}

/** A list with its change seq (the live feed's bookkeeping); undefined when it does not exist. */
export function findListWithSeq(db: Db, listId: string) {
  return db.selectFrom('lists').selectAll().select(summaryOf).where('id', '=', listId).executeTakeFirst();
}

/** The lists a user owns, with their change seqs. */
export function findOwnedListsWithSeq(db: Db, ownerId: string) {
  return db
    .selectFrom('lists')
    .selectAll()
    .select(summaryOf)
    .where('owner_id', '=', ownerId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Every share of the lists a user owns, with the sharer's address (for the owner's list documents). */
export function findSharesOfOwnedLists(db: Db, ownerId: string) {
  return db
    .selectFrom('list_shares')
    .innerJoin('lists', 'lists.id', 'list_shares.list_id')
    .leftJoin('users as sharer', 'sharer.id', 'list_shares.shared_by')
    .selectAll('list_shares')
    .select('sharer.email as shared_by_email')
    .where('lists.owner_id', '=', ownerId)
    .orderBy('list_shares.created_at')
    .orderBy('list_shares.email')
    .execute();
}
