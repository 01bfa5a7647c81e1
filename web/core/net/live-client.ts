import {
  CLOSE_CODES,
  LIST_TOPICS,
  REALTIME_CLIENT_PING_MS,
  REALTIME_PONG_TIMEOUT_MS,
  REALTIME_PROTOCOL_VERSION,
  REALTIME_PUBLIC_READER_PARAM,
  docKey,
  type ClientMessage,
  type ErrorCode,
  type ServerMessage,
  type Topic,
} from '../../../common/realtime.ts';
import { LIVE_DOCS, LiveServerMessage } from '../../../common/schemas/realtime.ts';

/**
 * The live-subscription client (docs/api.md, "Live subscriptions"), free of React and of the
 * browser's session so that it runs in Node too: one socket, any number of subscriptions, each
 * keeping its documents whole. Without a ticket source it is an anonymous reader of public lists'
 * items. After a drop it reconnects with a fresh ticket (exponential
 * backoff with jitter, capped) and resubscribes; list topics resume from their last seq, so a
 * flaky connection costs only what was missed. A socket that stops answering its pings is a drop
 * too: one left half-open by a laptop's sleep looks open and brings nothing.
 */

/** `outdated`: the server speaks another protocol version; only a reload of the page can help. */
export type LiveStatus = 'connecting' | 'open' | 'waiting' | 'closed' | 'outdated';

/** The parts of the WebSocket API the client uses (the browser's, Node's global one, or `ws`). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}
export type SocketFactory = (url: string) => SocketLike;

export interface LiveClientOptions {
  /** The endpoint, e.g. `wss://listo.example/api/v1/realtime` (no query). */
  url: string;
  /**
   * A fresh single-use ticket for each connection (POST /auth/realtime-token). Without it the
   * client connects as an anonymous reader, who may follow only the items of public lists.
   */
  getTicket?: () => Promise<string>;
  /** Defaults to the global WebSocket. */
  connect?: SocketFactory;
  /** First retry after about `baseMs`, doubling up to `maxMs`. */
  backoff?: { baseMs?: number; maxMs?: number };
  /** A `ping` every `pingMs` while open; no message back within `timeoutMs` drops the socket. */
  heartbeat?: { pingMs?: number; timeoutMs?: number };
  /** For the jitter; injectable so tests are deterministic. */
  random?: () => number;
  /** Whether the device has a network (default `navigator.onLine`): without one, no retry is tried until `checkNow`. */
  isOnline?: () => boolean;
  onStatus?: (status: LiveStatus) => void;
  /** The account was deleted on another device: the client has closed for good. */
  onAccountDeleted?: () => void;
  /** The first connection waits for this (the browser app: an idle moment after the first screen). */
  startAfter?: Promise<unknown>;
}

export interface SubscribeOptions<Doc> {
  topic: Topic;
  /** Required for the list topics (`items`, `list-shares`, `list`). */
  listId?: string;
  /**
   * List topics: a state the caller already read over REST, whole up to `seq` (an items page's
   * seq). The subscription starts from it and asks only for the changes after `seq` instead of a
   * snapshot of everything again; the server answers a snapshot anyway when its log is too short.
   */
  from?: { docs: readonly Doc[]; seq: number };
  /** After every snapshot, resume or change: the whole current state, and the message that made it. */
  onUpdate: (docs: ReadonlyMap<string, Doc>, message: ServerMessage) => void;
  /** The server ended the subscription (access lost, list deleted) or refused it; nothing more comes. */
  onEnd?: (code: ErrorCode, message: string) => void;
}

export interface LiveSubscription<Doc> {
  readonly id: string;
  docs(): ReadonlyMap<string, Doc>;
  /** The list's seq the state is at (list topics), sent as `since` after a reconnect. */
  seq(): number | undefined;
  unsubscribe(): void;
}

export type LiveClient = ReturnType<typeof createLiveClient>;

const OPEN = 1;
const DEFAULT_BASE_MS = 500;
/** A phone that was offline for an hour reconnects within this, and a down server is not hammered. */
const DEFAULT_MAX_MS = 30_000;

