import type { FastifyBaseLogger } from 'fastify';
import {
  CHANGE_LOG_RETENTION_MS,
  CLOSE_CODES,
  REALTIME_HEARTBEAT_MS,
  REALTIME_MAX_PUBLIC_READERS,
  REALTIME_MAX_PUBLIC_READERS_PER_ADDRESS,
  REALTIME_MAX_SOCKETS_PER_USER,
  REALTIME_MESSAGES,
  REALTIME_PROTOCOL_VERSION,
  REALTIME_SNAPSHOT_DOCS_BURST,
  REALTIME_SNAPSHOT_DOCS_PER_SECOND,
} from '../../common/realtime.ts';
import type { Database } from '../db/open.ts';
import { createLocalBus, createPostgresBus } from './bus.ts';
import { createConnection, type Connection, type SocketLike } from './connection.ts';
import { createHub } from './hub.ts';
import * as queries from './realtime.queries.ts';
import type { LiveSources } from './sources.ts';
import { createSnapshotBudgets } from './snapshot-budget.ts';
import { createTickets } from './tickets.ts';

/** Knobs for tests; production uses the defaults. */
export interface RealtimeOptions {
  heartbeatMs?: number;
  maxBufferedBytes?: number;
  /** Anonymous sockets per process (REALTIME_MAX_PUBLIC_READERS): a test cannot open a thousand. */
  maxPublicReaders?: number;
  /** Documents of first answers per user or address (REALTIME_SNAPSHOT_DOCS_*): a test spends a small one. */
  snapshotBudget?: { burst: number; perSecond: number };
}

/** How a socket asks to be let in: a ticket, or (without one) as an anonymous public reader. */
interface Handshake {
  ticket?: string;
  v?: string;
  publicReader: boolean;
  /** The client's address (behind trusted proxies, the forwarded one): anonymous sockets are counted by it. */
  address: string;
}

/** 4 MiB: several snapshot pages in flight, tiny next to a server's memory. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

export type Realtime = Awaited<ReturnType<typeof createRealtime>>;

/**
 * Live subscriptions of one process: the bus that carries notifications (in-process for SQLite,
 * LISTEN/NOTIFY for PostgreSQL; writes tell it through server/writes/change-feed.ts), the hub that
 * fans changes out, tickets, and the sockets with their heartbeat. Sockets belong to a session: when it ends,
 * on any process, they close. The caller closes it after the HTTP server.
 */
