import type { Kysely } from 'kysely';
import { REALTIME_TICKET_TTL_MS } from '../../common/realtime.ts';
import { digestToken, newToken } from '../auth/tokens.ts';
import type { DB } from '../db/schema.ts';
import * as queries from './realtime.queries.ts';

export type Tickets = ReturnType<typeof createTickets>;

/**
 * Browsers cannot send an Authorization header with a WebSocket, so a signed-in client trades its
 * bearer token for a ticket and opens the socket with `?ticket=`. A ticket works once, for 60 s,
 * and only its HMAC is stored: a leaked URL or log line is useless a minute later.
 */
export function createTickets(deps: { db: Kysely<DB>; secret: string; now: () => Date }) {
  const { db, secret } = deps;
  return {
    async issue(userId: string): Promise<string> {
      const ticket = newToken();
      const now = deps.now();
      await queries.insertTicket(db, {
        hash: digestToken(secret, ticket),
        userId,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + REALTIME_TICKET_TTL_MS).toISOString(),
      });
      return ticket;
    },

    /** The user a ticket was issued to, or undefined when it is unknown, used or expired. */
    async redeem(ticket: string): Promise<string | undefined> {
      if (!ticket) return undefined;
      // Taken (deleted) whether expired or not, so a ticket is never tried twice.
      const row = await queries.takeTicket(db, digestToken(secret, ticket));
      if (!row || row.expires_at <= deps.now().toISOString()) return undefined;
      return row.user_id;
    },

    async purgeExpired(): Promise<void> {
      await queries.deleteExpiredTickets(db, deps.now().toISOString());
    },
  };
}
