import type { Insertable, Kysely, Transaction } from 'kysely';
import { compiledQuery } from '../db/compiled-query.ts';
import type { DB, OAuthAccessTokensTable, OAuthCodesTable, OAuthGrantsTable } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** SQL of account linking: authorization codes, grants (one per linked app) and their access tokens. */

export async function insertCode(db: Db, row: Insertable<OAuthCodesTable>): Promise<void> {
  await db.insertInto('oauth_codes').values(row).execute();
}

export function findCode(db: Db, codeHash: string) {
  return db.selectFrom('oauth_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
}

/** Marks an unused code used; answers whether this call was the one that used it. */
export async function useCode(db: Db, codeHash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('oauth_codes')
    .set({ used_at: now })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteCode(db: Db, codeHash: string): Promise<void> {
  await db.deleteFrom('oauth_codes').where('code_hash', '=', codeHash).execute();
}

export async function deleteGrantsOfCode(db: Db, codeHash: string): Promise<void> {
  await db.deleteFrom('oauth_grants').where('code_hash', '=', codeHash).execute();
}

/**
 * Ends every link of a user, and the codes not yet traded for one (a password reset: the account
 * may have been someone else's, who may have just signed an app in).
 */
export async function endAllLinksOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('oauth_grants').where('user_id', '=', userId).execute();
  await db.deleteFrom('oauth_codes').where('user_id', '=', userId).execute();
}

/** Deletes the codes a user's sign-in gave a client that it has not traded yet. */
export async function deleteCodes(db: Db, userId: string, clientId: string): Promise<void> {
  await db.deleteFrom('oauth_codes').where('user_id', '=', userId).where('client_id', '=', clientId).execute();
}

/** Ends a user's links to a client, their tokens with them; answers how many there were. */
export async function deleteGrants(db: Db, userId: string, clientId: string): Promise<number> {
  const result = await db
    .deleteFrom('oauth_grants')
    .where('user_id', '=', userId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertGrant(db: Db, row: Insertable<OAuthGrantsTable>): Promise<void> {
  await db.insertInto('oauth_grants').values(row).execute();
}

export function findGrantByRefreshHash(db: Db, refreshHash: string) {
  return db.selectFrom('oauth_grants').selectAll().where('refresh_token_hash', '=', refreshHash).executeTakeFirst();
}

export function grantExists(db: Db, grantId: string): Promise<boolean> {
  return db
    .selectFrom('oauth_grants')
    .select('id')
    .where('id', '=', grantId)
    .executeTakeFirst()
    .then((row) => row !== undefined);
}

export async function insertAccessToken(db: Db, row: Insertable<OAuthAccessTokensTable>): Promise<void> {
  await db.insertInto('oauth_access_tokens').values(row).execute();
}

/** Deletes a grant's access tokens made before `madeBefore`, but its newest `keep`. */
export async function pruneAccessTokens(db: Db, grantId: string, keep: number, madeBefore: string): Promise<void> {
  const newest = db
    .selectFrom('oauth_access_tokens')
    .select('id')
    .where('grant_id', '=', grantId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(keep);
  await db
    .deleteFrom('oauth_access_tokens')
    .where('grant_id', '=', grantId)
    .where('created_at', '<', madeBefore)
    .where('id', 'not in', newest)
    .execute();
}

/**
 * An unexpired access token with its grant and user: the user's row, with the token and grant as
 * scalar subqueries rather than joins, which SQLite plans afresh on every run (decision 016:
 * 40 µs against 10 µs here).
 */
export async function findLiveAccessToken(db: Db, tokenHash: string, now: string) {
  const { rows } = await liveAccessToken(db, { tokenHash, now });
  return rows[0];
}

const liveAccessToken = compiledQuery((db, { tokenHash, now }: { tokenHash: string; now: string }) => {
  const token = db
    .selectFrom('oauth_access_tokens')
    .where('oauth_access_tokens.token_hash', '=', tokenHash)
    .where('oauth_access_tokens.expires_at', '>', now);
  const grant = db.selectFrom('oauth_grants').where('oauth_grants.id', '=', token.select('oauth_access_tokens.grant_id'));
  return (
    db
      .selectFrom('users')
      .selectAll('users')
      .select([
        token.select('oauth_access_tokens.id').as('token_id'),
        token.select('oauth_access_tokens.expires_at').as('token_expires_at'),
        grant.select('oauth_grants.client_id').as('client_id'),
        grant.select('oauth_grants.scope').as('scope'),
        grant.select('oauth_grants.id').as('grant_id'),
        grant.select('oauth_grants.resource').as('resource'),
        grant.select('oauth_grants.client_name').as('client_name'),
        grant.select('oauth_grants.last_used_at').as('grant_last_used_at'),
      ])
      .where('users.id', '=', grant.select('oauth_grants.user_id'))
      // A row comes back only when the token and its grant exist, so their columns are never null.
      .$narrowType<{ token_id: string; token_expires_at: string; client_id: string; scope: string; grant_id: string }>()
  );
});

/** The user's links, oldest first. */
export function findGrantsOfUser(db: Db, userId: string) {
  return db
    .selectFrom('oauth_grants')
    .select(['client_id', 'client_name', 'scope', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('client_id')
    .execute();
}

/** Notes that a grant was used now. */
export async function touchGrant(db: Db, grantId: string, now: string): Promise<void> {
  await db.updateTable('oauth_grants').set({ last_used_at: now }).where('id', '=', grantId).execute();
}

export async function deleteGrant(db: Db, grantId: string): Promise<void> {
  await db.deleteFrom('oauth_grants').where('id', '=', grantId).execute();
}

/**
 * Replaces a grant's refresh token, if it is still `spentHash` (of two refreshes with one token,
 * one wins), and remembers the spent one; answers whether this call replaced it.
 */
export async function rotateRefreshToken(
  db: Db,
  change: { grantId: string; spentHash: string; newHash: string; expiresAt: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('oauth_grants')
    .set({ refresh_token_hash: change.newHash, refresh_expires_at: change.expiresAt, last_used_at: change.now })
    .where('id', '=', change.grantId)
    .where('refresh_token_hash', '=', change.spentHash)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  await db.insertInto('oauth_spent_refresh_tokens').values({ token_hash: change.spentHash, grant_id: change.grantId }).execute();
  return true;
}

/** The grant a spent refresh token belonged to, if that grant still exists. */
export async function findGrantOfSpentRefreshToken(db: Db, tokenHash: string): Promise<string | undefined> {
  const row = await db.selectFrom('oauth_spent_refresh_tokens').select('grant_id').where('token_hash', '=', tokenHash).executeTakeFirst();
  return row?.grant_id;
}

/** Deletes codes, access tokens and grants that can never be used again. */
export async function purgeExpired(db: Db, now: string): Promise<void> {
  await db.deleteFrom('oauth_codes').where('expires_at', '<=', now).execute();
  await db.deleteFrom('oauth_access_tokens').where('expires_at', '<=', now).execute();
  await db.deleteFrom('oauth_grants').where('refresh_expires_at', '<=', now).execute();
}
