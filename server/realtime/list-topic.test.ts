import { describe, expect, it } from 'vitest';
import { REALTIME_MESSAGES, type ServerMessage } from '../../common/realtime.ts';
import { castOfList } from '../test/lists.ts';
import { useTestApp } from '../test/test-app.ts';
import { TestSocket, call } from '../test/live.ts';

/**
 * The `list` topic (decision 033): one list's document as its caller may see it, kept current, for
 * readers whom the `lists` and `shares` topics do not concern. Each socket is checked against a
 * fresh REST read of the same list by the same caller.
 */
const t = useTestApp();

/** A public list with a member of each permission, a stranger (a signed-in reader) and a custom prompt. */
async function publicCast(overrides: { public_editable?: boolean } = {}) {
  return castOfList(t, { visibility: 'public', custom_prompts: ['Sort by aisle'], ...overrides });
}

const restView = async (token: string, listId: string) => (await call(t, token, 'GET', `/lists/${listId}`)).list;
const publicView = async (listId: string) => (await t.request({ method: 'GET', path: `/lists/public/${listId}` })).body.list;

/** Subscribes `list` and answers the one document of its snapshot. */
async function follow(socket: TestSocket, listId: string, id = 'l'): Promise<unknown> {
  const answer = await socket.subscribe(id, 'list', { listId });
  expect(answer).toMatchObject({ type: 'snapshot', id, docs: [expect.anything()] });
  return (answer as Extract<ServerMessage, { type: 'snapshot' }>).docs[0];
}

/** The document a subscription holds now. */
const docOf = (socket: TestSocket, id = 'l') => socket.state(id).values().next().value;

/** The first `list` change of a subscription whose document passes `check`. */
const changed = (socket: TestSocket, check: (doc: Record<string, unknown>) => boolean, what: string) =>
  socket.next((m) => m.type === 'change' && m.id === 'l' && check(m.changes[0]!.doc as Record<string, unknown>), what);

/**
 * Waits until everything the hub sent `socket` about the list so far has arrived: a subscription
 * to the same list is answered on its chain, after every batch before it.
 */
async function fence(socket: TestSocket, listId: string): Promise<void> {
  await socket.subscribe(`fence-${socket.messages.length}`, 'list', { listId });
}

