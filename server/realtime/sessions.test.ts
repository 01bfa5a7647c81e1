import { describe, expect, it } from 'vitest';
import { CLOSE_CODES, REALTIME_MESSAGES } from '../../common/realtime.ts';
import { changePassword, createUser, type TestUser } from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { TestSocket, listen, ticketFor } from '../test/live.ts';

/**
 * A live socket belongs to the session that asked for its ticket: sign-out, a password change or a
 * reset ends sessions, and every socket of an ended session closes with `sessionEnded`, at once
 * (the bus tells every process; the heartbeat is only the backstop). A ticket of an ended session
 * opens nothing.
 */
const t = useTestApp();

/**
 * The close of a socket, within a second of the answer to the action that ended its session (the
 * heartbeat would take 30 s). Counted from the answer: the action's own password hashing can take a
 * second on a busy machine. A socket closed before the answer has its close at once.
 */
function closedWithinASecond(socket: TestSocket) {
  return Promise.race([
    socket.closed,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the socket stayed open for a second')), 1000)),
  ]);
}

const sessionEnded = { code: CLOSE_CODES.sessionEnded, reason: REALTIME_MESSAGES.sessionEnded };
const login = async (user: TestUser) =>
  (await t.request({ method: 'POST', path: '/auth/login', body: { email: user.email, password: user.password } })).body.token as string;

describe('a socket of a session that ends', () => {
  it('closes on sign-out; the same user’s other sessions keep theirs', async () => {
    const user = await createUser(t);
    const phone = await login(user);
    const laptopSocket = await TestSocket.open(t, user.token);
    const phoneSocket = await TestSocket.open(t, phone);
    await laptopSocket.subscribe('u', 'user');
    await phoneSocket.subscribe('u', 'user');

    expect((await t.request({ method: 'POST', path: '/auth/logout', token: user.token })).status).toBe(204);
    expect(await closedWithinASecond(laptopSocket)).toEqual(sessionEnded);
    // Still served: answers a fresh subscription.
    expect((await phoneSocket.subscribe('again', 'lists')).type).toBe('snapshot');
    phoneSocket.close();
  });

  it('closes on a password change, for every other session but not the one that changed it', async () => {
    const user = await createUser(t, { password: 'old-password' });
    const other = await login({ ...user, password: 'old-password' });
    const here = await TestSocket.open(t, user.token);
    const there = await TestSocket.open(t, other);
    const change = await changePassword(t, user, 'new-password');
    expect(change.status).toBe(204);
    expect(await closedWithinASecond(there)).toEqual(sessionEnded);
    expect((await here.subscribe('still', 'user')).type).toBe('snapshot');
    here.close();
  });

  it('closes on a password reset, every session', async () => {
    const user = await createUser(t);
    const socket = await TestSocket.open(t, user.token);
    await t.request({ method: 'POST', path: '/auth/password-reset', body: { email: user.email } });
    await t.settle();
    const token = t.mails.findLast((mail) => mail.to === user.email)!.text.match(/token=(\S+)/)![1]!;
    const reset = await t.request({
      method: 'POST',
      path: '/auth/password-reset/confirm',
      body: { token: decodeURIComponent(token), newPassword: 'brand-new-password' },
    });
    expect(reset.status).toBe(200);
    expect(await closedWithinASecond(socket)).toEqual(sessionEnded);
  });

  it('cannot open with a ticket issued before sign-out', async () => {
    const user = await createUser(t);
    const ticket = await ticketFor(t, user.token);
    await t.request({ method: 'POST', path: '/auth/logout', token: user.token });
    const socket = new TestSocket(`${await listen(t)}?ticket=${encodeURIComponent(ticket)}`);
    expect(await socket.closed).toEqual({ code: CLOSE_CODES.badTicket, reason: REALTIME_MESSAGES.badTicket });
  });

  it('stays open across a token refresh: the session goes on under its new token', async () => {
    const user = await createUser(t);
    const socket = await TestSocket.open(t, user.token);
    const refreshed = await t.request({ method: 'POST', path: '/auth/refresh', token: user.token });
    expect(refreshed.status).toBe(200);
    expect((await t.request({ method: 'GET', path: '/auth/me', token: user.token })).status).toBe(401);
    expect((await socket.subscribe('after-refresh', 'user')).type).toBe('snapshot');
    socket.close();
  });
});

describe('the heartbeat', () => {
  const short = useTestApp({ realtime: { heartbeatMs: 50 } });

  it('closes a socket whose session expired, with no sign-out to announce it', async () => {
    const user = await createUser(short);
    const socket = await TestSocket.open(short, user.token);
    await short.database.db.updateTable('sessions').set({ expires_at: new Date(0).toISOString() }).execute();
    expect(await socket.closed).toEqual(sessionEnded);
  });
});
