import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SERVER_MESSAGES } from '../../common/messages.ts';
import { castOfList, expectRefused, type Cast } from '../test/lists.ts';
import { useTestApp } from '../test/test-app.ts';

const t = useTestApp();

async function addPendingInvitation(listId: string, sharedBy: string, email = 'later@example.com') {
  await t.database.db
    .insertInto('list_shares')
    .values({
      list_id: listId,
      user_id: null,
      email,
      permission: 'view',
      status: 'pending',
      shared_by: sharedBy,
      created_at: new Date().toISOString(),
    })
    .execute();
  return email;
}

/** For refusals and reads, which change nothing: one list serves them all. */
let shared: Cast;
beforeAll(async () => {
  shared = await castOfList(t);
  await addPendingInvitation(shared.listId, shared.admin.user.id);
});

describe('GET /lists/{id}/shares', () => {
  it('shows the owner and admins every share, pending invitations included', async () => {
    const { owner, admin, viewer, listId } = shared;
    for (const caller of [owner, admin]) {
      const response = await t.request({ method: 'GET', path: `/lists/${listId}/shares`, token: caller.token });
      expect(response.status).toBe(200);
      expect(response.body.shares).toHaveLength(4);
      expect(response.body.shares).toContainEqual({
        list_id: listId,
        user_id: viewer.user.id,
        email: viewer.email,
        permission: 'view',
        status: 'accepted',
        shared_by: owner.email,
        created_at: expect.any(String),
      });
      expect(response.body.shares).toContainEqual(
        expect.objectContaining({ user_id: null, email: 'later@example.com', status: 'pending', shared_by: admin.email }),
      );
    }
  });

  it('refuses edit and view members (403), strangers, unknown ids and visitors', async () => {
    const { editor, viewer, stranger, listId } = shared;
    const get = (token?: string, id = listId) => t.request({ method: 'GET', path: `/lists/${id}/shares`, token });
    expect((await get(editor.token)).body.error.message).toBe(MESSAGES.listForbidden);
    expect((await get(viewer.token)).status).toBe(403);
    expect((await get(stranger.token)).body.error).toEqual({ code: 'not_found', message: MESSAGES.listNotFound });
    expect((await get(editor.token, 'nope')).status).toBe(404);
    expect((await get()).status).toBe(401);
  });
});

describe('PUT /lists/{id}/shares/{userId}', () => {
  it("lets the owner change a member's permission, which the member then has", async () => {
    const { owner, viewer, listId } = await castOfList(t);
    const response = await t.request({
      method: 'PUT',
      path: `/lists/${listId}/shares/${viewer.user.id}`,
      token: owner.token,
      body: { permission: 'edit' },
    });
    expect(response.status).toBe(200);
    expect(response.body.share).toMatchObject({ user_id: viewer.user.id, permission: 'edit', status: 'accepted' });
    const lists = await t.request({ method: 'GET', path: '/lists', token: viewer.token });
    expect(lists.body.lists[0].shareInfo.permission).toBe('edit');
  });

  it('lets an admin promote another member, and change a pending invitation by its address', async () => {
    const { admin, editor, listId } = await castOfList(t);
    const email = await addPendingInvitation(listId, admin.user.id);
    const put = (key: string, permission: string) =>
      t.request({ method: 'PUT', path: `/lists/${listId}/shares/${key}`, token: admin.token, body: { permission } });
    expect((await put(editor.user.id, 'admin')).body.share.permission).toBe('admin');
    const pending = await put(email.toUpperCase(), 'edit');
    expect(pending.status).toBe(200);
    expect(pending.body.share).toMatchObject({ email, user_id: null, status: 'pending', permission: 'edit' });
  });

  it("refuses to touch the owner's access (403), for the owner and an admin alike, named by id or address in any case", async () => {
    const { owner, admin, listId } = shared;
    for (const caller of [owner, admin]) {
      for (const key of [owner.user.id, owner.user.id.toUpperCase(), owner.email, owner.email.toUpperCase()]) {
        const call = () =>
          t.request({ method: 'PUT', path: `/lists/${listId}/shares/${encodeURIComponent(key)}`, token: caller.token, body: { permission: 'view' } });
        await expectRefused(t, listId, call, 403, SERVER_MESSAGES.ownerAccessFixed);
      }
    }
  });

  it.each([
    ['an unknown permission', { permission: 'owner' }, SERVER_MESSAGES.invalidPermission],
    ['no permission', {}, SERVER_MESSAGES.invalidPermission],
    ['a number', { permission: 2 }, SERVER_MESSAGES.invalidPermission],
    ['an unknown field', { permission: 'view', status: 'accepted' }, undefined],
  ])('refuses %s with 400', async (_name, body, message) => {
    const { owner, viewer, listId } = shared;
    const call = () => t.request({ method: 'PUT', path: `/lists/${listId}/shares/${viewer.user.id}`, token: owner.token, body });
    await expectRefused(t, listId, call, 400, message);
  });

  it('answers 404 for a user without a share, 403 to edit and view members, 404 to strangers', async () => {
    const { owner, editor, viewer, stranger, listId } = shared;
    const put = (token: string, userId: string) => () =>
      t.request({ method: 'PUT', path: `/lists/${listId}/shares/${userId}`, token, body: { permission: 'admin' } });
    await expectRefused(t, listId, put(owner.token, stranger.user.id), 404, SERVER_MESSAGES.shareNotFound);
    await expectRefused(t, listId, put(editor.token, editor.user.id), 403, MESSAGES.listForbidden);
    await expectRefused(t, listId, put(viewer.token, viewer.user.id), 403, MESSAGES.listForbidden);
    await expectRefused(t, listId, put(stranger.token, viewer.user.id), 404, MESSAGES.listNotFound);
  });
});

