import type { Kysely, Transaction } from 'kysely';
import type { DB, OidcLoginsTable, UserIdentitiesTable } from '../db/schema.ts';
import type { Insertable, Selectable } from 'kysely';

type Db = Kysely<DB> | Transaction<DB>;

/** SQL of sign-in with identity providers: identities, sign-ins on their way, provider sessions. */

export type IdentityRow = Selectable<UserIdentitiesTable>;
export type OidcLoginRow = Selectable<OidcLoginsTable>;

export function findIdentity(db: Db, provider: string, subject: string): Promise<IdentityRow | undefined> {
  return db.selectFrom('user_identities').selectAll().where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();
}

export function findIdentitiesOfUser(db: Db, userId: string): Promise<IdentityRow[]> {
  return db.selectFrom('user_identities').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
}

/** Links a subject to an account, replacing the account's earlier link to the same provider. */
export async function linkIdentity(db: Db, identity: Insertable<UserIdentitiesTable>): Promise<void> {
  await db.deleteFrom('user_identities').where('user_id', '=', identity.user_id).where('provider', '=', identity.provider).execute();
  await db.insertInto('user_identities').values(identity).execute();
}

export async function recordIdentityLogin(
  db: Db,
  provider: string,
  subject: string,
  values: { email: string | null; is_admin: boolean; last_login_at: string },
): Promise<void> {
  await db.updateTable('user_identities').set(values).where('provider', '=', provider).where('subject', '=', subject).execute();
}

export async function deleteIdentity(db: Db, userId: string, provider: string): Promise<boolean> {
  const result = await db.deleteFrom('user_identities').where('user_id', '=', userId).where('provider', '=', provider).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Whether an identity in a provider's admin group at its last sign-in belongs to the user. */
export async function isGroupAdmin(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_identities')
    .select('provider')
    .where('user_id', '=', userId)
    .where('is_admin', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function hasPassword(db: Db, userId: string): Promise<boolean> {
  return (await db.selectFrom('credentials').select('user_id').where('user_id', '=', userId).executeTakeFirst()) !== undefined;
}

export async function insertLogin(db: Db, login: Insertable<OidcLoginsTable>): Promise<void> {
  await db.insertInto('oidc_logins').values(login).execute();
}

/**
 * Takes the sign-in a callback answers: only once (a replayed callback finds it taken), only from
 * the browser that started it, only before it expires. Marks it taken in the same statement.
 */
export async function takeLoginForCallback(db: Db, stateHash: string, browserHash: string, now: string): Promise<OidcLoginRow | undefined> {
  const row = await db
    .selectFrom('oidc_logins')
    .selectAll()
    .where('state_hash', '=', stateHash)
    .where('browser_hash', '=', browserHash)
    .where('result', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  const taken = await db
    .updateTable('oidc_logins')
    .set({ result: JSON.stringify({ kind: 'pending' }) })
    .where('state_hash', '=', stateHash)
    .where('result', 'is', null)
    .executeTakeFirst();
  return taken.numUpdatedRows > 0n ? row : undefined;
}

export async function setLoginResult(db: Db, stateHash: string, result: string): Promise<void> {
  await db.updateTable('oidc_logins').set({ result }).where('state_hash', '=', stateHash).execute();
}

/** The browser's newest answered sign-in, still valid. */
export function findAnsweredLogin(db: Db, browserHash: string, now: string): Promise<OidcLoginRow | undefined> {
  return db
    .selectFrom('oidc_logins')
    .selectAll()
    .where('browser_hash', '=', browserHash)
    .where('result', 'is not', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** Ends a sign-in; false when another request already did (two finishes racing). */
export async function deleteLogin(db: Db, stateHash: string): Promise<boolean> {
  const result = await db.deleteFrom('oidc_logins').where('state_hash', '=', stateHash).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function insertProviderSession(db: Db, session: { session_id: string; provider: string; id_token: string }): Promise<void> {
  await db.insertInto('oidc_sessions').values(session).execute();
}

export function findProviderSession(db: Db, sessionId: string) {
  return db.selectFrom('oidc_sessions').selectAll().where('session_id', '=', sessionId).executeTakeFirst();
}

export async function purgeExpiredLogins(db: Db, now: string): Promise<void> {
  await db.deleteFrom('oidc_logins').where('expires_at', '<=', now).execute();
}
