import { afterEach, describe, expect, it } from 'vitest';
import { CLOSE_CODES, REALTIME_MESSAGES } from '../../common/realtime.ts';
import { createUser } from '../test/factories.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { TestSocket } from './live-test-helpers.ts';

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
});
