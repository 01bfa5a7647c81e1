import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SERVER_MESSAGES } from '../../common/messages.ts';
import { castOfList, expectRefused, type Cast } from '../test/lists.ts';
import { confirmAddress, createUser } from '../test/factories.ts';
import { insertList } from '../test/list-factories.ts';
import { useTestApp } from '../test/test-app.ts';

const t = useTestApp();

const sharesOf = (listId: string) =>
  t.database.db.selectFrom('list_shares').selectAll().where('list_id', '=', listId).orderBy('email').execute();

let shared: Cast;
beforeAll(async () => {
  shared = await castOfList(t);
});

describe('POST /lists/{id}/shares: an existing account', () => {
  it('becomes a member at once, without a mail', async () => {
    const { owner, stranger, listId } = await castOfList(t);
    const mailsBefore = t.mails.length;
    const response = await t.request({
      method: 'POST',
      path: `/lists/${listId}/shares`,
      token: owner.token,
      body: { email: ` ${stranger.email.toUpperCase()} `, permission: 'edit' },
    });
    expect(response.status).toBe(201);
    expect(response.body.share).toEqual({
      list_id: listId,
      user_id: stranger.user.id,
      email: stranger.email,
      permission: 'edit',
      status: 'accepted',
      shared_by: owner.email,
      created_at: t.clock.now.toISOString(),
    });
    expect(t.mails).toHaveLength(mailsBefore);
    const lists = await t.request({ method: 'GET', path: '/lists', token: stranger.token });
    expect(lists.body.lists[0]).toMatchObject({ id: listId, shareInfo: { permission: 'edit', shared_by: owner.email } });
  });

  it('that has not proven its address gets a pending share and a mail with the link that proves it', async () => {
    const { owner, listId } = await castOfList(t, { name: 'Attic' });
    const squatter = await createUser(t, { email: 'claimed-first@example.com', verified: false });
    const response = await t.request({
      method: 'POST',
      path: `/lists/${listId}/shares`,
      token: owner.token,
      body: { email: squatter.email, permission: 'admin' },
    });
    expect(response.status).toBe(201);
    expect(response.body.share).toMatchObject({ user_id: null, status: 'pending', permission: 'admin' });
    expect((await t.request({ method: 'GET', path: '/lists', token: squatter.token })).body.lists).toEqual([]);
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe(squatter.email);
    expect(mail.text).toMatch(/http:\/\/listo\.test\/verify-email\?token=/);

    expect((await confirmAddress(t, squatter)).status).toBe(200);
    const lists = await t.request({ method: 'GET', path: '/lists', token: squatter.token });
    expect(lists.body.lists).toEqual([expect.objectContaining({ id: listId, shareInfo: expect.objectContaining({ permission: 'admin' }) })]);
  });

  it("of an existing member only changes the permission (200), without a second row", async () => {
    const { admin, viewer, listId } = await castOfList(t);
    const response = await t.request({
      method: 'POST',
      path: `/lists/${listId}/shares`,
      token: admin.token,
      body: { email: viewer.email, permission: 'admin' },
    });
    expect(response.status).toBe(200);
    expect(response.body.share).toMatchObject({ user_id: viewer.user.id, permission: 'admin', status: 'accepted' });
    expect((await sharesOf(listId)).filter((share) => share.email === viewer.email)).toHaveLength(1);
  });
});

