import { PostgresAdapter, sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { compiledQuery } from '../db/compiled-query.ts';
import type { DB, ListChangesTable } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** SQL of the change log a write keeps: the lists' locks and seqs, and the log rows (./change-log.ts). */

/**
 * Locks lists for the rest of the transaction, in id order (PostgreSQL; SQLite has one writer at
 * a time anyway). FOR NO KEY UPDATE: the lock the seq bump takes, which still lets items and
 * shares be inserted under the list (their foreign-key checks need only KEY SHARE).
 */
export async function lockLists(trx: Transaction<DB>, listIds: readonly string[]): Promise<void> {
  if (listIds.length === 0 || !(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx
    .selectFrom('lists')
    .select('id')
    .where('id', 'in', [...new Set(listIds)])
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}

/**
 * Takes the next `count` seqs of a list and answers the last. On PostgreSQL the UPDATE locks the
 * list's row until commit, so writers of one list commit in seq order. Undefined when it is gone.
 * With `lastChange`, the same UPDATE notes who changed the list and how (the list's last change).
 */
export async function bumpChangeSeq(
  trx: Db,
  listId: string,
  count: number,
  lastChange?: { by: string; summary: string; app: string | null; at: string },
): Promise<number | undefined> {
  const { rows } = await changeSeqBump(trx, { listId, count, lastChange });
  return rows[0]?.change_seq;
}

const changeSeqBump = compiledQuery(
  (db, { listId, count, lastChange }: { listId: string; count: number; lastChange?: { by: string; summary: string; app: string | null; at: string } }) =>
    db
      .updateTable('lists')
      .set({
        change_seq: sql`change_seq + ${count}`,
        ...(lastChange && {
          last_change_by: lastChange.by,
          last_change_summary: lastChange.summary,
          last_change_app: lastChange.app,
          last_change_at: lastChange.at,
        }),
      })
      .where('id', '=', listId)
      .returning('change_seq'),
);

/** The seq of a list's latest change; 0 for a list that is gone. */
export async function findChangeSeq(db: Db, listId: string): Promise<number> {
  const { rows } = await changeSeqRead(db, { listId });
  return rows[0]?.change_seq ?? 0;
}

const changeSeqRead = compiledQuery((db, { listId }: { listId: string }) => db.selectFrom('lists').select('change_seq').where('id', '=', listId));

/** Rows per INSERT: 6 parameters each stays far below both dialects' limits (a reorder logs 5,000). */
const INSERT_CHUNK = 500;

export async function insertChanges(trx: Db, changes: Insertable<ListChangesTable>[]): Promise<void> {
  for (let start = 0; start < changes.length; start += INSERT_CHUNK) {
    await changesInsert(trx, { rows: changes.slice(start, start + INSERT_CHUNK) });
  }
}

const changesInsert = compiledQuery((db, { rows }: { rows: Insertable<ListChangesTable>[] }) => db.insertInto('list_changes').values(rows));