export async function createRealtime(deps: {
  database: Database;
  secret: string;
  now: () => Date;
  log: FastifyBaseLogger;
  sources: LiveSources;
  options?: RealtimeOptions;
}) {
  const { database, log, now, sources } = deps;
  const db = database.db;
  const options = deps.options ?? {};
  const bus = database.dialect === 'postgres' ? createPostgresBus(database, log) : createLocalBus();
  const hub = createHub({ db, log, sources });
  const tickets = createTickets({ db, secret: deps.secret, now, sources });
  const connections = new Set<Connection>();
  const byUser = new Map<string, Set<Connection>>();
  const publicReaders = new Map<string, Set<Connection>>();
  let publicReaderCount = 0;
  const budgets = createSnapshotBudgets(options.snapshotBudget ?? { burst: REALTIME_SNAPSHOT_DOCS_BURST, perSecond: REALTIME_SNAPSHOT_DOCS_PER_SECOND });
  /** A user's sockets share one budget, and so do the anonymous sockets of one address. */
  const budgetOf = (key: string) => ({ mayLoad: () => budgets.mayLoad(key), spend: (documents: number) => budgets.spend(key, documents) });

  /**
   * Closes the sockets whose session is no longer live (signed out, password changed, expired),
   * saying so, or that the account was deleted.
   */
  async function closeEndedSessions(of: Iterable<Connection>, accountDeleted = false): Promise<void> {
    const [code, reason] = accountDeleted
      ? [CLOSE_CODES.accountDeleted, REALTIME_MESSAGES.accountDeleted]
      : [CLOSE_CODES.sessionEnded, REALTIME_MESSAGES.sessionEnded];
    const open = [...of].filter((connection) => connection.holder);
    if (open.length === 0) return;
    const live = await sources.liveSessions(db, [...new Set(open.map((connection) => connection.holder!.sessionId))]);
    for (const connection of open) {
      if (!live.has(connection.holder!.sessionId)) connection.close(code, reason);
    }
  }

  /** Told of every user whose credentials some process ended (a sign-out, a revoked token). */
  const credentialsEnded = new Set<(userId: string) => void>();

  bus.onNotification((note) => {
    if ('x' in note) {
      for (const listener of credentialsEnded) listener(note.x);
      closeEndedSessions(byUser.get(note.x) ?? [], note.d === 1).catch((error: unknown) =>
        log.error({ err: error }, 'could not check the sessions of live sockets'),
      );
    } else {
      hub.notify(note);
    }
  });
  const sessionCheckFailed = (error: unknown) => log.warn({ err: error }, 'session check of live sockets failed');
  // The LISTEN connection is back: sign-outs and revocations announced meanwhile were lost with
  // their notifications, so every socket's session is checked at once (not at the next heartbeat,
  // up to 30 s away), before the resync sends anything; the resync then re-checks each
  // subscription's access (hub.ts).
  bus.onResync(() => {
    void closeEndedSessions(connections)
      .catch(sessionCheckFailed)
      .finally(() => hub.resync());
  });
  await bus.start();

  // Each beat also catches sessions that simply expired, and any end whose notification was lost.
  const heartbeat = setInterval(() => {
    for (const connection of connections) connection.beat();
    budgets.forgetRested();
    closeEndedSessions(connections).catch(sessionCheckFailed);
  }, options.heartbeatMs ?? REALTIME_HEARTBEAT_MS);
  heartbeat.unref();

  /** Counts the socket in `groups` under `key` until it closes; refuses it when the group is full. */
  function admitTo(groups: Map<string, Set<Connection>>, key: string, max: number, connection: Connection, refusal: string): boolean {
    const group = groups.get(key) ?? new Set<Connection>();
    if (group.size >= max) {
      connection.close(CLOSE_CODES.tooMany, refusal);
      return false;
    }
    groups.set(key, group.add(connection));
    connection.onClose(() => {
      if (group.delete(connection) && group.size === 0) groups.delete(key);
    });
    return true;
  }

  /**
   * Nobody is accountable for an anonymous socket, so they are capped per address and, since
   * addresses are cheap, all together; the heartbeat, message budget and slow-reader limit of
   * every socket apply to them as well.
   */
  function admitPublicReader(connection: Connection, address: string): boolean {
    if (publicReaderCount >= (options.maxPublicReaders ?? REALTIME_MAX_PUBLIC_READERS)) {
      connection.close(CLOSE_CODES.tooMany, REALTIME_MESSAGES.tooManyPublicReaders);
      return false;
    }
    const perAddress = REALTIME_MAX_PUBLIC_READERS_PER_ADDRESS;
    if (!admitTo(publicReaders, address, perAddress, connection, REALTIME_MESSAGES.tooManyPublicReadersHere)) return false;
    publicReaderCount++;
    connection.onClose(() => publicReaderCount--);
    return true;
  }

  return {
    /** What writes tell subscribers through (server/writes/change-feed.ts). */
    bus,
    tickets,

    /**
     * Calls `listener` with the user whenever, on any process, some of their credentials ended (a
     * sign-out, a revoked token, an unlinked app): what else lives with a credential (an MCP
     * stream) then checks its own. Answers the way to stop listening.
     */
    onCredentialsEnded(listener: (userId: string) => void): () => void {
      credentialsEnded.add(listener);
      return () => credentialsEnded.delete(listener);
    },

    /** A socket that just upgraded: check its protocol version and ticket, then serve it. */
    accept(socket: SocketLike, query: Handshake): void {
      const connection = createConnection(socket, hub, { maxBufferedBytes: options.maxBufferedBytes ?? MAX_BUFFERED_BYTES }, log);
      connections.add(connection);
      connection.onClose(() => connections.delete(connection));
      if (query.v !== undefined && query.v !== String(REALTIME_PROTOCOL_VERSION)) {
        connection.close(CLOSE_CODES.version, REALTIME_MESSAGES.version);
        return;
      }
      if (query.publicReader && query.ticket === undefined) {
        if (admitPublicReader(connection, query.address)) connection.serve(undefined, budgetOf(`address:${query.address}`));
        return;
      }
      tickets.redeem(query.ticket ?? '').then(
        (holder) => {
          if (!holder) return connection.close(CLOSE_CODES.badTicket, REALTIME_MESSAGES.badTicket);
          const admitted = admitTo(byUser, holder.userId, REALTIME_MAX_SOCKETS_PER_USER, connection, REALTIME_MESSAGES.tooManySockets);
          if (admitted) connection.serve(holder, budgetOf(`user:${holder.userId}`));
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
      await bus.close();
      await hub.close();
    },

    /** Deletes log rows past the retention and expired tickets (run by server/maintenance.ts). */
    async purge(): Promise<void> {
      const before = new Date(now().getTime() - CHANGE_LOG_RETENTION_MS).toISOString();
      await queries.deleteChangesBefore(db, before);
      await tickets.purgeExpired();
    },
  };
}
