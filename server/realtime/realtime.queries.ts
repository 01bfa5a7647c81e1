import type { Kysely, Transaction } from 'kysely';
import type { DB, ListChangeRow } from '../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** SQL of live subscriptions: tickets, and the reads of the change log that feed snapshots and changes. */

export async function insertTicket(
  db: Db,
  ticket: { hash: string; userId: string; sessionId: string; createdAt: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('realtime_tickets')
    .values({
      ticket_hash: ticket.hash,
      user_id: ticket.userId,
      session_id: ticket.sessionId,
      created_at: ticket.createdAt,
      expires_at: ticket.expiresAt,
    })
    .execute();
}

/** Deletes a ticket and answers whom it was for and until when: a ticket is taken once, by one socket. */
export function takeTicket(db: Db, hash: string) {
  return db
    .deleteFrom('realtime_tickets')
    .where('ticket_hash', '=', hash)
    .returning(['user_id', 'session_id', 'expires_at'])
    .executeTakeFirst();
}

export async function deleteExpiredTickets(db: Db, now: string): Promise<void> {
  await db.deleteFrom('realtime_tickets').where('expires_at', '<=', now).execute();
}

/** The log of a list after a seq, oldest first. */
export function findChangesAfter(db: Db, listId: string, afterSeq: number, limit?: number): Promise<ListChangeRow[]> {
  return db
    .selectFrom('list_changes')
    .selectAll()
    .where('list_id', '=', listId)
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .$if(limit !== undefined, (query) => query.limit(limit!))
    .execute();
}

export async function deleteChangesBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('list_changes').where('created_at', '<', before).execute();
}
