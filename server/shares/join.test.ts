import { describe, expect, it } from 'vitest';
import { MESSAGES, SERVER_MESSAGES } from '../../common/messages.ts';
import { castOfList, expectNoEmailIn, expectRefused } from '../test/lists.ts';
import { createUser } from '../test/factories.ts';
import { insertList, type ListOverrides } from '../test/list-factories.ts';
import { useTestApp } from '../test/test-app.ts';

const t = useTestApp();

const join = (listId: string, token?: string) => t.request({ method: 'POST', path: `/lists/${listId}/join`, token });
const sharesOf = (listId: string) =>
  t.database.db.selectFrom('list_shares').selectAll().where('list_id', '=', listId).execute();

describe('POST /lists/{id}/join', () => {
  it.each<[string, ListOverrides, string]>([
    ['a public list, as a viewer', { visibility: 'public' }, 'view'],
    ['a public editable list, as an editor', { visibility: 'public', public_editable: true }, 'edit'],
    ['a private list with link sharing, as a viewer', { allow_link_sharing: true }, 'view'],
    ['an editable private list with link sharing, as an editor', { allow_link_sharing: true, public_editable: true }, 'edit'],
  ])('joins %s', async (_name, overrides, permission) => {
    const owner = await createUser(t);
    const visitor = await createUser(t);
    const listId = await insertList(t, owner.user.id, overrides);
    const response = await join(listId, visitor.token);
    expect(response.status).toBe(200);
    expect(response.body.list).toMatchObject({
      id: listId,
      isOwner: false,
      // The member shared the list with themself: nothing about the owner leaks to them.
      shareInfo: { permission, shared_by: null, shared_at: t.clock.now.toISOString() },
    });
    expect(response.body.list.owner_id).toBeUndefined();
    expect(JSON.stringify(response.body)).not.toContain(owner.user.id);
    expectNoEmailIn(response.body);
    const lists = await t.request({ method: 'GET', path: '/lists', token: visitor.token });
    expect(lists.body.lists).toEqual([response.body.list]);
    expect(await sharesOf(listId)).toEqual([
      expect.objectContaining({ user_id: visitor.user.id, email: visitor.email, permission, status: 'accepted' }),
    ]);
  });

  it('is harmless twice, and for the owner', async () => {
    const owner = await createUser(t);
    const visitor = await createUser(t);
    const listId = await insertList(t, owner.user.id, { visibility: 'public' });
    expect((await join(listId, visitor.token)).status).toBe(200);
    expect((await join(listId, visitor.token)).status).toBe(200);
    const own = await join(listId, owner.token);
    expect(own.status).toBe(200);
    expect(own.body.list).toMatchObject({ isOwner: true, shares: [expect.objectContaining({ user_id: visitor.user.id })] });
    expect(await sharesOf(listId)).toHaveLength(1);
  });

  it("keeps an existing member's permission, higher or lower", async () => {
    const { admin, viewer, listId } = await castOfList(t, { visibility: 'public', public_editable: true });
    const before = await sharesOf(listId);
    expect((await join(listId, admin.token)).body.list.shareInfo.permission).toBe('admin');
    expect((await join(listId, viewer.token)).body.list.shareInfo.permission).toBe('view');
    expect(await sharesOf(listId)).toEqual(before);
  });

  // The invitation's mail leads to the join link, whether the list lets others join by it or not.
  const listKinds: [string, ListOverrides][] = [
    ['a public list', { visibility: 'public' }],
    ['a private list without link sharing', {}],
  ];

  it.each(listKinds)('turns a pending invitation of the address into the membership, with the higher permission: %s', async (_kind, overrides) => {
    const owner = await createUser(t);
    const visitor = await createUser(t);
    const listId = await insertList(t, owner.user.id, overrides);
    // As if invited before the address had an account, and the hook had not run.
    await t.database.db
      .insertInto('list_shares')
      .values({
        list_id: listId,
        user_id: null,
        email: visitor.email,
        permission: 'admin',
        status: 'pending',
        shared_by: owner.user.id,
        created_at: new Date().toISOString(),
      })
      .execute();
    const response = await join(listId, visitor.token);
    expect(response.body.list.shareInfo.permission).toBe('admin');
    expect(await sharesOf(listId)).toEqual([expect.objectContaining({ user_id: visitor.user.id, status: 'accepted', permission: 'admin' })]);
  });

  it.each(listKinds)('leaves an invitation to an unproven address alone: 403 saying so, still pending, as the owner made it: %s', async (_kind, overrides) => {
    const owner = await createUser(t);
    const visitor = await createUser(t, { verified: false });
    const listId = await insertList(t, owner.user.id, overrides);
    const invited = await t.request({
      method: 'POST',
      path: `/lists/${listId}/shares`,
      token: owner.token,
      body: { email: visitor.email, permission: 'admin' },
    });
    expect(invited.body.share).toMatchObject({ status: 'pending', permission: 'admin' });
    await expectRefused(t, listId, () => join(listId, visitor.token), 403, SERVER_MESSAGES.confirmEmailToJoin);
    expect(await sharesOf(listId)).toEqual([
      expect.objectContaining({ user_id: null, status: 'pending', permission: 'admin', shared_by: owner.user.id }),
    ]);
  });

  it('refuses a private list without link sharing (403), an unknown id (404) and visitors (401)', async () => {
    const { stranger, listId } = await castOfList(t, { public_editable: true });
    await expectRefused(t, listId, () => join(listId, stranger.token), 403, MESSAGES.listForbidden);
    const unknown = await join(crypto.randomUUID(), stranger.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(MESSAGES.listNotFound);
    await expectRefused(t, listId, () => join(listId), 401);
  });
});

describe('GET /lists/{id}/invitation', () => {
  const invitation = (listId: string, token?: string) =>
    t.request({ method: 'GET', path: `/lists/${listId}/invitation`, token });

  it("answers a public list's name and the owner's first name, and never an address", async () => {
    const owner = await createUser(t, { first_name: 'Olivia' });
    const listId = await insertList(t, owner.user.id, { name: 'Picnic', visibility: 'public' });
    const response = await invitation(listId);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ listId, listName: 'Picnic', sharedBy: 'Olivia', isPublic: true });
    expectNoEmailIn(response.body);
  });

  it('answers a link-shared private list as not public, to visitors and signed-in callers alike', async () => {
    const owner = await createUser(t, { first_name: 'Olivia' });
    const stranger = await createUser(t);
    const listId = await insertList(t, owner.user.id, { name: 'Chores', allow_link_sharing: true });
    const expected = { listId, listName: 'Chores', sharedBy: 'Olivia', isPublic: false };
    expect((await invitation(listId)).body).toEqual(expected);
    expect((await invitation(listId, stranger.token)).body).toEqual(expected);
  });

  it.each([
    ['has no first name', undefined],
    ['has an address as first name', 'olivia@example.com'],
  ])('names a neutral sharer when the owner %s', async (_name, firstName) => {
    const owner = await createUser(t, firstName ? { first_name: firstName } : {});
    const listId = await insertList(t, owner.user.id, { visibility: 'public' });
    const response = await invitation(listId);
    expect(response.body.sharedBy).toBe(SERVER_MESSAGES.anonymousSharer);
    expectNoEmailIn(response.body);
  });

  it('answers 404 for a private list, even to its owner, and for an unknown id', async () => {
    const owner = await createUser(t);
    const listId = await insertList(t, owner.user.id, { public_editable: true });
    for (const response of [await invitation(listId), await invitation(listId, owner.token), await invitation('nope')]) {
      expect(response.status).toBe(404);
      expect(response.body.error.message).toBe(MESSAGES.listNotFound);
    }
  });
});
