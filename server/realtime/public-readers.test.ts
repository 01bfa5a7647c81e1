import { describe, expect, it } from 'vitest';
import {
  CLOSE_CODES,
  REALTIME_MAX_PUBLIC_READERS_PER_ADDRESS,
  REALTIME_MESSAGE_BURST,
  REALTIME_MESSAGES,
  REALTIME_PUBLIC_READER_PARAM,
  type ServerMessage,
} from '../../common/realtime.ts';
import { createUser } from '../test/factories.ts';
import { insertList } from '../test/list-factories.ts';
import { useTestApp, type TestApp } from '../test/test-app.ts';
import { TestSocket, call, listen } from '../test/live.ts';

/**
 * Sockets without a session (`?public=1`): anonymous readers who may follow the items of a public
 * list, as the permission matrix lets anyone read it, and nothing else; capped, since nobody is
 * accountable for them.
 */
const t = useTestApp();

async function publicList(app: TestApp = t) {
  const owner = await createUser(app);
  const listId = await insertList(app, owner.user.id, { visibility: 'public' });
  return { owner, listId };
}

const makePrivate = (token: string, listId: string) =>
  call(t, token, 'PUT', `/lists/${listId}/visibility`, { visibility: 'private', public_editable: false, allow_link_sharing: false });

/** Waits until the socket has certainly received everything sent to it so far (it cannot follow `user`). */
async function fence(socket: TestSocket): Promise<void> {
  const { listId } = await publicList();
  expect((await socket.subscribe(`fence-${socket.messages.length}`, 'items', { listId })).type).toBe('snapshot');
}

const after = (messages: ServerMessage[], message: ServerMessage) => messages.slice(messages.indexOf(message) + 1);

