import { describe, expect, it } from 'vitest';
import { castOfList } from '../test/lists.ts';
import { confirmAddress, createUser } from '../test/factories.ts';
import { insertList } from '../test/list-factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { TestSocket, call } from '../test/live.ts';

/**
 * Each topic: its snapshot equals the REST answer, then every REST write arrives as a change whose
 * document equals the REST answer too ("documents have the same shape as the REST answers").
 */
const t = useTestApp();

describe('the items topic', () => {
  it('answers the items as GET /items does, then each add, update and delete, with growing seqs', async () => {
    const { owner, editor, listId } = await castOfList(t);
    await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: 'milk' });
    const socket = await TestSocket.open(t, editor.token);

    const snapshot = await socket.subscribe('i', 'items', { listId });
    const rest = await call(t, editor.token, 'GET', `/lists/${listId}/items`);
    expect(snapshot).toEqual({ type: 'snapshot', id: 'i', docs: rest.items, seq: 1 });

    const added = await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: 'eggs' });
    const { additionalItems: _a, warnings: _w, ...addedItem } = added;
    expect(await socket.next((m) => m.type === 'change', 'the add')).toEqual({
      type: 'change',
      id: 'i',
      changes: [{ op: 'added', doc: addedItem }],
      seq: 2,
    });

    const updated = await call(t, owner.token, 'PUT', `/lists/${listId}/items/${added.id}`, { is_completed: true });
    // Else a loaded hub may read both rows in one batch and send just the removal (collapse).
    await socket.next((m) => m.type === 'change' && m.seq === 3, 'the update');
    await call(t, owner.token, 'DELETE', `/lists/${listId}/items/${added.id}`);
    await socket.next((m) => m.type === 'change' && m.seq === 4, 'the delete');
    expect(socket.of('i').slice(2)).toEqual([
      { type: 'change', id: 'i', changes: [{ op: 'modified', doc: updated }], seq: 3 },
      { type: 'change', id: 'i', changes: [{ op: 'removed', doc: { id: added.id } }], seq: 4 },
    ]);
    socket.close();
  });

  it('takes a list id in either case, as a URL does', async () => {
    const { owner, listId } = await castOfList(t);
    const socket = await TestSocket.open(t, owner.token);
    expect(await socket.subscribe('i', 'items', { listId: listId.toUpperCase() })).toMatchObject({ type: 'snapshot', seq: 0 });
    socket.close();
  });

  it('sends a batch as one change, and a reorder as the new positions', async () => {
    const { owner, listId } = await castOfList(t);
    const socket = await TestSocket.open(t, owner.token);
    await socket.subscribe('i', 'items', { listId });

    const batch = await call(t, owner.token, 'POST', `/lists/${listId}/items/batch`, {
      items: [{ content: 'apples' }, { content: 'pears' }, { content: 'plums' }],
    });
    const change = await socket.next((m) => m.type === 'change', 'the batch');
    expect(change).toEqual({
      type: 'change',
      id: 'i',
      changes: batch.results.map((doc: unknown) => ({ op: 'added', doc })),
      seq: 3,
    });

    const ids = batch.results.map((item: { id: string }) => item.id).reverse();
    const reordered = await call(t, owner.token, 'PUT', `/lists/${listId}/items/order`, { ids });
    await socket.next((m) => m.type === 'change' && m.seq === 6, 'the reorder');
    expect([...socket.state('i').values()].sort((a, b) => (a as { position: number }).position - (b as { position: number }).position)).toEqual(
      reordered.items,
    );
    socket.close();
  });

  it('serves a public list to any signed-in stranger, and refuses a private one as not found', async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const publicList = await insertList(t, owner.user.id, { visibility: 'public' });
    const privateList = await insertList(t, owner.user.id);
    const socket = await TestSocket.open(t, stranger.token);
    expect(await socket.subscribe('pub', 'items', { listId: publicList })).toMatchObject({ type: 'snapshot', docs: [] });
    expect(await socket.subscribe('priv', 'items', { listId: privateList })).toMatchObject({
      type: 'error',
      id: 'priv',
      code: 'not_found',
    });
    expect(await socket.subscribe('none', 'items', { listId: 'no-such-list' })).toMatchObject({ code: 'not_found' });
    socket.close();
  });
});