describe('POST /lists/{id}/shares: an address without an account', () => {
  it('gets a pending share and a mail with the join link; only confirming the address grants it', async () => {
    const { owner, listId } = await castOfList(t, { name: 'Camping trip' });
    const response = await t.request({
      method: 'POST',
      path: `/lists/${listId}/shares`,
      token: owner.token,
      body: { email: 'newcomer@example.com', permission: 'edit' },
    });
    expect(response.status).toBe(201);
    expect(response.body.share).toMatchObject({ user_id: null, email: 'newcomer@example.com', status: 'pending', permission: 'edit' });
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe('newcomer@example.com');
    expect(mail.subject).toContain('Camping trip');
    expect(mail.text).toContain(`http://listo.test/join/${listId}`);

    // Whoever registers the address first gets nothing until they prove it is theirs.
    const newcomer = await createUser(t, { email: 'Newcomer@Example.com', verified: false });
    expect((await t.request({ method: 'GET', path: '/lists', token: newcomer.token })).body.lists).toEqual([]);
    expect((await t.request({ method: 'GET', path: `/lists/${listId}/items`, token: newcomer.token })).status).toBe(404);
    expect((await sharesOf(listId)).find((row) => row.email === 'newcomer@example.com')).toMatchObject({ status: 'pending' });

    expect((await confirmAddress(t, newcomer)).status).toBe(200);
    const lists = await t.request({ method: 'GET', path: '/lists', token: newcomer.token });
    expect(lists.body.lists).toEqual([
      expect.objectContaining({ id: listId, isOwner: false, shareInfo: expect.objectContaining({ permission: 'edit' }) }),
    ]);
    const [share] = (await sharesOf(listId)).filter((row) => row.email === 'newcomer@example.com');
    expect(share).toMatchObject({ user_id: newcomer.user.id, status: 'accepted' });
  });

  it('accepts every pending invitation of the address once it is confirmed, and no one else’s', async () => {
    const owner = await createUser(t);
    const first = await insertList(t, owner.user.id, { name: 'One' });
    const second = await insertList(t, owner.user.id, { name: 'Two' });
    for (const [listId, email] of [[first, 'twice@example.com'], [second, 'twice@example.com'], [second, 'other@example.com']]) {
      await t.request({ method: 'POST', path: `/lists/${listId}/shares`, token: owner.token, body: { email, permission: 'view' } });
    }
    const user = await createUser(t, { email: 'twice@example.com', verified: false });
    await confirmAddress(t, user);
    const lists = await t.request({ method: 'GET', path: '/lists', token: user.token });
    expect(lists.body.lists.map((list: { name: string }) => list.name).sort()).toEqual(['One', 'Two']);
    const other = (await sharesOf(second)).find((row) => row.email === 'other@example.com');
    expect(other).toMatchObject({ user_id: null, status: 'pending' });
  });

  it('re-inviting a pending address changes its permission and sends no second mail', async () => {
    const { owner, listId } = await castOfList(t);
    const invite = (permission: string) =>
      t.request({ method: 'POST', path: `/lists/${listId}/shares`, token: owner.token, body: { email: 'again@example.com', permission } });
    expect((await invite('view')).status).toBe(201);
    const mails = t.mails.length;
    const again = await invite('admin');
    expect(again.status).toBe(200);
    expect(again.body.share).toMatchObject({ status: 'pending', permission: 'admin' });
    expect(t.mails).toHaveLength(mails);
  });
});

describe('POST /lists/{id}/shares: refusals change nothing', () => {
  it('refuses to invite the owner (400), by an admin or the owner', async () => {
    const { owner, admin, listId } = shared;
    for (const caller of [owner, admin]) {
      const call = () =>
        t.request({ method: 'POST', path: `/lists/${listId}/shares`, token: caller.token, body: { email: owner.email, permission: 'view' } });
      await expectRefused(t, listId, call, 400, SERVER_MESSAGES.cannotInviteOwner);
    }
  });

  it('refuses edit and view members (403), strangers and unknown lists (404), visitors (401)', async () => {
    const { editor, viewer, stranger, listId } = shared;
    const body = { email: 'someone@example.com', permission: 'view' };
    const invite = (token: string | undefined, id = listId) => () =>
      t.request({ method: 'POST', path: `/lists/${id}/shares`, token, body });
    const mails = t.mails.length;
    await expectRefused(t, listId, invite(editor.token), 403, MESSAGES.listForbidden);
    await expectRefused(t, listId, invite(viewer.token), 403, MESSAGES.listForbidden);
    await expectRefused(t, listId, invite(stranger.token), 404, MESSAGES.listNotFound);
    await expectRefused(t, listId, invite(stranger.token, crypto.randomUUID()), 404, MESSAGES.listNotFound);
    await expectRefused(t, listId, invite(undefined), 401);
    expect(t.mails).toHaveLength(mails);
  });

  it.each([
    ['a malformed address', { email: 'not-an-address', permission: 'view' }, SERVER_MESSAGES.invalidEmail],
    ['no address', { permission: 'view' }, SERVER_MESSAGES.invalidEmail],
    ['an over-long address', { email: `${'a'.repeat(250)}@example.com`, permission: 'view' }, SERVER_MESSAGES.invalidEmail],
    ['an unknown permission', { email: 'x@example.com', permission: 'owner' }, SERVER_MESSAGES.invalidPermission],
    ['no permission', { email: 'x@example.com' }, SERVER_MESSAGES.invalidPermission],
    ['an unknown field', { email: 'x@example.com', permission: 'view', status: 'accepted' }, undefined],
  ])('refuses %s with 400', async (_name, body, message) => {
    const { owner, listId } = shared;
    const call = () => t.request({ method: 'POST', path: `/lists/${listId}/shares`, token: owner.token, body });
    await expectRefused(t, listId, call, 400, message);
  });
});