describe('an anonymous reader of a public list', () => {
  it('gets the snapshot and every change, without authors', async () => {
    const { owner, listId } = await publicList();
    const milk = await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: 'milk' });
    const member = await TestSocket.open(t, owner.token);
    const socket = await TestSocket.openPublic(t);
    await member.subscribe('i', 'items', { listId });
    expect(await socket.subscribe('i', 'items', { listId })).toMatchObject({ type: 'snapshot', seq: 1, docs: [{ id: milk.id, created_by: null }] });

    // Each change is awaited before the next: a loaded hub may read several in one batch and fold them.
    const eggs = await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: 'eggs' });
    await socket.next((m) => m.type === 'change' && m.seq === 2, 'the addition');
    await call(t, owner.token, 'PUT', `/lists/${listId}/items/${milk.id}`, { is_completed: true });
    await socket.next((m) => m.type === 'change' && m.seq === 3, 'the update');
    await call(t, owner.token, 'DELETE', `/lists/${listId}/items/${eggs.id}`);
    await socket.next((m) => m.type === 'change' && m.seq === 4, 'the removal');

    expect(socket.changesOf('i').map((change) => change.op)).toEqual(['added', 'modified', 'removed']);
    expect(socket.changesOf('i')[0]!.doc).toMatchObject({ id: eggs.id, content: 'eggs', created_by: null });
    expect([...socket.state('i').values()]).toEqual([expect.objectContaining({ id: milk.id, is_completed: true, created_by: null })]);
    // The member's socket sees the same items, with their author.
    await member.next((m) => m.type === 'change' && m.seq === 4, 'the member’s changes');
    expect([...member.state('i').values()]).toEqual([expect.objectContaining({ id: milk.id, created_by: owner.user.id })]);
    member.close();
    socket.close();
  });

  it('resumes from `since` with only what it missed', async () => {
    const { owner, listId } = await publicList();
    const first = await TestSocket.openPublic(t);
    await first.subscribe('i', 'items', { listId });
    first.close();
    const tea = await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: 'tea' });

    const socket = await TestSocket.openPublic(t);
    expect(await socket.subscribe('i', 'items', { listId, since: 0 })).toEqual({
      type: 'resumed',
      id: 'i',
      seq: 1,
      changes: [{ op: 'added', doc: expect.objectContaining({ id: tea.id, created_by: null }) }],
    });
    socket.close();
  });

  it('is refused a private list and an unknown one', async () => {
    const owner = await createUser(t);
    const privateId = await insertList(t, owner.user.id);
    await call(t, owner.token, 'POST', `/lists/${privateId}/items`, { content: 'secret' });
    const socket = await TestSocket.openPublic(t);
    for (const listId of [privateId, crypto.randomUUID()]) {
      expect(await socket.subscribe(listId, 'items', { listId })).toEqual({
        type: 'error',
        id: listId,
        code: 'not_found',
        message: REALTIME_MESSAGES.notFound,
      });
    }
    socket.close();
  });

  it.each(['lists', 'shares', 'user'] as const)('is refused the account topic %s', async (topic) => {
    const socket = await TestSocket.openPublic(t);
    expect(await socket.subscribe('a', topic)).toEqual({
      type: 'error',
      id: 'a',
      code: 'forbidden',
      message: REALTIME_MESSAGES.signInToFollow,
    });
    socket.close();
  });

  it('is refused the shares of a public list', async () => {
    const { owner, listId } = await publicList();
    await call(t, owner.token, 'POST', `/lists/${listId}/shares`, { email: 'friend@example.com', permission: 'view' });
    const socket = await TestSocket.openPublic(t);
    expect(await socket.subscribe('s', 'list-shares', { listId })).toMatchObject({ type: 'error', code: 'forbidden' });
    await fence(socket);
    expect(socket.of('s')).toHaveLength(1);
    socket.close();
  });

  it.each([
    ['made private', makePrivate],
    ['deleted', (token: string, listId: string) => call(t, token, 'DELETE', `/lists/${listId}`)],
  ])('loses the list when it is %s, and hears nothing of it after', async (_name, end) => {
    const { owner, listId } = await publicList();
    const socket = await TestSocket.openPublic(t);
    await socket.subscribe('i', 'items', { listId });

    await end(owner.token, listId);
    const error = await socket.next((m) => m.type === 'error', 'the revocation');
    expect(error).toEqual({ type: 'error', id: 'i', code: 'not_found', message: REALTIME_MESSAGES.notFound });
    await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: 'secret' }).catch(() => undefined);
    await fence(socket);
    expect(after(socket.messages, error).filter((m) => 'id' in m && m.id === 'i')).toEqual([]);
    socket.close();
  });

  it('spends the same message budget as a signed-in socket', async () => {
    const socket = await TestSocket.openPublic(t);
    for (let i = 0; i < REALTIME_MESSAGE_BURST * 3; i++) socket.send({ type: 'unsubscribe', id: `s${i}` });
    expect(await socket.closed).toEqual({ code: CLOSE_CODES.tooMany, reason: REALTIME_MESSAGES.tooManyMessages });
  });

  it('needs the explicit parameter: no ticket and no `public=1` is still a bad ticket, and a ticket is never ignored', async () => {
    const base = await listen(t);
    for (const query of ['', `?${REALTIME_PUBLIC_READER_PARAM}=0`, `?${REALTIME_PUBLIC_READER_PARAM}=1&ticket=forged`]) {
      const socket = new TestSocket(`${base}${query}`);
      expect(await socket.closed).toEqual({ code: CLOSE_CODES.badTicket, reason: REALTIME_MESSAGES.badTicket });
    }
  });
});

describe('caps on anonymous sockets', () => {
  it(`refuses an address's socket past ${REALTIME_MAX_PUBLIC_READERS_PER_ADDRESS}, and takes one again once another closes`, async () => {
    const { listId } = await publicList();
    const sockets = [];
    for (let i = 0; i < REALTIME_MAX_PUBLIC_READERS_PER_ADDRESS; i++) sockets.push(await TestSocket.openPublic(t));
    await Promise.all(sockets.map((socket) => socket.subscribe('i', 'items', { listId })));

    const extra = await TestSocket.openPublic(t);
    expect(await extra.closed).toEqual({ code: CLOSE_CODES.tooMany, reason: REALTIME_MESSAGES.tooManyPublicReadersHere });
    // Signed-in sockets from the same address do not count against it.
    const user = await createUser(t);
    const signedIn = await TestSocket.open(t, user.token);
    expect((await signedIn.subscribe('u', 'user')).type).toBe('snapshot');

    sockets[0]!.close();
    await sockets[0]!.closed;
    const again = await TestSocket.openPublic(t);
    expect((await again.subscribe('i', 'items', { listId })).type).toBe('snapshot');
    for (const socket of [...sockets, again, signedIn]) socket.close();
  });
});