describe('the list-shares topic', () => {
  it('is for the owner and admins; members who may not manage shares are refused', async () => {
    const { admin, editor, viewer, listId } = await castOfList(t);
    for (const [member, code] of [
      [editor, 'forbidden'],
      [viewer, 'forbidden'],
    ] as const) {
      const socket = await TestSocket.open(t, member.token);
      expect(await socket.subscribe('s', 'list-shares', { listId })).toMatchObject({ type: 'error', code });
      socket.close();
    }
    const socket = await TestSocket.open(t, admin.token);
    const rest = await call(t, admin.token, 'GET', `/lists/${listId}/shares`);
    expect(await socket.subscribe('s', 'list-shares', { listId })).toEqual({
      type: 'snapshot',
      id: 's',
      docs: rest.shares,
      seq: 0,
    });
    socket.close();
  });

  it('sends invitations, permission changes and removals as the share answers', async () => {
    const { owner, viewer, listId } = await castOfList(t);
    const socket = await TestSocket.open(t, owner.token);
    await socket.subscribe('s', 'list-shares', { listId });

    const invited = await call(t, owner.token, 'POST', `/lists/${listId}/shares`, { email: 'new@example.com', permission: 'edit' });
    const changed = await call(t, owner.token, 'PUT', `/lists/${listId}/shares/${viewer.user.id}`, { permission: 'edit' });
    await call(t, owner.token, 'DELETE', `/lists/${listId}/shares/new@example.com`);
    await socket.next((m) => m.type === 'change' && m.seq === 3, 'the removal');
    expect(socket.changesOf('s')).toEqual([
      { op: 'added', doc: invited.share },
      { op: 'modified', doc: changed.share },
      { op: 'removed', doc: { list_id: listId, email: 'new@example.com' } },
    ]);
    expect([...socket.state('s').values()]).toEqual((await call(t, owner.token, 'GET', `/lists/${listId}/shares`)).shares);
    socket.close();
  });
});

describe('the lists and shares topics', () => {
  it("follow the caller's own lists and the lists shared with them, as GET /lists shows them", async () => {
    const owner = await createUser(t);
    const member = await createUser(t);
    const ownerSocket = await TestSocket.open(t, owner.token);
    const memberSocket = await TestSocket.open(t, member.token);
    expect(await ownerSocket.subscribe('l', 'lists')).toEqual({ type: 'snapshot', id: 'l', docs: [] });
    expect(await memberSocket.subscribe('s', 'shares')).toEqual({ type: 'snapshot', id: 's', docs: [] });

    const { list } = await call(t, owner.token, 'POST', '/lists', { name: 'Camping' });
    await ownerSocket.next((m) => m.type === 'change', 'the new list');
    await call(t, owner.token, 'POST', `/lists/${list.id}/shares`, { email: member.email, permission: 'view' });
    await memberSocket.next((m) => m.type === 'change', 'the shared list');
    await call(t, owner.token, 'PUT', `/lists/${list.id}`, { name: 'Camping trip' });
    await memberSocket.next((m) => m.type === 'change' && m.changes[0]!.op === 'modified', 'the rename');
    await ownerSocket.next((m) => m.type === 'change' && m.changes.some((c) => (c.doc as { name: string }).name === 'Camping trip'), 'the rename');

    const ownerRest = (await call(t, owner.token, 'GET', '/lists')).lists;
    const memberRest = (await call(t, member.token, 'GET', '/lists')).lists;
    expect([...ownerSocket.state('l').values()]).toEqual(ownerRest);
    expect([...memberSocket.state('s').values()]).toEqual(memberRest);
    expect(ownerSocket.changesOf('l').map((c) => c.op)).toEqual(['added', 'modified', 'modified']);
    expect(memberSocket.changesOf('s').map((c) => c.op)).toEqual(['added', 'modified']);

    // A fresh subscription's snapshot is the same state.
    expect((await ownerSocket.subscribe('l2', 'lists')).type).toBe('snapshot');
    expect([...ownerSocket.state('l2').values()]).toEqual(ownerRest);
    expect((await memberSocket.subscribe('s2', 'shares')).type).toBe('snapshot');
    expect([...memberSocket.state('s2').values()]).toEqual(memberRest);

    await call(t, owner.token, 'DELETE', `/lists/${list.id}`);
    await ownerSocket.next((m) => m.type === 'change' && m.id === 'l' && m.changes[0]!.op === 'removed', 'the deletion');
    await memberSocket.next((m) => m.type === 'change' && m.id === 's' && m.changes[0]!.op === 'removed', 'the deletion');
    expect(ownerSocket.state('l').size).toBe(0);
    expect(memberSocket.state('s').size).toBe(0);
    ownerSocket.close();
    memberSocket.close();
  });

  it('adds a list joined by its link to the shares topic', async () => {
    const owner = await createUser(t);
    const joiner = await createUser(t);
    const listId = await insertList(t, owner.user.id, { allow_link_sharing: true });
    const socket = await TestSocket.open(t, joiner.token);
    await socket.subscribe('s', 'shares');
    const { list } = await call(t, joiner.token, 'POST', `/lists/${listId}/join`);
    expect(await socket.next((m) => m.type === 'change', 'the joined list')).toEqual({
      type: 'change',
      id: 's',
      changes: [{ op: 'added', doc: list }],
    });
    socket.close();
  });

  it('adds the lists an invitation waited with when the invitee confirms the address', async () => {
    const owner = await createUser(t);
    const listId = await insertList(t, owner.user.id);
    const email = `later-${listId.slice(0, 8)}@example.com`;
    const socket = await TestSocket.open(t, owner.token);
    await socket.subscribe('s', 'list-shares', { listId });
    await call(t, owner.token, 'POST', `/lists/${listId}/shares`, { email, permission: 'edit' });
    await socket.next((m) => m.type === 'change', 'the invitation');
    const invitee = await createUser(t, { email, verified: false });
    await confirmAddress(t, invitee);
    const change = await socket.next((m) => m.type === 'change' && m.seq === 2, 'the acceptance');
    expect(change).toMatchObject({
      changes: [{ op: 'modified', doc: { email, user_id: invitee.user.id, status: 'accepted', permission: 'edit' } }],
    });
    socket.close();
  });
});

