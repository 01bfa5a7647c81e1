import type { Kysely, Transaction } from 'kysely';
import type { DB, NewUser, UserRow } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** SQL of the auth feature: users, credentials, sessions and password resets. */

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserWithPasswordByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .innerJoin('credentials', 'credentials.user_id', 'users.id')
    .selectAll('users')
    .select('credentials.password_hash')
    .where('users.email', '=', email)
    .executeTakeFirst();
}

export function findPasswordHash(db: Db, userId: string): Promise<string | undefined> {
  return db
    .selectFrom('credentials')
    .select('password_hash')
    .where('user_id', '=', userId)
    .executeTakeFirst()
    .then((row) => row?.password_hash);
}

export async function insertUser(db: Db, user: NewUser, passwordHash: string): Promise<void> {
  await db.insertInto('users').values(user).execute();
  await db
    .insertInto('credentials')
    .values({ user_id: user.id, password_hash: passwordHash, updated_at: user.created_at })
    .execute();
}

export async function updateFirstName(db: Db, userId: string, firstName: string, now: string): Promise<void> {
  await db.updateTable('users').set({ first_name: firstName, updated_at: now }).where('id', '=', userId).execute();
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string, now: string): Promise<void> {
  await db
    .updateTable('credentials')
    .set({ password_hash: passwordHash, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
}

export async function insertSession(
  db: Db,
  session: { id: string; userId: string; tokenHash: string; createdAt: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      token_hash: session.tokenHash,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
    })
    .execute();
}

/** The unrevoked session behind a token hash, with its user, whether expired or not. */
export function findLiveSession(db: Db, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.id as session_id', 'sessions.expires_at as session_expires_at'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Revokes one session; answers whether it was still live (so a refresh race has one winner). */
export async function revokeSession(db: Db, sessionId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function revokeUserSessions(db: Db, userId: string, now: string, exceptSessionId?: string) {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  await query.execute();
}

export async function insertPasswordReset(
  db: Db,
  reset: { tokenHash: string; userId: string; createdAt: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({
      token_hash: reset.tokenHash,
      user_id: reset.userId,
      created_at: reset.createdAt,
      expires_at: reset.expiresAt,
    })
    .execute();
}

/** Marks an unused, unexpired reset token as used; answers its user, or nothing if it cannot be used. */
export async function consumePasswordReset(db: Db, tokenHash: string, now: string): Promise<string | undefined> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}
