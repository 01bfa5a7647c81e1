import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB, OAuthClientsTable } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** SQL of clients that registered themselves (RFC 7591). */

export async function insertClient(db: Db, row: Insertable<OAuthClientsTable>): Promise<void> {
  await db.insertInto('oauth_clients').values(row).execute();
}

export function findClient(db: Db, id: string) {
  return db.selectFrom('oauth_clients').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countClients(db: Db): Promise<number> {
  const row = await db.selectFrom('oauth_clients').select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Deletes clients registered before `before` that no user has a grant for (or codes waiting to be one). */
export async function purgeUnusedClients(db: Db, before: string): Promise<void> {
  await db
    .deleteFrom('oauth_clients')
    .where('created_at', '<', before)
    .where((eb) =>
      eb.not(
        eb.or([
          eb.exists(eb.selectFrom('oauth_grants').select('id').whereRef('oauth_grants.client_id', '=', 'oauth_clients.id')),
          eb.exists(eb.selectFrom('oauth_codes').select('code_hash').whereRef('oauth_codes.client_id', '=', 'oauth_clients.id')),
        ]),
      ),
    )
    .execute();
}
