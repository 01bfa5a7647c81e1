import type { Insertable, Kysely, Transaction } from 'kysely';
import { compiledQuery } from '../db/compiled-query.ts';
import type { DB, EmailVerificationsTable, NewUser, UserRow } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** SQL of the auth feature: users, credentials, sessions, password resets and e-mail verification. */

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

/** The lists a user owns, and those they are an accepted member of (what deleting the account changes). */
export async function findListsOfUser(db: Db, userId: string): Promise<{ owned: string[]; memberOf: string[] }> {
  const [owned, memberOf] = await Promise.all([
    db.selectFrom('lists').select('id').where('owner_id', '=', userId).execute(),
    db.selectFrom('list_shares').select('list_id').where('user_id', '=', userId).where('status', '=', 'accepted').execute(),
  ]);
  return { owned: owned.map((row) => row.id), memberOf: memberOf.map((row) => row.list_id) };
}

/**
 * The other lists whose rows an account's deletion changes: those it changed last, or holds items
 * it added (their `last_change_by` and `created_by` become null). Locked with its own before the
 * deletion, so a write on one of them finishes first instead of waiting on the account in a circle.
 */
export async function findListsTouchedByUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('lists')
    .select('id')
    .where('last_change_by', '=', userId)
    .union(db.selectFrom('items').select('list_id as id').where('created_by', '=', userId))
    .execute();
  return rows.map((row) => row.id);
}

/** Deletes an account; the foreign keys take everything that is only its own with it (see deleteAccount). */
export async function deleteUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/** An account, with its password unless it signs in through an identity provider only. */
export async function insertUser(db: Db, user: NewUser, passwordHash: string | undefined): Promise<void> {
  await db.insertInto('users').values(user).execute();
  if (passwordHash === undefined) return;
  await db
    .insertInto('credentials')
    .values({ user_id: user.id, password_hash: passwordHash, updated_at: user.created_at })
    .execute();
}

/** Disables an account (`disabledAt`) or enables it (null). */
export async function setDisabled(db: Db, userId: string, disabledAt: string | null, now: string): Promise<void> {
  await db.updateTable('users').set({ disabled_at: disabledAt, updated_at: now }).where('id', '=', userId).execute();
}

export async function updateFirstName(db: Db, userId: string, firstName: string, now: string): Promise<void> {
  await db.updateTable('users').set({ first_name: firstName, updated_at: now }).where('id', '=', userId).execute();
}

/**
 * Stores a new password hash. With `previous`, only while that hash is still the stored one: the
 * update is the check, so two callers who proved the same password cannot both replace it.
 */
export async function updatePasswordHash(
  db: Db,
  userId: string,
  passwordHash: string,
  now: string,
  previous?: string,
): Promise<boolean> {
  const result = await db
    .updateTable('credentials')
    .set({ password_hash: passwordHash, updated_at: now })
    .where('user_id', '=', userId)
    .$if(previous !== undefined, (query) => query.where('password_hash', '=', previous!))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Sets the password, giving one to an account that had none (made by an identity provider). */
export async function setPasswordHash(db: Db, userId: string, passwordHash: string, now: string): Promise<void> {
  await db
    .insertInto('credentials')
    .values({ user_id: userId, password_hash: passwordHash, updated_at: now })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ password_hash: passwordHash, updated_at: now }))
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

/**
 * The unrevoked session behind a token hash, with its user, whether expired or not. Runs on every
 * request, so it is written with scalar subqueries, not a join: SQLite re-plans a join whose WHERE
 * holds a bound value on every run, 30 µs instead of 6 (decision 016).
 */
const liveSession = compiledQuery((db, { tokenHash }: { tokenHash: string }) => {
  const live = db.selectFrom('sessions').where('sessions.token_hash', '=', tokenHash).where('sessions.revoked_at', 'is', null);
  return (
    db
      .selectFrom('users')
      .selectAll('users')
      .select([live.select('sessions.id').as('session_id'), live.select('sessions.expires_at').as('session_expires_at')])
      .where('users.id', '=', live.select('sessions.user_id'))
      // A row comes back only when the session exists, so its columns are never null.
      .$narrowType<{ session_id: string; session_expires_at: string }>()
  );
});

export async function findLiveSession(db: Db, tokenHash: string) {
  const { rows } = await liveSession(db, { tokenHash });
  return rows[0];
}

/** Gives a live session a new token hash and expiry; answers whether `oldHash` was still its hash. */
export async function rotateSessionToken(
  db: Db,
  sessionId: string,
  oldHash: string,
  newHash: string,
  expiresAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ token_hash: newHash, expires_at: expiresAt })
    .where('id', '=', sessionId)
    .where('token_hash', '=', oldHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
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

/** Ends every reset link of a user that is still unused: a newer link, a reset or a new password retire them. */
export async function deletePasswordResets(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('password_resets').where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** Of these sessions, the ones still live (not revoked, not expired): sockets of the others close. */
export async function findLiveSessionIds(db: Db, sessionIds: readonly string[], now: string): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', 'in', [...sessionIds])
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function insertEmailVerification(db: Db, row: Insertable<EmailVerificationsTable>): Promise<void> {
  await db.insertInto('email_verifications').values(row).execute();
}

/** Deletes an unexpired verification token of this user and answers the address it proves; a token works once. */
export function takeEmailVerification(db: Db, tokenHash: string, userId: string, now: string) {
  return db
    .deleteFrom('email_verifications')
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .returning(['email'])
    .executeTakeFirst();
}

/** Whether an unexpired verification token exists, whoever's it is. */
export async function emailVerificationExists(db: Db, tokenHash: string, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('email_verifications')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks the address proven (once) and retires the user's other verification links. */
export async function markEmailVerified(db: Db, userId: string, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_verified_at: now, updated_at: now })
    .where('id', '=', userId)
    .where('email_verified_at', 'is', null)
    .execute();
  await db.deleteFrom('email_verifications').where('user_id', '=', userId).execute();
}

/**
 * Deletes what can never be used again: sessions past their refresh grace or revoked, reset links
 * used or expired, verification links expired. Answers how many rows went, per table.
 */
export async function purgeExpiredCredentials(db: Db, now: string, sessionsBefore: string) {
  const sessions = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', sessionsBefore), eb('revoked_at', 'is not', null)]))
    .executeTakeFirst();
  const resets = await db
    .deleteFrom('password_resets')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('used_at', 'is not', null)]))
    .executeTakeFirst();
  const verifications = await db.deleteFrom('email_verifications').where('expires_at', '<=', now).executeTakeFirst();
  return {
    sessions: Number(sessions.numDeletedRows),
    resets: Number(resets.numDeletedRows),
    verifications: Number(verifications.numDeletedRows),
  };
}