describe('the list topic', () => {
  it('answers each caller what GET /lists/{id} answers them, and an anonymous reader the public view', async () => {
    const { owner, editor, stranger, listId } = await publicCast();
    const sockets = await Promise.all([owner, editor, stranger].map((user) => TestSocket.open(t, user.token)));
    const anonymous = await TestSocket.openPublic(t);

    for (const [socket, user] of [[sockets[0]!, owner], [sockets[1]!, editor], [sockets[2]!, stranger]] as const) {
      expect(await follow(socket, listId)).toEqual(await restView(user.token, listId));
    }
    expect(await follow(sockets[0]!, listId, 'o')).toHaveProperty('shares');
    expect(await follow(sockets[1]!, listId, 'e')).toHaveProperty('shareInfo.permission', 'edit');

    const anonymousDoc = await follow(anonymous, listId);
    expect(anonymousDoc).toEqual(await publicView(listId));
    for (const key of ['owner_id', 'shares', 'shareInfo', 'custom_prompts', 'can', 'last_change']) expect(anonymousDoc).not.toHaveProperty(key);
    for (const socket of [...sockets, anonymous]) socket.close();
  });

  it('sends the renamed list to everyone who follows it, each as they see it', async () => {
    const { owner, editor, stranger, listId } = await publicCast();
    const users = [owner, editor, stranger];
    const sockets = await Promise.all(users.map((user) => TestSocket.open(t, user.token)));
    const anonymous = await TestSocket.openPublic(t);
    for (const socket of [...sockets, anonymous]) await follow(socket, listId);

    await call(t, owner.token, 'PUT', `/lists/${listId}`, { name: 'Picnic' });
    for (const [index, socket] of sockets.entries()) {
      await changed(socket, (doc) => doc.name === 'Picnic', 'the rename');
      expect(docOf(socket)).toEqual(await restView(users[index]!.token, listId));
    }
    await changed(anonymous, (doc) => doc.name === 'Picnic', 'the rename, signed out');
    expect(docOf(anonymous)).toEqual(await publicView(listId));
    for (const socket of [...sockets, anonymous]) socket.close();
  });

  it('tells a signed-in reader at once when the owner turns editing off', async () => {
    const { owner, stranger, listId } = await publicCast({ public_editable: true });
    const socket = await TestSocket.open(t, stranger.token);
    expect(await follow(socket, listId)).toMatchObject({ public_editable: true, can: { editItems: true } });

    await call(t, owner.token, 'PUT', `/lists/${listId}/visibility`, { visibility: 'public', public_editable: false, allow_link_sharing: false });
    await changed(socket, (doc) => doc.public_editable === false, 'editing turned off');
    expect(docOf(socket)).toMatchObject({ can: { editItems: false, manageList: false } });
    socket.close();
  });

  it('sends members their new counts after an item write, and an anonymous reader nothing, since their view did not change', async () => {
    const { owner, editor, listId } = await publicCast();
    const member = await TestSocket.open(t, editor.token);
    const anonymous = await TestSocket.openPublic(t);
    await follow(member, listId);
    await follow(anonymous, listId);

    await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: 'milk' });
    await changed(member, (doc) => doc.item_count === 1, 'the new count');
    expect(docOf(member)).toEqual(await restView(editor.token, listId));
    await fence(anonymous, listId);
    expect(anonymous.of('l').map((m) => m.type)).toEqual(['snapshot']);
    member.close();
    anonymous.close();
  });

  it('ends with not_found for readers when the list is made private, and keeps its members', async () => {
    const { owner, editor, stranger, listId } = await publicCast();
    const member = await TestSocket.open(t, editor.token);
    const reader = await TestSocket.open(t, stranger.token);
    const anonymous = await TestSocket.openPublic(t);
    for (const socket of [member, reader, anonymous]) await follow(socket, listId);

    await call(t, owner.token, 'PUT', `/lists/${listId}/visibility`, { visibility: 'private', public_editable: false, allow_link_sharing: false });
    for (const socket of [reader, anonymous]) {
      expect(await socket.next((m) => m.type === 'error', 'the revocation')).toEqual({
        type: 'error',
        id: 'l',
        code: 'not_found',
        message: REALTIME_MESSAGES.notFound,
      });
    }
    await changed(member, (doc) => doc.visibility === 'private', 'the list made private');
    await call(t, owner.token, 'PUT', `/lists/${listId}`, { name: 'Secret' });
    await changed(member, (doc) => doc.name === 'Secret', 'the rename after');
    for (const socket of [reader, anonymous]) expect(socket.of('l').map((m) => m.type)).toEqual(['snapshot', 'error']);
    expect(member.of('l').some((m) => m.type === 'error')).toBe(false);
    for (const socket of [member, reader, anonymous]) socket.close();
  });

  it('ends with not_found for a member whose share is removed, and for everyone when the list is deleted', async () => {
    const { owner, viewer, listId } = await publicCast();
    await call(t, owner.token, 'PUT', `/lists/${listId}/visibility`, { visibility: 'private', public_editable: false, allow_link_sharing: false });
    const removed = await TestSocket.open(t, viewer.token);
    const ownerSocket = await TestSocket.open(t, owner.token);
    await follow(removed, listId);
    await follow(ownerSocket, listId);

    await call(t, owner.token, 'DELETE', `/lists/${listId}/shares/${viewer.user.id}`);
    expect(await removed.next((m) => m.type === 'error', 'the removal')).toMatchObject({ id: 'l', code: 'not_found' });
    await call(t, owner.token, 'DELETE', `/lists/${listId}`);
    expect(await ownerSocket.next((m) => m.type === 'error', 'the deletion')).toMatchObject({ id: 'l', code: 'not_found' });
    removed.close();
    ownerSocket.close();
  });

  it('answers a resubscribe with `since` by a snapshot of the current document', async () => {
    const { owner, stranger, listId } = await publicCast();
    const first = await TestSocket.open(t, stranger.token);
    await follow(first, listId);
    const seq = first.seqs.get('l')!;
    first.close();
    await call(t, owner.token, 'PUT', `/lists/${listId}`, { name: 'Picnic' });

    const socket = await TestSocket.open(t, stranger.token);
    const answer = await socket.subscribe('l', 'list', { listId, since: seq });
    expect(answer).toEqual({ type: 'snapshot', id: 'l', docs: [await restView(stranger.token, listId)], seq: seq + 1 });
    socket.close();
  });
});
