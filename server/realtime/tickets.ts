import type { Kysely } from 'kysely';
import { REALTIME_TICKET_TTL_MS } from '../../common/realtime.ts';
import type { DB } from '../db/schema.ts';
import { digestToken, newExpiringToken } from '../tokens.ts';
import * as queries from './realtime.queries.ts';
import type { LiveSources } from './sources.ts';

export type Tickets = ReturnType<typeof createTickets>;

/** Who a redeemed ticket lets in: the user, and the session the socket lives and dies with. */
export interface TicketHolder {
  userId: string;
  sessionId: string;
}

/**
 * Browsers cannot send an Authorization header with a WebSocket, so a signed-in client trades its
 * bearer token for a ticket and opens the socket with `?ticket=`. A ticket works once, for 60 s,
 * only while the session that asked for it is live, and only its HMAC is stored: a leaked URL or
 * log line is useless a minute later, or at once after sign-out.
 */
export function createTickets(deps: { db: Kysely<DB>; secret: string; now: () => Date; sources: Pick<LiveSources, 'liveSessions'> }) {
  const { db, secret } = deps;
  return {
    async issue(holder: TicketHolder): Promise<string> {
      const { token, ...stored } = newExpiringToken(secret, deps.now(), REALTIME_TICKET_TTL_MS);
      await queries.insertTicket(db, { ...stored, userId: holder.userId, sessionId: holder.sessionId });
      return token;
    },

    /** Whom a ticket was issued to, or undefined when it is unknown, used, expired, or its session ended. */
    async redeem(ticket: string): Promise<TicketHolder | undefined> {
      if (!ticket) return undefined;
      // Taken (deleted) whether expired or not, so a ticket is never tried twice.
      const row = await queries.takeTicket(db, digestToken(secret, ticket));
      if (!row || row.expires_at <= deps.now().toISOString()) return undefined;
      const live = await deps.sources.liveSessions(db, [row.session_id]);
      return live.has(row.session_id) ? { userId: row.user_id, sessionId: row.session_id } : undefined;
    },

    async purgeExpired(): Promise<void> {
      await queries.deleteExpiredTickets(db, deps.now().toISOString());
    },
  };
}
