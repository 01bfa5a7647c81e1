import { describe, expect, it } from 'vitest';
import {
  CLOSE_CODES,
  REALTIME_MAX_MESSAGE_BYTES,
  REALTIME_MAX_SUBSCRIPTIONS,
  REALTIME_MESSAGES,
} from '../../common/realtime.ts';
import { createUser } from '../test/factories.ts';
import { insertList } from '../test/list-factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { TestSocket, listen, ticketFor } from '../test/live.ts';

/** What a socket refuses, and that it keeps serving after each refusal. */
describe('a live-subscription socket', () => {
  const t = useTestApp();

  async function openSocket() {
    const owner = await createUser(t);
    return { owner, socket: await TestSocket.open(t, owner.token) };
  }

  /** Proves the socket still answers: a fresh subscription gets its snapshot. */
  async function expectStillServing(socket: TestSocket, id = `alive-${socket.messages.length}`) {
    expect((await socket.subscribe(id, 'user')).type).toBe('snapshot');
  }

  it.each([
    ['text that is not JSON', 'not json', REALTIME_MESSAGES.notJson],
    ['JSON that is not an object', '42', undefined],
    ['an unknown message type', { type: 'shout', id: 'x' }, undefined],
    ['an unknown topic', { type: 'subscribe', id: 'x', topic: 'everything' }, undefined],
    ['an extra field', { type: 'subscribe', id: 'x', topic: 'user', admin: true }, undefined],
    ['a negative since', { type: 'subscribe', id: 'x', topic: 'items', listId: 'l', since: -1 }, undefined],
    ['items without a list', { type: 'subscribe', id: 'x', topic: 'items' }, REALTIME_MESSAGES.needsListId],
    ['user with a list', { type: 'subscribe', id: 'x', topic: 'user', listId: 'l' }, REALTIME_MESSAGES.noListId],
  ])('answers %s with an invalid_message error and keeps serving', async (_name, message, text) => {
    const { socket } = await openSocket();
    socket.send(message);
    const error = await socket.next((m) => m.type === 'error', 'an error');
    expect(error).toMatchObject({ type: 'error', code: 'invalid_message' });
    if (text) expect(error).toMatchObject({ message: text });
    await expectStillServing(socket);
    socket.close();
  });

  it('answers a binary frame with an error', async () => {
    const { socket } = await openSocket();
    socket.ws.send(Buffer.from([1, 2, 3]));
    expect(await socket.next((m) => m.type === 'error', 'an error')).toMatchObject({ code: 'invalid_message' });
    await expectStillServing(socket);
    socket.close();
  });

  it('refuses a second subscription with the same id', async () => {
    const { socket } = await openSocket();
    await socket.subscribe('same', 'user');
    const answer = await socket.subscribe('same', 'lists');
    expect(answer).toEqual({
      type: 'error',
      id: 'same',
      code: 'invalid_message',
      message: REALTIME_MESSAGES.duplicateId,
    });
    socket.close();
  });

  it(`holds at most ${REALTIME_MAX_SUBSCRIPTIONS} subscriptions, and takes more after an unsubscribe`, async () => {
    const { owner, socket } = await openSocket();
    const listId = await insertList(t, owner.user.id);
    const answers = await Promise.all(
      Array.from({ length: REALTIME_MAX_SUBSCRIPTIONS }, (_, i) => socket.subscribe(`s${i}`, 'items', { listId })),
    );
    expect(answers.every((answer) => answer.type === 'snapshot')).toBe(true);

    expect(await socket.subscribe('one-too-many', 'items', { listId })).toEqual({
      type: 'error',
      id: 'one-too-many',
      code: 'too_many_subscriptions',
      message: REALTIME_MESSAGES.tooManySubscriptions,
    });

    socket.send({ type: 'unsubscribe', id: 's0' });
    expect((await socket.subscribe('now-fits', 'items', { listId })).type).toBe('snapshot');
    socket.close();
  });

  it('ignores an unsubscribe of an unknown id', async () => {
    const { socket } = await openSocket();
    socket.send({ type: 'unsubscribe', id: 'never-opened' });
    await expectStillServing(socket);
    expect(socket.messages.filter((m) => m.type === 'error')).toEqual([]);
    socket.close();
  });

  it(`closes the socket with ${CLOSE_CODES.tooLarge} on a message over ${REALTIME_MAX_MESSAGE_BYTES} bytes`, async () => {
    const { socket } = await openSocket();
    await expectStillServing(socket);
    socket.send({ type: 'subscribe', id: 'x'.repeat(REALTIME_MAX_MESSAGE_BYTES), topic: 'user' });
    expect((await socket.closed).code).toBe(CLOSE_CODES.tooLarge);
  });

  it('takes a message of just under the limit (and refuses its content)', async () => {
    const { socket } = await openSocket();
    const padding = 'x'.repeat(REALTIME_MAX_MESSAGE_BYTES - 100);
    socket.send({ type: 'subscribe', id: padding, topic: 'user' });
    expect(await socket.next((m) => m.type === 'error', 'an error')).toMatchObject({ code: 'invalid_message' });
    await expectStillServing(socket);
    socket.close();
  });

  it('serves messages sent before the ticket was checked, in order', async () => {
    const owner = await createUser(t);
    const socket = new TestSocket(`${await listen(t)}?ticket=${await ticketFor(t, owner.token)}`);
    await socket.opened;
    socket.send({ type: 'subscribe', id: 'a', topic: 'user' });
    socket.send({ type: 'subscribe', id: 'b', topic: 'lists' });
    await socket.next((m) => 'id' in m && m.id === 'b', 'answer to b');
    expect(socket.messages.map((m) => [m.type, 'id' in m ? m.id : undefined])).toEqual([
      ['snapshot', 'a'],
      ['snapshot', 'b'],
    ]);
    socket.close();
  });
});
