import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { DB, UserRow } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** SQL of the admin calls. */

/** A user by id or by e-mail address, in any case: both are stored lower-cased. */
export function findUserByIdOrEmail(db: Db, idOrEmail: string): Promise<UserRow | undefined> {
  const key = idOrEmail.trim().toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', key), eb('email', '=', key)]))
    .executeTakeFirst();
}

export async function setCanUseAi(db: Db, userId: string, canUseAi: boolean, updatedAt: string): Promise<void> {
  await db.updateTable('users').set({ can_use_ai: canUseAi, updated_at: updatedAt }).where('id', '=', userId).execute();
}

/** Photos on items (not those on their way out), whose bytes count as storage used. */
const storedImages = (db: Db) => db.selectFrom('images').where('images.item_id', 'is not', null);

/** What the page shows of a user beyond its row: the lists it owns and the bytes of its photos. */
function usageOf(eb: ExpressionBuilder<DB, 'users'>) {
  return [
    eb.selectFrom('lists').select((e) => e.fn.countAll<number | string>().as('n')).whereRef('lists.owner_id', '=', 'users.id').as('list_count'),
    eb
      .selectFrom('images')
      .select((e) => e.fn.sum<number | string | null>('images.bytes').as('n'))
      .whereRef('images.owner_id', '=', 'users.id')
      .where('images.item_id', 'is not', null)
      .as('storage_bytes'),
  ];
}

export type UserWithUsage = UserRow & { list_count: number | string | null; storage_bytes: number | string | null };

/** One page of users in address order, after `after`; `limit` + 1 rows tell whether a next page exists. */
export function findUsersPage(db: Db, after: string | undefined, limit: number): Promise<UserWithUsage[]> {
  return db
    .selectFrom('users')
    .selectAll('users')
    .select(usageOf)
    .$if(after !== undefined, (query) => query.where('users.email', '>', after!.trim().toLowerCase()))
    .orderBy('users.email')
    .limit(limit + 1)
    .execute();
}

export function findUserWithUsage(db: Db, userId: string): Promise<UserWithUsage | undefined> {
  return db.selectFrom('users').selectAll('users').select(usageOf).where('users.id', '=', userId).executeTakeFirst();
}

/** How many accounts, and the bytes of every photo on an item. */
export async function serverUsage(db: Db): Promise<{ users: number; bytes: number }> {
  const [users, bytes] = await Promise.all([
    db.selectFrom('users').select((e) => e.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    storedImages(db).select((e) => e.fn.sum<number | string | null>('images.bytes').as('n')).executeTakeFirstOrThrow(),
  ]);
  return { users: Number(users.n), bytes: Number(bytes.n ?? 0) };
}

/** The accounts of these addresses that proved them and are not disabled: the administrators in office. */
export function findAdministrators(db: Db, emails: readonly string[]) {
  if (emails.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['email', 'first_name'])
    .where('email', 'in', [...emails])
    .where('email_verified_at', 'is not', null)
    .where('disabled_at', 'is', null)
    .orderBy('email')
    .execute();
}
