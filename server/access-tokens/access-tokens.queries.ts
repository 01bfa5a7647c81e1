import type { Insertable, Kysely, Transaction } from 'kysely';
import { compiledQuery } from '../db/compiled-query.ts';
import type { AccessTokensTable, DB } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** The SQL of personal access tokens (server/access-tokens/). */

export async function insertToken(db: Db, row: Insertable<AccessTokensTable>): Promise<void> {
  await db.insertInto('access_tokens').values(row).execute();
}

/** How many tokens a user holds, expired ones included until the purge (under the user's row lock). */
export async function countTokensOfUser(db: Db, userId: string): Promise<number> {
  const row = await db.selectFrom('access_tokens').select((eb) => eb.fn.countAll<number>().as('count')).where('user_id', '=', userId).executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** A user's unexpired tokens, oldest first. */
export function findTokensOfUser(db: Db, userId: string, now: string) {
  return db
    .selectFrom('access_tokens')
    .select(['id', 'name', 'scopes', 'created_at', 'last_used_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * The token behind a digest, with its user. Runs on every request a token makes, so it is written
 * with scalar subqueries, not a join (decision 016), and compiled once (decision 019).
 */
const tokenWithUser = compiledQuery((db, { tokenHash }: { tokenHash: string }) => {
  const token = db.selectFrom('access_tokens').where('access_tokens.token_hash', '=', tokenHash);
  return db
    .selectFrom('users')
    .selectAll('users')
    .select([
      token.select('access_tokens.id').as('token_id'),
      token.select('access_tokens.name').as('token_name'),
      token.select('access_tokens.scopes').as('token_scopes'),
      token.select('access_tokens.expires_at').as('token_expires_at'),
      token.select('access_tokens.last_used_at').as('token_last_used_at'),
    ])
    .where('users.id', '=', token.select('access_tokens.user_id'))
    // A row comes back only when the token exists, so its columns are never null but the last use.
    .$narrowType<{ token_id: string; token_name: string; token_scopes: string; token_expires_at: string }>();
});

export async function findTokenWithUser(db: Db, tokenHash: string) {
  const { rows } = await tokenWithUser(db, { tokenHash });
  return rows[0];
}

/** Notes a token's use, unless a use since `notBefore` is noted already (another request's). */
export async function noteTokenUse(db: Db, tokenId: string, at: string, notBefore: string): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ last_used_at: at })
    .where('id', '=', tokenId)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', notBefore)]))
    .execute();
}

/** Deletes one token of a user; answers whether there was one. */
export async function deleteToken(db: Db, userId: string, tokenId: string): Promise<boolean> {
  const result = await db.deleteFrom('access_tokens').where('id', '=', tokenId).where('user_id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function deleteTokensOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('access_tokens').where('user_id', '=', userId).execute();
}

export async function deleteExpiredTokens(db: Db, now: string): Promise<void> {
  await db.deleteFrom('access_tokens').where('expires_at', '<=', now).execute();
}
