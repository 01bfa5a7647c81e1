import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import {
  CLOSE_CODES,
  ClientMessage,
  LIST_TOPICS,
  REALTIME_MAX_INVALID_MESSAGES,
  REALTIME_MAX_SUBSCRIPTIONS,
  REALTIME_MESSAGE_BURST,
  REALTIME_MESSAGES,
  REALTIME_MESSAGES_PER_SECOND,
  type ErrorCode,
  type ServerMessage,
} from '../../common/realtime.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { parseJsonLimited } from '../http/json-body.ts';
import { isStorableText } from '../http/text-guard.ts';
import type { Hub, SubscribeRequest } from './hub.ts';
import type { Sink, Subscription } from './subscription.ts';
import type { TicketHolder } from './tickets.ts';

/** The parts of a `ws` socket a connection uses (a fake one in unit tests). */
export type SocketLike = Pick<WebSocket, 'bufferedAmount' | 'send' | 'close' | 'terminate' | 'ping' | 'on'>;

export interface ConnectionOptions {
  /**
   * A client whose unsent data passes this is disconnected instead of buffered without end. Above
   * the largest single message (a snapshot page is a few hundred KB), so one snapshot to a healthy
   * client never trips it.
   */
  maxBufferedBytes: number;
  now?: () => number;
}

export type Connection = ReturnType<typeof createConnection>;

/**
 * A token bucket: a burst of `burst` messages, then `perSecond`. Cheap enough to run on every
 * message, so a flood costs the server one comparison per frame until it closes the socket.
 */
