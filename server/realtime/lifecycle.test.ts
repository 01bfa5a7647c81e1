import crypto from 'node:crypto';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CLOSE_CODES, REALTIME_MESSAGES } from '../../common/realtime.ts';
import { insertItems } from '../items/items.queries.ts';
import { createUser } from '../test/factories.ts';
import { insertList } from '../test/list-factories.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { TestSocket, waitUntil } from '../test/live.ts';

/** Socket lifecycle against a real server: shutdown and the heartbeat, with short injected intervals. */
describe('socket lifecycle', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.app.close();
    await t?.database.close();
    t = undefined;
  });

  it('closes every socket with 1001 "going away" when the server shuts down', async () => {
    t = await startTestApp();
    const { token } = await createUser(t);
    const sockets = await Promise.all([TestSocket.open(t, token), TestSocket.open(t, token)]);
    await Promise.all(sockets.map((socket) => socket.subscribe('me', 'user')));
    await t.app.close();
    for (const socket of sockets) {
      expect(await socket.closed).toEqual({ code: CLOSE_CODES.goingAway, reason: REALTIME_MESSAGES.goingAway });
    }
  });

  it('terminates a socket that stops answering pings, and keeps one that answers', async () => {
    // Long enough that a busy test machine still answers in time, short enough to wait for.
    t = await startTestApp({ realtime: { heartbeatMs: 250 } });
    const { token } = await createUser(t);
    const healthy = await TestSocket.open(t, token);
    // A client whose pongs never come: what a phone that lost its network looks like.
    const dead = await TestSocket.open(t, token, { autoPong: false });

    // 1006: the server dropped the connection without a close handshake.
    expect((await dead.closed).code).toBe(1006);
    expect((await healthy.subscribe('me', 'user')).type).toBe('snapshot');
    healthy.close();
  });

  it('drops a client that stops reading at once, its backlog with it, instead of buffering without end', async () => {
    t = await startTestApp({ realtime: { maxBufferedBytes: 256 * 1024 } });
    const { token, user } = await createUser(t);
    const listId = await insertList(t, user.id);
    // About 1 MB per snapshot: a dozen of them is more than the kernel's socket buffers hold.
    const now = new Date().toISOString();
    const items = Array.from({ length: 2000 }, (_, i) => ({
      id: crypto.randomUUID(),
      list_id: listId,
      content: `${i} ${'x'.repeat(450)}`,
      is_completed: false,
      position: i,
      properties: '{}',
      images: null,
      created_by: null,
      created_at: now,
      updated_at: now,
    }));
    await insertItems(t.database.db, items);

    const slow = await TestSocket.open(t, token);
    // Stop reading at the TCP level, as a phone on a saturated link would.
    (slow.ws as unknown as { _socket: Socket })._socket.pause();
    for (let i = 0; i < 12; i++) slow.send({ type: 'subscribe', id: `s${i}`, topic: 'items', listId });
    // Subscribes of one list are answered in order: once another socket has its answer, the
    // server has tried to send all twelve snapshots to the slow one.
    const witness = await TestSocket.open(t, token);
    expect((await witness.subscribe('w', 'items', { listId })).type).toBe('snapshot');

    // Gone on the server while the client still reads nothing: a close frame would wait behind
    // the backlog until the peer answered it, holding its megabytes for the close timeout (30 s).
    const server = t.app.server;
    await waitUntil(() => new Promise<boolean>((resolve) => server.getConnections((_error, count) => resolve(count === 1))), 'the drop');
    (slow.ws as unknown as { _socket: Socket })._socket.resume();
    expect((await slow.closed).code).toBe(1006);
    // Snapshots come in pages: the slow reader never got all twelve whole.
    expect(slow.messages.filter((m) => m.type === 'snapshot' && !m.more).length).toBeLessThan(12);
    witness.close();
  });
});