describe('the cap on anonymous sockets of the whole server', () => {
  const small = useTestApp({ realtime: { maxPublicReaders: 2 } });

  it('refuses a socket past it, whatever its address, and takes one again once another closes', async () => {
    const { listId } = await publicList(small);
    const sockets = [await TestSocket.openPublic(small), await TestSocket.openPublic(small)];
    await Promise.all(sockets.map((socket) => socket.subscribe('i', 'items', { listId })));

    const extra = await TestSocket.openPublic(small);
    expect(await extra.closed).toEqual({ code: CLOSE_CODES.tooMany, reason: REALTIME_MESSAGES.tooManyPublicReaders });

    sockets[0]!.close();
    await sockets[0]!.closed;
    const again = await TestSocket.openPublic(small);
    expect((await again.subscribe('i', 'items', { listId })).type).toBe('snapshot');
    for (const socket of [...sockets, again]) socket.close();
  });
});

describe('the budget of first answers', () => {
  // Each snapshot of the list below is 6 documents: a budget of 10 takes two, then is spent.
  const small = useTestApp({ realtime: { snapshotBudget: { burst: 10, perSecond: 0.001 } } });

  it('closes a socket that keeps asking for snapshots, and the next socket of its address finds the budget spent', async () => {
    const owner = await createUser(small);
    const listId = await insertList(small, owner.user.id, { visibility: 'public' });
    await call(small, owner.token, 'POST', `/lists/${listId}/items/batch`, { items: ['a', 'b', 'c', 'd', 'e', 'f'].map((content) => ({ content })) });

    const socket = await TestSocket.openPublic(small);
    expect(await socket.subscribe('1', 'items', { listId })).toMatchObject({ type: 'snapshot', docs: expect.arrayContaining([expect.anything()]) });
    expect((await socket.subscribe('2', 'items', { listId })).type).toBe('snapshot');
    socket.send({ type: 'subscribe', id: '3', topic: 'items', listId });
    expect(await socket.closed).toEqual({ code: CLOSE_CODES.tooMany, reason: REALTIME_MESSAGES.tooManySnapshots });
    expect(socket.of('3')).toEqual([]);

    const again = await TestSocket.openPublic(small);
    again.send({ type: 'subscribe', id: '1', topic: 'items', listId });
    expect(await again.closed).toEqual({ code: CLOSE_CODES.tooMany, reason: REALTIME_MESSAGES.tooManySnapshots });

    // A user's budget is their own: the owner's socket is served.
    const member = await TestSocket.open(small, owner.token);
    expect((await member.subscribe('1', 'items', { listId })).type).toBe('snapshot');
    member.close();
  });

  it('answers a burst of subscribes one at a time, so the budget stops it after two snapshots, not after all of them', async () => {
    const owner = await createUser(small);
    const listId = await insertList(small, owner.user.id, { visibility: 'public' });
    await call(small, owner.token, 'POST', `/lists/${listId}/items/batch`, { items: ['a', 'b', 'c', 'd', 'e', 'f'].map((content) => ({ content })) });

    // The owner's own budget (the address's was spent above).
    const socket = await TestSocket.open(small, owner.token);
    const ids = Array.from({ length: 20 }, (_, index) => String(index + 1));
    for (const id of ids) socket.send({ type: 'subscribe', id, topic: 'items', listId });
    expect(await socket.closed).toEqual({ code: CLOSE_CODES.tooMany, reason: REALTIME_MESSAGES.tooManySnapshots });
    expect(ids.filter((id) => socket.of(id).some((message) => message.type === 'snapshot'))).toEqual(['1', '2']);
  });
});
