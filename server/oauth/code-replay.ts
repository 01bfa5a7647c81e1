import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { lockUserRow } from '../writes/user-lock.ts';
import * as queries from './oauth.queries.ts';

/**
 * A code used twice may have been stolen: the link it made is revoked (RFC 6749 4.1.2), and the
 * code goes with it. Under the user's row, as a trade saving its link is, so the two come one
 * after the other: a trade still under way then finds its code gone and fails, and a link already
 * saved is deleted here.
 */
export async function revokeReplayedCode(db: Kysely<DB>, codeHash: string, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockUserRow(trx, userId);
    await queries.deleteCode(trx, codeHash);
    await queries.deleteGrantsOfCode(trx, codeHash);
  });
}
