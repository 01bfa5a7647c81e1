import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type pg from 'pg';
import type { Database } from '../db/open.ts';
import type { DB } from '../db/schema.ts';

/**
 * What a committed write tells every process: "list `l` has changes up to seq `s`" (`k`: the list
 * itself or its shares changed, which matters to the `lists` and `shares` topics of any user),
 * "user `u` changed", or "sessions of user `x` ended" (their sockets close; `d`: the account was
 * deleted, which the sockets are told). Deliberately tiny
 * (PostgreSQL caps a NOTIFY payload at 8000 bytes, and small messages stay cheap at any rate):
 * each process reads the change itself, once, from the database.
 */
export type ListNotification = { l: string; s: number; k?: 1 };
/** An account's document changed; `i`: the invitations waiting for it did, so it is sent even unchanged. */
export type UserNotification = { u: string; i?: 1 };
export type SessionsNotification = { x: string; d?: 1 };
export type Notification = ListNotification | UserNotification | SessionsNotification;

export interface ChangeBus {
  /** Inside the writing transaction, before commit: PostgreSQL queues NOTIFYs delivered on commit. */
  inTransaction(trx: Transaction<DB>, notes: Notification[]): Promise<void>;
  /** After the commit: the in-process bus delivers here. */
  afterCommit(notes: Notification[]): void;
  /** The hub's handler of every notification, this process's own writes included. */
  onNotification(handler: (note: Notification) => void): void;
  /** Called after a lost LISTEN connection is back: notifications may have been missed meanwhile. */
  onResync(handler: () => void): void;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** The embedded database has one process, so an EventEmitter is the whole bus. */
export function createLocalBus(): ChangeBus {
  const events = new EventEmitter();
  return {
    async inTransaction() {},
    afterCommit(notes) {
      for (const note of notes) events.emit('note', note);
    },
    onNotification(handler) {
      events.on('note', handler);
    },
    onResync() {},
    async start() {},
    async close() {
      events.removeAllListeners();
    },
  };
}

const BASE_CHANNEL = 'listo_changes';
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 10_000;
/**
 * How often the LISTEN connection is checked with `select 1`. A connection that went dead silently
 * (a NAT or proxy that stopped passing data, a half-open socket after a network cut) raises no
 * error: without the check this process would hear no other process's changes, and never resync,
 * until it restarts. 20 s notices an outage within about one socket heartbeat, for one tiny query.
 */
const LISTENER_CHECK_MS = 20_000;
/**
 * A check, or a connect and LISTEN, unanswered this long means the connection is dead. Far beyond
 * what `select 1` takes on a busy server: a false alarm costs a resync of every socket.
 */
const LISTENER_DEADLINE_MS = 10_000;

/** Knobs for tests; production uses the defaults. */
export interface PostgresBusOptions {
  /** How often the LISTEN connection is checked (LISTENER_CHECK_MS). */
  checkEveryMs?: number;
  /** How long a check or a reconnect may take before the connection is given up (LISTENER_DEADLINE_MS). */
  deadlineMs?: number;
}

/**
 * The channel of this database schema: NOTIFY is database-wide, so two Listo installations (or
 * test files) in different schemas of one database must not hear each other.
 */
export async function channelOf(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema ?? 'public';
  if (schema === 'public') return BASE_CHANNEL;
  // A channel name is at most 63 bytes; a digest keeps any schema name within that.
  return `${BASE_CHANNEL}_${crypto.createHash('sha256').update(schema).digest('hex').slice(0, 16)}`;
}

/** The LISTEN connection's name in pg_stat_activity, which an operator (or a test) can find it by. */
export const listenerName = (channel: string) => `listo listener ${channel}`;

function parse(payload: string | undefined): Notification | undefined {
  try {
    const note = JSON.parse(payload ?? '') as Record<string, unknown>;
    if (typeof note.l === 'string' && typeof note.s === 'number') {
      return note.k === 1 ? { l: note.l, s: note.s, k: 1 } : { l: note.l, s: note.s };
    }
    if (typeof note.u === 'string') return note.i === 1 ? { u: note.u, i: 1 } : { u: note.u };
    if (typeof note.x === 'string') return note.d === 1 ? { x: note.x, d: 1 } : { x: note.x };
  } catch {
    // Not ours (someone else NOTIFYing on the channel): ignore.
  }
  return undefined;
}

/** Settles as `work` does, or fails once `ms` pass without it settling. */
function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Lets go of a connection without waiting on it: a dead one may never answer the goodbye, and
 * would stay open half-closed, so its socket is destroyed.
 */
function drop(client: pg.Client): void {
  // First: marks the client as ending, so the socket's close is not reported as an error.
  client.end().catch(() => {});
  client.connection.stream.destroy();
}

/**
 * LISTEN/NOTIFY: `pg_notify` inside the writing transaction is delivered on commit only, in commit
 * order, to every listening process (this one included). One dedicated connection per process,
 * checked every so often: one that errs or stops answering is replaced, and the hub resyncs.
 */
export function createPostgresBus(database: Database, log: FastifyBaseLogger, options: PostgresBusOptions = {}): ChangeBus {
  const checkEveryMs = options.checkEveryMs ?? LISTENER_CHECK_MS;
  const deadlineMs = options.deadlineMs ?? LISTENER_DEADLINE_MS;
  const events = new EventEmitter();
  let channel = BASE_CHANNEL;
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = RECONNECT_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let checkTimer: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    if (!database.newClient) throw new Error('PostgreSQL bus needs Database.newClient');
    const next = database.newClient(listenerName(channel));
    next.on('notification', (message) => {
      const note = message.channel === channel ? parse(message.payload) : undefined;
      if (note) events.emit('note', note);
    });
    next.on('error', (error) => lose(next, error));
    try {
      // Bounded: on a dead path the connect or the LISTEN would wait forever, and no retry follow.
      await within(
        next.connect().then(() => next.query(`LISTEN ${next.escapeIdentifier(channel)}`)),
        deadlineMs,
        'live-update listener connecting',
      );
    } catch (error) {
      drop(next);
      throw error;
    }
    if (closed) {
      drop(next);
      return;
    }
    client = next;
    checkLater(next);
  }