describe('DELETE /lists/{id}/shares/{userId}', () => {
  it("removes a member, who then no longer sees the list; a repeat is 404", async () => {
    const { owner, viewer, listId } = await castOfList(t);
    const remove = () => t.request({ method: 'DELETE', path: `/lists/${listId}/shares/${viewer.user.id}`, token: owner.token });
    expect((await remove()).status).toBe(204);
    expect((await t.request({ method: 'GET', path: '/lists', token: viewer.token })).body.lists).toEqual([]);
    const again = await remove();
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(SERVER_MESSAGES.shareNotFound);
  });

  it('lets an admin remove a member, withdraw an invitation, and leave', async () => {
    const { admin, editor, listId } = await castOfList(t);
    const email = await addPendingInvitation(listId, admin.user.id);
    const remove = (key: string) => t.request({ method: 'DELETE', path: `/lists/${listId}/shares/${key}`, token: admin.token });
    expect((await remove(editor.user.id)).status).toBe(204);
    expect((await remove(email)).status).toBe(204);
    expect((await remove(admin.user.id)).status).toBe(204);
    const left = await t.database.db.selectFrom('list_shares').select('email').where('list_id', '=', listId).execute();
    expect(left).toHaveLength(1);
  });

  it('lets a view or edit member leave, by id or by address: the list leaves their dashboard, the others stay', async () => {
    const { owner, editor, viewer, listId } = await castOfList(t);
    const leave = (token: string, key: string) => t.request({ method: 'DELETE', path: `/lists/${listId}/shares/${key}`, token });
    expect((await leave(viewer.token, viewer.user.id.toUpperCase())).status).toBe(204);
    expect((await leave(editor.token, editor.email.toUpperCase())).status).toBe(204);
    for (const member of [viewer, editor]) {
      expect((await t.request({ method: 'GET', path: '/lists', token: member.token })).body.lists).toEqual([]);
      expect((await t.request({ method: 'GET', path: `/lists/${listId}`, token: member.token })).status).toBe(404);
    }
    // Leaving again: the private list is out of sight now (the client takes a 404 as done).
    const again = await leave(viewer.token, viewer.user.id);
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(MESSAGES.listNotFound);
    const remaining = await t.request({ method: 'GET', path: `/lists/${listId}/shares`, token: owner.token });
    expect(remaining.body.shares.map((share: { email: string }) => share.email)).not.toContain(viewer.email);
    expect(remaining.body.shares.map((share: { email: string }) => share.email)).not.toContain(editor.email);
  });

  it('a reader of a public list who never joined has nothing to leave', async () => {
    const { stranger, listId } = await castOfList(t, { visibility: 'public', public_editable: true });
    const leave = () => t.request({ method: 'DELETE', path: `/lists/${listId}/shares/${stranger.user.id}`, token: stranger.token });
    await expectRefused(t, listId, leave, 404, SERVER_MESSAGES.shareNotFound);
  });

  it("refuses to remove the owner, and refuses members without manage rights; nothing changes", async () => {
    const { owner, admin, editor, viewer, stranger, listId } = shared;
    const remove = (token: string, userId: string, id = listId) => () =>
      t.request({ method: 'DELETE', path: `/lists/${id}/shares/${userId}`, token });
    await expectRefused(t, listId, remove(admin.token, owner.user.id), 403, SERVER_MESSAGES.ownerAccessFixed);
    await expectRefused(t, listId, remove(admin.token, encodeURIComponent(owner.email)), 403, SERVER_MESSAGES.ownerAccessFixed);
    await expectRefused(t, listId, remove(owner.token, owner.user.id), 403, SERVER_MESSAGES.ownerCannotLeave);
    await expectRefused(t, listId, remove(owner.token, owner.email), 403, SERVER_MESSAGES.ownerCannotLeave);
    await expectRefused(t, listId, remove(editor.token, viewer.user.id), 403, MESSAGES.listForbidden);
    await expectRefused(t, listId, remove(viewer.token, editor.user.id), 403, MESSAGES.listForbidden);
    await expectRefused(t, listId, remove(stranger.token, viewer.user.id), 404, MESSAGES.listNotFound);
    await expectRefused(t, listId, remove(owner.token, stranger.user.id), 404, SERVER_MESSAGES.shareNotFound);
    await expectRefused(t, listId, remove(owner.token, viewer.user.id, 'no-such-list'), 404, MESSAGES.listNotFound);
  });
});