/** Exponential backoff with "equal jitter": half fixed, half random, so retries spread but never bunch at 0. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** attempt);
  return ceiling / 2 + (random() * ceiling) / 2;
}

interface Entry {
  id: string;
  topic: Topic;
  listId: string | undefined;
  docs: Map<string, unknown>;
  seq: number | undefined;
  /** The state is whole (a snapshot arrived, or it started `from` one); only then may a reconnect resume from `seq`. */
  synced: boolean;
  /** The pages of a snapshot that is still arriving (`more: true`), applied once the last one is in. */
  incoming: Map<string, unknown> | undefined;
  options: SubscribeOptions<unknown>;
}

export function createLiveClient(options: LiveClientOptions) {
  const connect: SocketFactory = options.connect ?? ((url) => new WebSocket(url) as unknown as SocketLike);
  const random = options.random ?? Math.random;
  const isOnline = options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  const baseMs = options.backoff?.baseMs ?? DEFAULT_BASE_MS;
  const maxMs = options.backoff?.maxMs ?? DEFAULT_MAX_MS;
  const pingMs = options.heartbeat?.pingMs ?? REALTIME_CLIENT_PING_MS;
  const pongTimeoutMs = options.heartbeat?.timeoutMs ?? REALTIME_PONG_TIMEOUT_MS;
  const entries = new Map<string, Entry>();
  let socket: SocketLike | undefined;
  let status: LiveStatus = 'closed';
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  /** Set while a ping waits for its answer; any message from the server counts as one. */
  let answerTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let nextId = 1;

  function setStatus(next: LiveStatus): void {
    if (status === next) return;
    status = next;
    options.onStatus?.(next);
  }

  function send(message: ClientMessage): void {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(message));
  }

  function subscribeMessage(entry: Entry): ClientMessage {
    const resume = entry.synced && entry.seq !== undefined && LIST_TOPICS.has(entry.topic);
    return {
      type: 'subscribe',
      id: entry.id,
      topic: entry.topic,
      ...(entry.listId === undefined ? {} : { listId: entry.listId }),
      ...(resume ? { since: entry.seq } : {}),
    };
  }

  function ping(): void {
    if (status !== 'open' || !socket || answerTimer !== undefined) return;
    const pinged = socket;
    send({ type: 'ping' });
    answerTimer = setTimeout(() => drop(pinged), pongTimeoutMs);
  }

  function stopHeartbeat(): void {
    clearInterval(pingTimer);
    clearTimeout(answerTimer);
    pingTimer = undefined;
    answerTimer = undefined;
  }

  /**
   * Gives up on a socket that did not answer. Not by waiting for its close: a half-open socket's
   * closing handshake cannot complete, and the browser would hold it for a minute or more.
   */
  function drop(dead: SocketLike, reason = 'no answer to ping'): void {
    if (socket !== dead) return;
    stopHeartbeat();
    socket = undefined;
    dead.onopen = dead.onmessage = dead.onclose = null;
    dead.close(1000, reason);
    retry();
  }

  /** A message in the protocol's shape (common/schemas/realtime.ts), its documents checked where their topic's are; else undefined. */
  function readMessage(text: string): ServerMessage | undefined {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return undefined;
    }
    const parsed = LiveServerMessage.safeParse(value);
    if (!parsed.success) return undefined;
    const message = parsed.data;
    const topic = 'id' in message && message.id !== undefined ? entries.get(message.id)?.topic : undefined;
    const schema = topic === undefined ? undefined : LIVE_DOCS[topic as keyof typeof LIVE_DOCS];
    if (!schema) return message;
    const docs = message.type === 'snapshot' ? message.docs : 'changes' in message ? message.changes.filter((change) => change.op !== 'removed').map((change) => change.doc) : [];
    return docs.every((doc) => schema.safeParse(doc).success) ? message : undefined;
  }

  function receive(message: ServerMessage): void {
    if (message.type === 'pong') return;
    const entry = 'id' in message && message.id !== undefined ? entries.get(message.id) : undefined;
    if (!entry) return;
    if (message.type === 'error') {
      entries.delete(entry.id);
      entry.options.onEnd?.(message.code, message.message);
      return;
    }
    if (message.type === 'snapshot') {
      const docs = entry.incoming ?? new Map<string, unknown>();
      for (const doc of message.docs) docs.set(docKey(entry.topic, doc), doc);
      if (message.more) {
        entry.incoming = docs;
        return;
      }
      entry.incoming = undefined;
      entry.docs = docs;
      entry.synced = true;
    } else {
      for (const change of message.changes) {
        const key = docKey(entry.topic, change.doc);
        if (change.op === 'removed') entry.docs.delete(key);
        else entry.docs.set(key, change.doc);
      }
    }
    if (message.seq !== undefined) entry.seq = message.seq;
    entry.options.onUpdate(entry.docs, message);
  }

  async function open(): Promise<void> {
    if (stopped) return;
    setStatus('connecting');
    let credential: string;
    try {
      await options.startAfter;
      if (stopped) return;
      // Offline, the ticket's request can only fail: wait for the network (checkNow when it is back).
      if (!isOnline()) return retry();
      credential = options.getTicket
        ? `ticket=${encodeURIComponent(await options.getTicket())}`
        : `${REALTIME_PUBLIC_READER_PARAM}=1`;
    } catch {
      return retry();
    }
    if (stopped) return;
    // The network went while the ticket was on its way: wait for it rather than fail a connection.
    if (!isOnline()) return retry();
    const next = connect(`${options.url}?v=${REALTIME_PROTOCOL_VERSION}&${credential}`);
    socket = next;
    next.onopen = () => {
      attempt = 0;
      setStatus('open');
      pingTimer = setInterval(ping, pingMs);
      for (const entry of entries.values()) {
        // Half a snapshot from the last socket is no state at all: the new answer starts afresh.
        entry.incoming = undefined;
        send(subscribeMessage(entry));
      }
    };
    next.onmessage = (event) => {
      clearTimeout(answerTimer);
      answerTimer = undefined;
      const message = readMessage(String(event.data));
      // A message not in the protocol's shape cannot be applied, and the next may build on it: a
      // new socket resumes every subscription from the last seq applied.
      if (message) receive(message);
      else drop(next, 'unreadable message');
    };
    next.onerror = () => {};
    next.onclose = (event) => {
      if (socket !== next) return;
      stopHeartbeat();
      socket = undefined;
      if (stopped) return setStatus('closed');
      // Another protocol version: reconnecting cannot help, the page must reload.
      if (event.code === CLOSE_CODES.version) {
        stopped = true;
        return setStatus('outdated');
      }
      if (event.code === CLOSE_CODES.accountDeleted) {
        stopped = true;
        setStatus('closed');
        return options.onAccountDeleted?.();
      }
      retry();
    };
  }

  function retry(): void {
    if (stopped) return;
    setStatus('waiting');
    clearTimeout(retryTimer);
    // Offline, a try can only fail (and the browser logs it): the network's return calls checkNow (live.ts).
    if (!isOnline()) return;
    retryTimer = setTimeout(() => void open(), backoffDelay(attempt++, baseMs, maxMs, random));
  }

  return {
    subscribe<Doc>(subscribeOptions: SubscribeOptions<Doc>): LiveSubscription<Doc> {
      const { topic, from } = subscribeOptions;
      const start = from && LIST_TOPICS.has(topic) ? from : undefined;
      const entry: Entry = {
        id: `s${nextId++}`,
        topic,
        listId: subscribeOptions.listId,
        docs: new Map(start?.docs.map((doc) => [docKey(topic, doc), doc])),
        seq: start?.seq,
        synced: start !== undefined,
        incoming: undefined,
        options: subscribeOptions as SubscribeOptions<unknown>,
      };
      entries.set(entry.id, entry);
      send(subscribeMessage(entry));
      if (!socket && !stopped && status === 'closed') void open();
      return {
        id: entry.id,
        docs: () => entry.docs as ReadonlyMap<string, Doc>,
        seq: () => entry.seq,
        unsubscribe() {
          if (entries.delete(entry.id)) send({ type: 'unsubscribe', id: entry.id });
        },
      };
    },

    /**
     * For when the page is shown again or the network is back: waiting, it reconnects at once;
     * open, it pings at once, so a socket that died meanwhile is found within the pong timeout.
     */
    checkNow(): void {
      if (status === 'open') return ping();
      if (stopped || status !== 'waiting') return;
      clearTimeout(retryTimer);
      attempt = 0;
      void open();
    },

    status: () => status,

    /** Closes for good (sign-out). */
    close(): void {
      stopped = true;
      clearTimeout(retryTimer);
      stopHeartbeat();
      socket?.close(1000, 'client closed');
      socket = undefined;
      setStatus('closed');
    },
  };
}
