import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** A list with the caller's accepted share, in one query. */
export function findListWithShare(db: Kysely<DB>, listId: string, userId: string | undefined) {
  return db
    .selectFrom('lists')
    .leftJoin('list_shares', (join) =>
      join
        .onRef('list_shares.list_id', '=', 'lists.id')
        .on('list_shares.user_id', '=', userId ?? '')
        .on('list_shares.status', '=', 'accepted'),
    )
    .selectAll('lists')
    .select('list_shares.permission as share_permission')
    .where('lists.id', '=', listId)
    .executeTakeFirst();
}
