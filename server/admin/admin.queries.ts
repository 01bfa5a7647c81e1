import type { Kysely, Transaction } from 'kysely';
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
