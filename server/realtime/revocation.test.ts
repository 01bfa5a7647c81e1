import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../common/realtime.ts';
import { castOfList } from '../test/lists.ts';
import { createUser } from '../test/factories.ts';
import { insertList } from '../test/list-factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { TestSocket, call } from '../test/live.ts';

/**
 * Authorisation stays true after subscribe: whoever loses access gets one error and then nothing.
 * "Nothing" is proved without waiting on a clock: a witness who keeps access receives the later
 * changes (the hub fans a batch out to every socket at once), then the revoked socket answers a
 * fresh subscribe; anything sent to it before that answer would have arrived before it.
 */
const t = useTestApp();

/** Waits until the revoked socket has certainly received everything sent to it so far. */
async function fence(socket: TestSocket): Promise<void> {
  expect((await socket.subscribe(`fence-${socket.messages.length}`, 'user')).type).toBe('snapshot');
}

const after = (messages: ServerMessage[], message: ServerMessage) => messages.slice(messages.indexOf(message) + 1);

describe('a subscriber who loses access', () => {
  it('a removed member gets not_found and receives nothing after removal', async () => {
    const { owner, viewer, listId } = await castOfList(t);
    const witness = await TestSocket.open(t, owner.token);
    const removed = await TestSocket.open(t, viewer.token);
    await witness.subscribe('i', 'items', { listId });
    await witness.subscribe('l', 'lists');
    await removed.subscribe('i', 'items', { listId });
    await removed.subscribe('s', 'shares');

    await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: 'before' });
    await removed.next((m) => m.type === 'change' && m.id === 'i', 'the change before removal');

    await call(t, owner.token, 'DELETE', `/lists/${listId}/shares/${viewer.user.id}`);
    const error = await removed.next((m) => m.type === 'error', 'the revocation');
    expect(error).toMatchObject({ type: 'error', id: 'i', code: 'not_found' });
    await removed.next((m) => m.type === 'change' && m.id === 's' && m.changes[0]!.op === 'removed', 'the list leaving');

    for (const content of ['after 1', 'after 2', 'after 3']) {
      await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content });
    }
    await call(t, owner.token, 'PUT', `/lists/${listId}`, { name: 'Renamed' });
    await witness.next((m) => m.type === 'change' && m.seq === 5, 'the later items');
    await witness.next((m) => m.type === 'change' && m.id === 'l' && (m.changes[0]!.doc as { name: string }).name === 'Renamed', 'the rename');
    await fence(removed);

    const afterRemoval = after(removed.messages, error).filter((m) => 'id' in m && (m.id === 'i' || m.id === 's'));
    expect(afterRemoval).toEqual([
      { type: 'change', id: 's', changes: [{ op: 'removed', doc: { id: listId } }] },
    ]);
    // Its id is free again: the socket forgot the ended subscription.
    expect((await removed.subscribe('i', 'user')).type).toBe('snapshot');
    witness.close();
    removed.close();
  });

  it('an admin downgraded to edit loses the list-shares topic (forbidden) but keeps the items', async () => {
    const { owner, admin, listId } = await castOfList(t);
    const socket = await TestSocket.open(t, admin.token);
    await socket.subscribe('shares', 'list-shares', { listId });
    await socket.subscribe('items', 'items', { listId });
    await call(t, owner.token, 'PUT', `/lists/${listId}/shares/${admin.user.id}`, { permission: 'edit' });
    expect(await socket.next((m) => m.type === 'error', 'the revocation')).toMatchObject({ id: 'shares', code: 'forbidden' });

    const item = await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: 'still here' });
    await call(t, owner.token, 'POST', `/lists/${listId}/shares`, { email: 'x@example.com', permission: 'view' });
    await socket.next((m) => m.type === 'change' && m.id === 'items', 'the item');
    await fence(socket);
    expect(socket.of('shares').filter((m) => m.type === 'change')).toEqual([]);
    expect(socket.state('items').has(item.id)).toBe(true);
    socket.close();
  });

  it('a stranger following a public list gets not_found when it goes private', async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const listId = await insertList(t, owner.user.id, { visibility: 'public' });
    const witness = await TestSocket.open(t, owner.token);
    const socket = await TestSocket.open(t, stranger.token);
    await witness.subscribe('i', 'items', { listId });
    await socket.subscribe('i', 'items', { listId });

    await call(t, owner.token, 'PUT', `/lists/${listId}/visibility`, {
      visibility: 'private',
      public_editable: false,
      allow_link_sharing: false,
    });
    const error = await socket.next((m) => m.type === 'error', 'the revocation');
    expect(error).toMatchObject({ id: 'i', code: 'not_found' });
    await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: 'secret' });
    await witness.next((m) => m.type === 'change' && m.seq === 2, 'the secret item');
    await fence(socket);
    expect(after(socket.messages, error).filter((m) => 'id' in m && m.id === 'i')).toEqual([]);
    witness.close();
    socket.close();
  });

  it('every subscriber of a deleted list gets not_found; list topics see it removed', async () => {
    const { owner, editor, listId } = await castOfList(t);
    const ownerSocket = await TestSocket.open(t, owner.token);
    const editorSocket = await TestSocket.open(t, editor.token);
    await ownerSocket.subscribe('i', 'items', { listId });
    await ownerSocket.subscribe('s', 'list-shares', { listId });
    await ownerSocket.subscribe('l', 'lists');
    await editorSocket.subscribe('i', 'items', { listId });
    await editorSocket.subscribe('s', 'shares');

    await call(t, owner.token, 'DELETE', `/lists/${listId}`);
    for (const [socket, id] of [
      [ownerSocket, 'i'],
      [ownerSocket, 's'],
      [editorSocket, 'i'],
    ] as const) {
      expect(await socket.next((m) => m.type === 'error' && m.id === id, `${id} ends`)).toMatchObject({ code: 'not_found' });
    }
    await ownerSocket.next((m) => m.type === 'change' && m.id === 'l', 'the list leaving');
    await editorSocket.next((m) => m.type === 'change' && m.id === 's', 'the list leaving');
    expect(ownerSocket.state('l').has(listId)).toBe(false);
    expect(editorSocket.state('s').has(listId)).toBe(false);
    // The log keeps the deletion after the list is gone (no foreign key), for clients resuming.
    const log = await t.database.db.selectFrom('list_changes').selectAll().where('list_id', '=', listId).execute();
    expect(log).toEqual([expect.objectContaining({ entity: 'list', op: 'removed', entity_id: listId })]);
    ownerSocket.close();
    editorSocket.close();
  });

  it('a resubscribe after revocation is refused at subscribe time', async () => {
    const { owner, viewer, listId } = await castOfList(t);
    await call(t, owner.token, 'DELETE', `/lists/${listId}/shares/${viewer.user.id}`);
    const socket = await TestSocket.open(t, viewer.token);
    expect(await socket.subscribe('i', 'items', { listId, since: 0 })).toMatchObject({ type: 'error', code: 'not_found' });
    socket.close();
  });
});