  /** The connection `lost` erred or stopped answering: if it is the one listening, another replaces it. */
  function lose(lost: pg.Client, error: unknown): void {
    drop(lost);
    if (client !== lost) return;
    log.warn({ err: error }, 'live-update listener lost its connection; reconnecting');
    reconnectLater();
  }

  /** One check at a time, of the connection listening now: the next is set once this one is answered. */
  function checkLater(listening: pg.Client): void {
    clearTimeout(checkTimer);
    checkTimer = setTimeout(() => {
      checkTimer = undefined;
      if (closed || client !== listening) return;
      within(listening.query('select 1'), deadlineMs, 'live-update listener check').then(
        () => {
          if (!closed && client === listening) checkLater(listening);
        },
        (error: unknown) => lose(listening, error),
      );
    }, checkEveryMs);
    checkTimer.unref();
  }

  function reconnectLater(): void {
    client = undefined;
    clearTimeout(checkTimer);
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().then(
        () => {
          retryMs = RECONNECT_MIN_MS;
          events.emit('resync');
        },
        (error: unknown) => {
          log.warn({ err: error }, 'live-update listener could not reconnect');
          retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
          reconnectLater();
        },
      );
    }, retryMs);
    retryTimer.unref();
  }

  return {
    async inTransaction(trx, notes) {
      for (const note of notes) await sql`select pg_notify(${channel}, ${JSON.stringify(note)})`.execute(trx);
    },
    afterCommit() {},
    onNotification(handler) {
      events.on('note', handler);
    },
    onResync(handler) {
      events.on('resync', handler);
    },
    async start() {
      channel = await channelOf(database.db);
      await connect();
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearTimeout(checkTimer);
      events.removeAllListeners();
      const last = client;
      client = undefined;
      if (!last) return;
      // A goodbye, but no waiting past the deadline on a connection that went dead meanwhile.
      await within(last.end(), deadlineMs, 'live-update listener closing').catch(() => {});
      last.connection.stream.destroy();
    },
  };
}
