import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_CODES, REALTIME_MESSAGES } from '../../common/realtime.ts';
import { createConnection, type SocketLike } from './connection.ts';
import type { Hub } from './hub.ts';

/** A stand-in for a `ws` socket: records what the connection does to it. */
class FakeSocket extends EventEmitter {
  bufferedAmount = 0;
  sent: string[] = [];
  pings = 0;
  closedWith: [number, string] | undefined;
  terminated = false;
  send(data: string) {
    this.sent.push(data);
  }
  ping() {
    this.pings++;
  }
  close(code: number, reason: string) {
    this.closedWith = [code, reason];
  }
  terminate() {
    this.terminated = true;
  }
}

const silentLog = { debug() {}, error() {}, warn() {} } as never;

function setup(maxBufferedBytes = 1000) {
  const socket = new FakeSocket();
  const unsubscribed: string[] = [];
  const hub = {
    subscribe: (sink: { send(m: unknown): void }, request: { id: string }) => {
      sink.send({ type: 'snapshot', id: request.id, docs: [] });
      return { sub: { id: request.id }, answered: Promise.resolve() };
    },
    unsubscribe: (sub: { id: string }) => unsubscribed.push(sub.id),
  } as unknown as Hub;
  const connection = createConnection(socket as unknown as SocketLike, hub, { maxBufferedBytes }, silentLog);
  connection.serve({ userId: 'user-1', sessionId: 'session-1' }, { mayLoad: () => true, spend: () => undefined });
  /** Sends a subscribe and waits for its turn (a socket's subscribes are answered one at a time). */
  const subscribe = async (id: string) => {
    socket.emit('message', Buffer.from(JSON.stringify({ type: 'subscribe', id, topic: 'user' })), false);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { socket, connection, unsubscribed, subscribe };
}

describe('heartbeat', () => {
  afterEach(() => vi.useRealTimers());

  it('pings a live socket on every beat and terminates one that missed a pong', async () => {
    const { socket, connection, subscribe, unsubscribed } = setup();
    await subscribe('s1');
    connection.beat();
    expect(socket.pings).toBe(1);
    socket.emit('pong');
    connection.beat();
    expect(socket.pings).toBe(2);
    expect(socket.terminated).toBe(false);

    // No pong since the last ping: the peer is gone (a phone without network sends no FIN).
    connection.beat();
    expect(socket.terminated).toBe(true);
    expect(unsubscribed).toEqual(['s1']);
    connection.beat();
    expect(socket.pings).toBe(2);
  });

  it('runs on the injected interval', async () => {
    vi.useFakeTimers();
    const { socket, connection } = setup();
    const timer = setInterval(() => connection.beat(), 50);
    await vi.advanceTimersByTimeAsync(50);
    expect(socket.pings).toBe(1);
    await vi.advanceTimersByTimeAsync(50);
    expect(socket.terminated).toBe(true);
    clearInterval(timer);
  });
});

describe("the client's ping", () => {
  it('is answered by a pong, before and after subscriptions, and costs no subscription', async () => {
    const { socket, connection, subscribe } = setup();
    const ping = () => socket.emit('message', Buffer.from(JSON.stringify({ type: 'ping' })), false);
    ping();
    await subscribe('s1');
    ping();
    expect(socket.sent.map((message) => JSON.parse(message) as unknown)).toEqual([
      { type: 'pong' },
      { type: 'snapshot', id: 's1', docs: [] },
      { type: 'pong' },
    ]);
    expect(connection.subscriptionCount).toBe(1);
  });

  it('takes nothing else along', () => {
    const { socket } = setup();
    socket.emit('message', Buffer.from(JSON.stringify({ type: 'ping', id: 'x' })), false);
    expect(JSON.parse(socket.sent[0]!)).toMatchObject({ type: 'error', code: 'invalid_message' });
  });
});

describe('slow reader', () => {
  it('sends while the buffer stays under the bound', async () => {
    const { socket, subscribe } = setup(1000);
    socket.bufferedAmount = 1000;
    await subscribe('s1');
    expect(socket.sent).toHaveLength(1);
    expect(socket.closedWith).toBeUndefined();
  });

  it('drops the socket instead of buffering more once the bound is passed, and its subscriptions', async () => {
    const { socket, subscribe, unsubscribed } = setup(1000);
    await subscribe('s1');
    socket.bufferedAmount = 1001;
    await subscribe('s2');
    expect(socket.sent).toHaveLength(1);
    expect(socket.terminated).toBe(true);
    expect(socket.closedWith).toBeUndefined();
    expect(unsubscribed).toEqual(['s1', 's2']);
    // Nothing more is sent or subscribed on a closed connection.
    await subscribe('s3');
    expect(socket.sent).toHaveLength(1);
  });
});

describe('the end of a connection', () => {
  it('counts as closed only once its socket is gone, not when its close begins', async () => {
    const { socket, connection, subscribe, unsubscribed } = setup();
    let gone = 0;
    connection.onClose(() => gone++);
    await subscribe('s1');
    // A peer that does not answer the close keeps the socket, and its buffers, for a while yet.
    connection.close(CLOSE_CODES.sessionEnded, REALTIME_MESSAGES.sessionEnded);
    expect(unsubscribed).toEqual(['s1']);
    expect(gone).toBe(0);
    socket.emit('close');
    expect(gone).toBe(1);
  });
});
