import type { Kysely } from 'kysely';
import { compiledQuery } from '../db/compiled-query.ts';
import type { DB } from '../db/schema.ts';

/**
 * A list with the caller's accepted share, in one query. The share is a scalar subquery, not a
 * join: SQLite re-plans a join whose WHERE holds a bound value on every run, 45 µs instead of 6,
 * and every list request passes here (decision 016). (list_id, user_id) is unique: one share at most.
 */
const listWithShare = compiledQuery((db, { listId, userId }: { listId: string; userId: string }) =>
  db
    .selectFrom('lists')
    .selectAll('lists')
    .select((eb) =>
      eb
        .selectFrom('list_shares')
        .select('list_shares.permission')
        .whereRef('list_shares.list_id', '=', 'lists.id')
        .where('list_shares.user_id', '=', userId)
        .where('list_shares.status', '=', 'accepted')
        .as('share_permission'),
    )
    .where('lists.id', '=', listId),
);

export async function findListWithShare(db: Kysely<DB>, listId: string, userId: string | undefined) {
  const { rows } = await listWithShare(db, { listId, userId: userId ?? '' });
  return rows[0];
}
