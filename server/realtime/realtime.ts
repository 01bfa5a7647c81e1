import type { FastifyBaseLogger } from 'fastify';
import {
  CHANGE_LOG_RETENTION_MS,
  CLOSE_CODES,
  REALTIME_HEARTBEAT_MS,
  REALTIME_MESSAGES,
  REALTIME_PROTOCOL_VERSION,
} from '../../common/realtime.ts';
import type { Database } from '../db/open.ts';
import { createLocalBus, createPostgresBus } from './bus.ts';
import { createChangeFeed } from './change-feed.ts';
import { createConnection, type Connection, type SocketLike } from './connection.ts';
import { createHub } from './hub.ts';
import * as queries from './realtime.queries.ts';
import { createTickets } from './tickets.ts';

/** Knobs for tests; production uses the defaults. */
export interface RealtimeOptions {
  heartbeatMs?: number;
  maxBufferedBytes?: number;
  purgeIntervalMs?: number;
}

/** 4 MiB: twice the largest snapshot (a full list of long items), tiny next to a server's memory. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** The log is kept 24 h; purging every 10 minutes keeps it within minutes of that. */
const PURGE_INTERVAL_MS = 10 * 60 * 1000;

export type Realtime = Awaited<ReturnType<typeof createRealtime>>;

/**
 * Live subscriptions of one process: the change feed services write through, the bus that carries
 * notifications (in-process for SQLite, LISTEN/NOTIFY for PostgreSQL), the hub that fans changes
 * out, tickets, and the sockets with their heartbeat. The caller closes it after the HTTP server.
 */
export async function createRealtime(deps: {
  database: Database;
  secret: string;
  now: () => Date;
  log: FastifyBaseLogger;
  options?: RealtimeOptions;
}) {
  const { database, log, now } = deps;
  const db = database.db;
  const options = deps.options ?? {};
  const bus = database.dialect === 'postgres' ? createPostgresBus(database, log) : createLocalBus();
  const changes = createChangeFeed({ db, bus, now });
  const hub = createHub({ db, log });
  const tickets = createTickets({ db, secret: deps.secret, now });
  const connections = new Set<Connection>();
  bus.onNotification((note) => hub.notify(note));
  bus.onResync(() => hub.resync());
  await bus.start();

  const heartbeat = setInterval(() => {
    for (const connection of connections) connection.beat();
  }, options.heartbeatMs ?? REALTIME_HEARTBEAT_MS);
  heartbeat.unref();

  async function purge(): Promise<void> {
    const before = new Date(now().getTime() - CHANGE_LOG_RETENTION_MS).toISOString();
    await queries.deleteChangesBefore(db, before);
    await tickets.purgeExpired();
  }
  const purgeTimer = setInterval(() => {
    purge().catch((error: unknown) => log.warn({ err: error }, 'change log purge failed'));
  }, options.purgeIntervalMs ?? PURGE_INTERVAL_MS);
  purgeTimer.unref();

  return {
    changes,
    tickets,

    /** A socket that just upgraded: check its protocol version and ticket, then serve it. */
    accept(socket: SocketLike, query: { ticket?: string; v?: string }): void {
      const connection = createConnection(
        socket,
        hub,
        { maxBufferedBytes: options.maxBufferedBytes ?? MAX_BUFFERED_BYTES },
        log,
      );
      connections.add(connection);
      connection.onClose(() => connections.delete(connection));
      if (query.v !== undefined && query.v !== String(REALTIME_PROTOCOL_VERSION)) {
        connection.close(CLOSE_CODES.version, REALTIME_MESSAGES.version);
        return;
      }
      tickets.redeem(query.ticket ?? '').then(
        (userId) => {
          if (userId) connection.authenticate(userId);
          else connection.close(CLOSE_CODES.badTicket, REALTIME_MESSAGES.badTicket);
        },
        (error: unknown) => {
          log.error({ err: error }, 'realtime ticket check failed');
          connection.close(CLOSE_CODES.badTicket, REALTIME_MESSAGES.badTicket);
        },
      );
    },

    /** Shutdown, first step: every client hears "going away" and may reconnect elsewhere. */
    closeSockets(): void {
      for (const connection of connections) connection.close(CLOSE_CODES.goingAway, REALTIME_MESSAGES.goingAway);
    },

    /** Shutdown, last step (after the HTTP server): timers, the LISTEN connection, work under way. */
    async close(): Promise<void> {
      clearInterval(heartbeat);
      clearInterval(purgeTimer);
      await bus.close();
      await hub.close();
    },

    purge,
  };
}
