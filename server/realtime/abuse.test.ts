import { describe, expect, it } from 'vitest';
import {
  CLOSE_CODES,
  REALTIME_MAX_INVALID_MESSAGES,
  REALTIME_MAX_SOCKETS_PER_USER,
  REALTIME_MESSAGE_BURST,
  REALTIME_MESSAGES,
} from '../../common/realtime.ts';
import { createUser } from '../test/factories.ts';
import { insertList } from '../test/list-factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { TestSocket, call } from '../test/live.ts';

/**
 * A client that floods its socket is closed before it costs anyone else: too many sockets for one
 * user, too many messages, too many invalid ones. Another user keeps being served throughout.
 */
const t = useTestApp();

/** A bystander with a list they follow: proves changes still reach other users. */
async function bystander() {
  const user = await createUser(t);
  const listId = await insertList(t, user.user.id);
  const socket = await TestSocket.open(t, user.token);
  await socket.subscribe('i', 'items', { listId });
  return {
    async stillServed() {
      await call(t, user.token, 'POST', `/lists/${listId}/items`, { content: `tea ${socket.messages.length}` });
      await socket.next((m) => m.type === 'change' && m.id === 'i', 'the bystander’s change', socket.messages.length - 1);
    },
    close: () => socket.close(),
  };
}

describe('limits on live sockets', () => {
  it(`refuses a user's socket past ${REALTIME_MAX_SOCKETS_PER_USER}, and takes a new one once another closes`, async () => {
    const user = await createUser(t);
    const sockets = [];
    for (let i = 0; i < REALTIME_MAX_SOCKETS_PER_USER; i++) sockets.push(await TestSocket.open(t, user.token));
    await Promise.all(sockets.map((socket, i) => socket.subscribe(`u${i}`, 'user')));
    const extra = await TestSocket.open(t, user.token);
    expect(await extra.closed).toEqual({ code: CLOSE_CODES.tooMany, reason: REALTIME_MESSAGES.tooManySockets });
    const other = await createUser(t);
    const theirs = await TestSocket.open(t, other.token);
    expect((await theirs.subscribe('u', 'user')).type).toBe('snapshot');

    sockets[0]!.close();
    await sockets[0]!.closed;
    const again = await TestSocket.open(t, user.token);
    expect((await again.subscribe('u', 'user')).type).toBe('snapshot');
    for (const socket of [...sockets, again, theirs]) socket.close();
  });

  it('closes a socket that sends faster than the message budget; others are served', async () => {
    const watcher = await bystander();
    const flooder = await createUser(t);
    const socket = await TestSocket.open(t, flooder.token);
    for (let i = 0; i < REALTIME_MESSAGE_BURST * 3; i++) socket.send({ type: 'unsubscribe', id: `s${i}` });
    expect(await socket.closed).toEqual({ code: CLOSE_CODES.tooMany, reason: REALTIME_MESSAGES.tooManyMessages });
    await watcher.stillServed();
    watcher.close();
  });

  it(`closes a socket after ${REALTIME_MAX_INVALID_MESSAGES} invalid messages; others are served`, async () => {
    const watcher = await bystander();
    const broken = await createUser(t);
    const socket = await TestSocket.open(t, broken.token);
    for (let i = 0; i <= REALTIME_MAX_INVALID_MESSAGES; i++) socket.send('{"nonsense":');
    expect(await socket.closed).toEqual({ code: CLOSE_CODES.policyViolation, reason: REALTIME_MESSAGES.tooManyInvalid });
    await watcher.stillServed();
    watcher.close();
  });

  it('refuses text a database cannot store, and deep nesting, as invalid messages', async () => {
    const user = await createUser(t);
    const socket = await TestSocket.open(t, user.token);
    socket.send({ type: 'subscribe', id: 'nul', topic: 'items', listId: 'a\u0000b' });
    expect(await socket.next((m) => m.type === 'error', 'the refusal')).toMatchObject({ code: 'invalid_message' });
    socket.send(`${'['.repeat(10_000)}${']'.repeat(10_000)}`);
    expect(await socket.next((m) => m.type === 'error' && m.message === REALTIME_MESSAGES.notJson, 'the second refusal')).toBeTruthy();
    expect((await socket.subscribe('alive', 'user')).type).toBe('snapshot');
    socket.close();
  });
});