describe('the user topic', () => {
  it("answers the caller's record and its changes", async () => {
    const { token, user } = await createUser(t, { first_name: 'Ada' });
    const socket = await TestSocket.open(t, token);
    expect(await socket.subscribe('me', 'user')).toEqual({ type: 'snapshot', id: 'me', docs: [user] });
    const { user: renamed } = await call(t, token, 'PUT', '/auth/profile', { first_name: 'Grace' });
    expect(await socket.next((m) => m.type === 'change', 'the rename')).toEqual({
      type: 'change',
      id: 'me',
      changes: [{ op: 'modified', doc: renamed }],
    });
    socket.close();
  });

  it('sends the record again, unchanged, whenever an invitation waiting for the account’s address comes, changes, is withdrawn or goes with its list', async () => {
    const alice = await createUser(t, { first_name: 'Alice' });
    const bob = await createUser(t, { verified: false });
    const listId = await insertList(t, alice.user.id);
    const socket = await TestSocket.open(t, bob.token);
    await socket.subscribe('me', 'user');
    const share = `/lists/${listId}/shares/${encodeURIComponent(bob.email)}`;
    const resentAfter = async (what: string, write: () => Promise<unknown>) => {
      const from = socket.messages.length;
      await write();
      expect(await socket.next((m) => m.type === 'change' && m.id === 'me', what, from)).toEqual({
        type: 'change',
        id: 'me',
        changes: [{ op: 'modified', doc: bob.user }],
      });
    };
    await resentAfter('the invitation', () => call(t, alice.token, 'POST', `/lists/${listId}/shares`, { email: bob.email, permission: 'view' }));
    await resentAfter('its new permission', () => call(t, alice.token, 'PUT', share, { permission: 'edit' }));
    await resentAfter('its withdrawal', () => call(t, alice.token, 'DELETE', share));
    await resentAfter('the invitation again', () => call(t, alice.token, 'POST', `/lists/${listId}/shares`, { email: bob.email, permission: 'view' }));
    await resentAfter('the deletion of its list', () => call(t, alice.token, 'DELETE', `/lists/${listId}`));
    socket.close();
  });
});
