import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import {
  CLOSE_CODES,
  ClientMessage,
  LIST_TOPICS,
  REALTIME_MAX_SUBSCRIPTIONS,
  REALTIME_MESSAGES,
  type ErrorCode,
  type ServerMessage,
} from '../../common/realtime.ts';
import type { Hub } from './hub.ts';
import type { Sink, Subscription } from './subscription.ts';

/** Messages a client may send before its ticket is checked; more is not a real client. */
const MAX_EARLY_MESSAGES = REALTIME_MAX_SUBSCRIPTIONS + 10;
const POLICY_VIOLATION = 1008;

/** The parts of a `ws` socket a connection uses (a fake one in unit tests). */
export type SocketLike = Pick<WebSocket, 'bufferedAmount' | 'send' | 'close' | 'terminate' | 'ping' | 'on'>;

export interface ConnectionOptions {
  /**
   * A client whose unsent data passes this is disconnected instead of buffered without end. Above
   * the largest single message (a snapshot of a full list is about 2 MiB), so one big snapshot to
   * a healthy client never trips it.
   */
  maxBufferedBytes: number;
}

export type Connection = ReturnType<typeof createConnection>;

/**
 * One client socket: parses and checks its messages, holds its subscriptions (at most 100), and
 * sends with back-pressure. Messages that arrive while its ticket is being checked wait in order.
 */
export function createConnection(socket: SocketLike, hub: Hub, options: ConnectionOptions, log: FastifyBaseLogger) {
  let userId: string | undefined;
  let open = true;
  let alive = true;
  const early: { data: RawData; isBinary: boolean }[] = [];
  const subscriptions = new Map<string, Subscription>();
  const onClosed: (() => void)[] = [];

  function send(message: ServerMessage | string): void {
    if (!open) return;
    if (socket.bufferedAmount > options.maxBufferedBytes) {
      close(CLOSE_CODES.slowReader, REALTIME_MESSAGES.slowReader);
      return;
    }
    socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  const sink: Sink = {
    get userId() {
      return userId!;
    },
    send,
    release: (id) => void subscriptions.delete(id),
  };

  const refuse = (code: ErrorCode, message: string, id?: string) =>
    send(id === undefined ? { type: 'error', code, message } : { type: 'error', id, code, message });

  function handle(data: RawData, isBinary: boolean): void {
    let json: unknown;
    try {
      if (isBinary) throw new Error('binary');
      json = JSON.parse(data.toString());
    } catch {
      refuse('invalid_message', REALTIME_MESSAGES.notJson);
      return;
    }
    const parsed = ClientMessage.safeParse(json);
    if (!parsed.success) {
      const id = (json as { id?: unknown } | null)?.id;
      const issue = parsed.error.issues[0]!;
      const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
      refuse('invalid_message', `${where}${issue.message}`, typeof id === 'string' ? id : undefined);
      return;
    }
    const message = parsed.data;
    if (message.type === 'unsubscribe') {
      const sub = subscriptions.get(message.id);
      if (sub) hub.unsubscribe(sub);
      subscriptions.delete(message.id);
      return;
    }
    const needsList = LIST_TOPICS.has(message.topic);
    if (needsList !== (message.listId !== undefined)) {
      refuse('invalid_message', needsList ? REALTIME_MESSAGES.needsListId : REALTIME_MESSAGES.noListId, message.id);
    } else if (subscriptions.has(message.id)) {
      refuse('invalid_message', REALTIME_MESSAGES.duplicateId, message.id);
    } else if (subscriptions.size >= REALTIME_MAX_SUBSCRIPTIONS) {
      refuse('too_many_subscriptions', REALTIME_MESSAGES.tooManySubscriptions, message.id);
    } else {
      const sub = hub.subscribe(sink, message);
      // The first answer can close a slow reader at once; a closed connection keeps nothing.
      if (open) subscriptions.set(message.id, sub);
      else hub.unsubscribe(sub);
    }
  }

  function dispose(): void {
    if (!open) return;
    open = false;
    for (const sub of subscriptions.values()) hub.unsubscribe(sub);
    subscriptions.clear();
    early.length = 0;
    for (const callback of onClosed) callback();
  }

  function close(code: number, reason: string): void {
    if (!open) return;
    dispose();
    socket.close(code, reason);
  }

  socket.on('message', (data, isBinary) => {
    if (!open) return;
    if (userId) return handle(data, isBinary);
    if (early.length >= MAX_EARLY_MESSAGES) return close(POLICY_VIOLATION, REALTIME_MESSAGES.tooManySubscriptions);
    early.push({ data, isBinary });
  });
  socket.on('pong', () => {
    alive = true;
  });
  socket.on('close', dispose);
  socket.on('error', (error) => log.debug({ err: error }, 'live-update socket error'));

  return {
    /** The ticket was good: serve the socket as this user, starting with what it already sent. */
    authenticate(id: string): void {
      if (!open) return;
      userId = id;
      for (const { data, isBinary } of early.splice(0)) handle(data, isBinary);
    },

    close,

    /**
     * One heartbeat: a socket that did not answer the previous ping is dead (a phone that lost its
     * network sends no FIN) and is terminated; the others are pinged again.
     */
    beat(): void {
      if (!open) return;
      if (!alive) {
        dispose();
        socket.terminate();
        return;
      }
      alive = false;
      socket.ping();
    },

    onClose(callback: () => void): void {
      onClosed.push(callback);
    },

    get subscriptionCount(): number {
      return subscriptions.size;
    },
  };
}