function messageBudget(now: () => number) {
  let tokens = REALTIME_MESSAGE_BURST;
  let last = now();
  return (): boolean => {
    const at = now();
    tokens = Math.min(REALTIME_MESSAGE_BURST, tokens + ((at - last) / 1000) * REALTIME_MESSAGES_PER_SECOND);
    last = at;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

/**
 * One client socket: parses and checks its messages, holds its subscriptions (at most 100), and
 * sends with back-pressure. Messages that arrive while its ticket is being checked wait in order.
 * A client that sends too fast, or too much nonsense, is closed before it costs anyone else.
 * A socket served without a holder is an anonymous reader: it may follow list topics only, which
 * the hub then grants as the permission matrix grants them to someone signed out.
 */
/** The first answers' budget of whoever the socket serves (snapshot-budget.ts), bound to them. */
export interface SocketSnapshotBudget {
  mayLoad(): boolean;
  spend(documents: number): void;
}

export function createConnection(socket: SocketLike, hub: Hub, options: ConnectionOptions, log: FastifyBaseLogger) {
  let holder: TicketHolder | undefined;
  let budget: SocketSnapshotBudget | undefined;
  let serving = false;
  let open = true;
  let alive = true;
  let invalid = 0;
  const withinBudget = messageBudget(options.now ?? Date.now);
  const early: { data: RawData; isBinary: boolean }[] = [];
  const subscriptions = new Map<string, Subscription>();
  /**
   * Subscribes waiting for their turn: a socket has one first answer loading at a time, and its
   * budget is checked when its turn comes (after the previous answer was counted), so a burst of
   * subscribes to a large list costs one load at a time and stops at the budget, instead of all
   * passing the check before any was counted and loading together.
   */
  const waiting = new Set<string>();
  let turns: Promise<void> = Promise.resolve();
  const onClosed: (() => void)[] = [];

  function send(message: ServerMessage | string): void {
    if (!open) return;
    // A client this far behind cannot read a close frame either (it would wait behind the
    // backlog): the connection is dropped, and the backlog's memory freed, at once.
    if (socket.bufferedAmount > options.maxBufferedBytes) return drop();

    if (typeof message !== 'string' && message.type === 'snapshot') budget?.spend(message.docs.length);
    if (typeof message !== 'string' && message.type === 'resumed') budget?.spend(message.changes.length);
    socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  const sink: Sink = {
    get userId() {
      return holder?.userId;
    },
    send,
    release: (id) => void subscriptions.delete(id),
  };

  function refuse(code: ErrorCode, message: string, id?: string): void {
    if (code === 'invalid_message' && ++invalid > REALTIME_MAX_INVALID_MESSAGES) {
      close(CLOSE_CODES.policyViolation, REALTIME_MESSAGES.tooManyInvalid);
      return;
    }
    send(id === undefined ? { type: 'error', code, message } : { type: 'error', id, code, message });
  }

  function handle(data: RawData, isBinary: boolean): void {
    let json: unknown;
    try {
      if (isBinary) throw new Error('binary');
      // The same limits as a request body: bounded nesting, no text a database cannot store.
      json = parseJsonLimited((data as Buffer).toString());
    } catch {
      return refuse('invalid_message', REALTIME_MESSAGES.notJson);
    }
    if (!isStorableText(json)) return refuse('invalid_message', SERVER_MESSAGES.textNotAllowed);
    const parsed = ClientMessage.safeParse(json);
    if (!parsed.success) {
      const id = (json as { id?: unknown } | null)?.id;
      const issue = parsed.error.issues[0]!;
      const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
      return refuse('invalid_message', `${where}${issue.message}`, typeof id === 'string' ? id : undefined);
    }
    const message = parsed.data;
    if (message.type === 'ping') return send({ type: 'pong' });
    if (message.type === 'unsubscribe') {
      const sub = subscriptions.get(message.id);
      if (sub) hub.unsubscribe(sub);
      subscriptions.delete(message.id);
      waiting.delete(message.id);
      return;
    }
    const needsList = LIST_TOPICS.has(message.topic);
    if (needsList !== (message.listId !== undefined)) {
      refuse('invalid_message', needsList ? REALTIME_MESSAGES.needsListId : REALTIME_MESSAGES.noListId, message.id);
    } else if (!holder && !needsList) {
      refuse('forbidden', REALTIME_MESSAGES.signInToFollow, message.id);
    } else if (subscriptions.has(message.id) || waiting.has(message.id)) {
      refuse('invalid_message', REALTIME_MESSAGES.duplicateId, message.id);
    } else if (subscriptions.size + waiting.size >= REALTIME_MAX_SUBSCRIPTIONS) {
      refuse('too_many_subscriptions', REALTIME_MESSAGES.tooManySubscriptions, message.id);
    } else {
      waiting.add(message.id);
      turns = turns.then(() => subscribeInTurn(message)).catch((error: unknown) => log.error({ err: error }, 'live subscribe failed'));
    }
  }

  async function subscribeInTurn(message: SubscribeRequest): Promise<void> {
    // Unsubscribed (or the socket closed) while it waited: nothing to load.
    if (!waiting.delete(message.id) || !open) return;
    if (budget && !budget.mayLoad()) return close(CLOSE_CODES.tooMany, REALTIME_MESSAGES.tooManySnapshots);
    const { sub, answered } = hub.subscribe(sink, message);
    // The first answer can close a slow reader at once; a closed connection keeps nothing.
    if (open) subscriptions.set(message.id, sub);
    else hub.unsubscribe(sub);
    await answered;
  }

  /** Stops serving the socket: nothing more is sent, its subscriptions end. */
  function dispose(): void {
    if (!open) return;
    open = false;
    for (const sub of subscriptions.values()) hub.unsubscribe(sub);
    subscriptions.clear();
    waiting.clear();
    early.length = 0;
  }

  /** Closes with a reason the client reads; the socket lingers until it answers (or a timeout). */
  function close(code: number, reason: string): void {
    if (!open) return;
    dispose();
    socket.close(code, reason);
  }

  /** Ends the connection without a word: for a peer that cannot hear one. */
  function drop(): void {
    dispose();
    socket.terminate();
  }

  // Every frame spends the budget, also those that wait for the ticket check (which the budget
  // thereby bounds too).
  socket.on('message', (data, isBinary) => {
    if (!open) return;
    if (!withinBudget()) return close(CLOSE_CODES.tooMany, REALTIME_MESSAGES.tooManyMessages);
    if (serving) return handle(data, isBinary);
    early.push({ data, isBinary });
  });
  socket.on('pong', () => {
    alive = true;
  });
  // Only a socket that is really gone stops counting (against its user's cap): a closing one still
  // holds its buffers until the peer answers the close.
  socket.on('close', () => {
    dispose();
    for (const callback of onClosed) callback();
  });
  socket.on('error', (error) => log.debug({ err: error }, 'live-update socket error'));

  return {
    /**
     * Serves the socket, starting with what it already sent: as the holder of a good ticket, or
     * without one as an anonymous reader of public lists.
     */
    serve(ticketHolder: TicketHolder | undefined, snapshotBudget: SocketSnapshotBudget): void {
      if (!open) return;
      holder = ticketHolder;
      budget = snapshotBudget;
      serving = true;
      for (const { data, isBinary } of early.splice(0)) handle(data, isBinary);
    },

    /** The user and session the socket belongs to, once its ticket was checked. */
    get holder(): TicketHolder | undefined {
      return holder;
    },

    close,

    /**
     * One heartbeat: a socket that did not answer the previous ping is dead (a phone that lost its
     * network sends no FIN) and is terminated; the others are pinged again.
     */
    beat(): void {
      if (!open) return;
      if (!alive) return drop();
      alive = false;
      socket.ping();
    },

    /** Called once the socket is closed, not when its close begins. */
    onClose(callback: () => void): void {
      onClosed.push(callback);
    },

    get subscriptionCount(): number {
      return subscriptions.size;
    },
  };
}
