import crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { LIST_NAME_MAX_LENGTH, LISTS_OWNED_MAX } from '../../common/constants.ts';
import { MESSAGES, SERVER_MESSAGES } from '../../common/messages.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { insertList, insertLists } from '../test/list-factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { castOfList, expectRefused, insertItem } from '../test/lists.ts';

const t = useTestApp();

describe('GET /lists', () => {
  it("answers the caller's own lists with their accepted shares, and the lists shared with them", async () => {
    const { owner, admin, viewer, listId } = await castOfList(t, { name: 'Groceries' });
    await t.database.db
      .insertInto('list_shares')
      .values({
        list_id: listId,
        user_id: null,
        email: 'pending@example.com',
        permission: 'edit',
        status: 'pending',
        shared_by: owner.user.id,
        created_at: new Date().toISOString(),
      })
      .execute();

    const mine = await t.request({ method: 'GET', path: '/lists', token: owner.token });
    expect(mine.status).toBe(200);
    expect(mine.body.lists).toHaveLength(1);
    const ownView = mine.body.lists[0];
    expect(ownView).toMatchObject({ id: listId, name: 'Groceries', owner_id: owner.user.id, isOwner: true });
    expect(ownView.shareInfo).toBeUndefined();
    expect(ownView.shares).toHaveLength(3);
    expect(ownView.shares).toContainEqual({ user_id: viewer.user.id, email: viewer.email, permission: 'view' });
    expect(JSON.stringify(ownView)).not.toContain('pending@example.com');

    const theirs = await t.request({ method: 'GET', path: '/lists', token: admin.token });
    expect(theirs.body.lists).toEqual([
      {
        id: listId,
        name: 'Groceries',
        visibility: 'private',
        public_editable: false,
        allow_link_sharing: false,
        custom_prompts: [],
        created_at: expect.any(String),
        updated_at: expect.any(String),
        isOwner: false,
        can: { editItems: true, manageList: true, manageShares: true, deleteList: false, leaveList: true },
        shareInfo: { permission: 'admin', shared_by: owner.email, shared_at: expect.any(String) },
        item_count: 0,
        done_count: 0,
        last_change: null,
      },
    ]);
  });

  it('shows a stranger nothing', async () => {
    const { stranger } = await castOfList(t);
    const response = await t.request({ method: 'GET', path: '/lists', token: stranger.token });
    expect(response.body).toEqual({ lists: [] });
  });

  it('answers newest first, with real booleans and prompts as an array', async () => {
    const user = await createUser(t);
    const older = await t.request({ method: 'POST', path: '/lists', token: user.token, body: { name: 'Older' } });
    t.clock.advance(1000);
    await t.request({ method: 'POST', path: '/lists', token: user.token, body: { name: 'Newer' } });
    await insertList(t, user.user.id, { name: 'Prompts', public_editable: true, custom_prompts: ['Sort it'] });
    const response = await t.request({ method: 'GET', path: '/lists', token: user.token });
    const names = response.body.lists.map((list: { name: string }) => list.name);
    expect(names.indexOf('Newer')).toBeLessThan(names.indexOf('Older'));
    const prompts = response.body.lists.find((list: { name: string }) => list.name === 'Prompts');
    expect(prompts).toMatchObject({ public_editable: true, custom_prompts: ['Sort it'] });
    expect(older.body.list.isOwner).toBe(true);
  });

  it('uses the same number of queries for one list as for twenty', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const countQueries = async () => {
      const spy = vi.spyOn(t.database.db, 'selectFrom');
      const response = await t.request({ method: 'GET', path: '/lists', token: user.token });
      const count = spy.mock.calls.length;
      spy.mockRestore();
      return { count, lists: response.body.lists.length };
    };
    await insertList(t, user.user.id);
    const one = await countQueries();
    for (let i = 0; i < 10; i++) {
      await insertList(t, user.user.id, { shares: [{ userId: other.user.id, email: other.email, permission: 'view' }] });
      await insertList(t, other.user.id, { shares: [{ userId: user.user.id, email: user.email, permission: 'edit' }] });
    }
    const many = await countQueries();
    expect(many.lists).toBe(21);
    expect(one.count).toBeGreaterThan(0);
    expect(many.count).toBe(one.count);
  });

  it('needs a signed-in caller', async () => {
    expect((await t.request({ method: 'GET', path: '/lists' })).status).toBe(401);
  });
});

describe('POST /lists', () => {
  let refused: TestUser | undefined;
  /** One user for the refusals: each checks that the user still owns no list. */
  const creator = async () => (refused ??= await createUser(t));

  it('creates a private list owned by the caller, with a trimmed name', async () => {
    const user = await createUser(t);
    const response = await t.request({ method: 'POST', path: '/lists', token: user.token, body: { name: '  Hardware  ' } });
    expect(response.status).toBe(201);
    expect(response.body.list).toEqual({
      id: expect.any(String),
      name: 'Hardware',
      owner_id: user.user.id,
      visibility: 'private',
      public_editable: false,
      allow_link_sharing: false,
      custom_prompts: [],
      created_at: t.clock.now.toISOString(),
      updated_at: t.clock.now.toISOString(),
      isOwner: true,
      can: { editItems: true, manageList: true, manageShares: true, deleteList: true, leaveList: false },
      shares: [],
      item_count: 0,
      done_count: 0,
      last_change: { by: user.email.split('@')[0], by_me: true, summary: 'created the list', app: null, at: t.clock.now.toISOString() },
    });
    const listed = await t.request({ method: 'GET', path: '/lists', token: user.token });
    expect(listed.body.lists).toEqual([response.body.list]);
  });

  it("takes the client's id, and answers the same list (200) when that id is sent again", async () => {
    const user = await createUser(t);
    const id = crypto.randomUUID();
    const first = await t.request({ method: 'POST', path: '/lists', token: user.token, body: { id, name: 'Offline' } });
    expect(first.status).toBe(201);
    expect(first.body.list).toMatchObject({ id, name: 'Offline', isOwner: true });
    const again = await t.request({ method: 'POST', path: '/lists', token: user.token, body: { id, name: 'Offline' } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await t.database.db.selectFrom('lists').select('id').where('owner_id', '=', user.user.id).execute()).toEqual([{ id }]);
  });

  it("refuses an id that is another account's list (409), in any case, or not a UUID, or the nil or max UUID (400)", async () => {
    const [owner, other] = await Promise.all([createUser(t), createUser(t)]);
    const id = crypto.randomUUID();
    await t.request({ method: 'POST', path: '/lists', token: owner.token, body: { id, name: 'Mine' } });
    for (const same of [id, id.toUpperCase()]) {
      const taken = await t.request({ method: 'POST', path: '/lists', token: other.token, body: { id: same, name: 'Theirs' } });
      expect(taken.status).toBe(409);
      expect(taken.body.error.message).toBe(SERVER_MESSAGES.clientIdTaken);
    }
    for (const bad of ['temp-123', '00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF']) {
      const malformed = await t.request({ method: 'POST', path: '/lists', token: other.token, body: { id: bad, name: 'Theirs' } });
      expect(malformed.status).toBe(400);
      expect(malformed.body.error.message).toBe(SERVER_MESSAGES.invalidClientId);
    }
    expect(await t.database.db.selectFrom('lists').select('id').where('owner_id', '=', other.user.id).execute()).toEqual([]);
    // A path names it in either case too.
    const read = await t.request({ method: 'GET', path: `/lists/${id.toUpperCase()}/items`, token: owner.token });
    expect(read.status).toBe(200);
  });

  it(`accepts a name of ${LIST_NAME_MAX_LENGTH} characters`, async () => {
    const user = await createUser(t);
    const name = 'x'.repeat(LIST_NAME_MAX_LENGTH);
    const response = await t.request({ method: 'POST', path: '/lists', token: user.token, body: { name } });
    expect(response.status).toBe(201);
    expect(response.body.list.name).toBe(name);
  });

  it.each([
    ['an empty name', { name: '' }, SERVER_MESSAGES.listNameRequired],
    ['a blank name', { name: '   ' }, SERVER_MESSAGES.listNameRequired],
    ['a name nobody could see (zero-width spaces, a direction mark)', { name: '\u200b\u200b\u200f' }, SERVER_MESSAGES.listNameRequired],
    ['no name', {}, SERVER_MESSAGES.listNameRequired],
    ['a number', { name: 42 }, SERVER_MESSAGES.listNameRequired],
    ['an over-long name', { name: 'x'.repeat(LIST_NAME_MAX_LENGTH + 1) }, SERVER_MESSAGES.listNameTooLong],
    ['an unknown field', { name: 'ok', owner_id: 'someone-else' }, undefined],
    ['a body that is not JSON', 'not json', SERVER_MESSAGES.invalidJson],
  ])('refuses %s with 400 and creates nothing', async (_name, body, message) => {
    const user = await creator();
    const response = await t.request({
      method: 'POST',
      path: '/lists',
      token: user.token,
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    if (message) expect(response.body.error.message).toBe(message);
    const lists = await t.database.db.selectFrom('lists').select('id').where('owner_id', '=', user.user.id).execute();
    expect(lists).toEqual([]);
  });

  it('needs a signed-in caller', async () => {
    expect((await t.request({ method: 'POST', path: '/lists', body: { name: 'x' } })).status).toBe(401);
  });

  describe(`past ${LISTS_OWNED_MAX} lists`, () => {
    const owned = async (user: TestUser) =>
      (await t.database.db.selectFrom('lists').select('id').where('owner_id', '=', user.user.id).execute()).length;
    const create = (user: TestUser, name = 'One more') => t.request({ method: 'POST', path: '/lists', token: user.token, body: { name } });

    it('refuses one more list with 413, making nothing; lists shared with the caller do not count; a deleted one makes room', async () => {
      const [user, friend] = await Promise.all([createUser(t), createUser(t)]);
      await insertLists(t, user.user.id, LISTS_OWNED_MAX);
      await insertList(t, friend.user.id, { shares: [{ userId: user.user.id, email: user.email, permission: 'edit' }] });
      const refused = await create(user);
      expect(refused.status).toBe(413);
      expect(refused.body.error).toEqual({ code: 'too_large', message: SERVER_MESSAGES.tooManyLists });
      expect(await owned(user)).toBe(LISTS_OWNED_MAX);
      expect((await create(friend)).status).toBe(201);

      const [first] = await t.database.db.selectFrom('lists').select('id').where('owner_id', '=', user.user.id).limit(1).execute();
      expect((await t.request({ method: 'DELETE', path: `/lists/${first!.id}`, token: user.token })).status).toBe(204);
      expect((await create(user)).status).toBe(201);
      expect(await owned(user)).toBe(LISTS_OWNED_MAX);
    });

    it('counts creations sent at once one after the other: the last free place goes to one of them', async () => {
      const user = await createUser(t);
      await insertLists(t, user.user.id, LISTS_OWNED_MAX - 1);
      const answers = await Promise.all(Array.from({ length: 4 }, (_, index) => create(user, `Race ${index}`)));
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 413, 413, 413]);
      expect(await owned(user)).toBe(LISTS_OWNED_MAX);
    });
  });
});

describe('PUT /lists/{id} (rename)', () => {
  it('lets the owner rename, trimmed, and moves updated_at', async () => {
    const { owner, listId } = await castOfList(t);
    t.clock.advance(5000);
    const response = await t.request({ method: 'PUT', path: `/lists/${listId}`, token: owner.token, body: { name: ' Party ' } });
    expect(response.status).toBe(200);
    expect(response.body.list).toMatchObject({ id: listId, name: 'Party', isOwner: true, updated_at: t.clock.now.toISOString() });
    expect(response.body.list.shares).toHaveLength(3);
  });

  it('lets an admin rename, and answers the list as the admin sees it', async () => {
    const { owner, admin, listId } = await castOfList(t);
    const response = await t.request({ method: 'PUT', path: `/lists/${listId}`, token: admin.token, body: { name: 'Renamed' } });
    expect(response.status).toBe(200);
    expect(response.body.list).toMatchObject({ name: 'Renamed', isOwner: false, shareInfo: { permission: 'admin', shared_by: owner.email } });
    expect(response.body.list.shares).toBeUndefined();
  });

  it('refuses edit and view members (403), strangers and unknown ids (404), and bad names (400)', async () => {
    const { editor, viewer, stranger, owner, listId } = await castOfList(t);
    const rename = (token: string, id = listId, body: unknown = { name: 'Nope' }) => () =>
      t.request({ method: 'PUT', path: `/lists/${id}`, token, body });
    await expectRefused(t, listId, rename(editor.token), 403, MESSAGES.listForbidden);
    await expectRefused(t, listId, rename(viewer.token), 403, MESSAGES.listForbidden);
    await expectRefused(t, listId, rename(stranger.token), 404, MESSAGES.listNotFound);
    await expectRefused(t, listId, rename(owner.token, 'no-such-list'), 404, MESSAGES.listNotFound);
    await expectRefused(t, listId, rename(owner.token, listId, { name: ' ' }), 400, SERVER_MESSAGES.listNameRequired);
    await expectRefused(t, listId, rename(owner.token, listId, { name: ['x'] }), 400);
  });
});

describe('PUT /lists/{id} with expected_name (a rename that started from a name)', () => {
  it('is refused (409) when someone renamed the list since, and changes nothing', async () => {
    const { owner, admin, listId } = await castOfList(t);
    const rename = (token: string, body: unknown) => () => t.request({ method: 'PUT', path: `/lists/${listId}`, token, body });
    const seen = (await t.request({ method: 'GET', path: `/lists/${listId}`, token: owner.token })).body.list.name as string;
    expect((await rename(admin.token, { name: 'Party', expected_name: seen })()).status).toBe(200);

    await expectRefused(t, listId, rename(owner.token, { name: 'Picnic', expected_name: seen }), 409, SERVER_MESSAGES.listRenamedMeanwhile('Party'));
    // Both giving it the same name is no conflict, and writes nothing: the list's last change stays the admin's.
    const lastChange = (await t.request({ method: 'GET', path: `/lists/${listId}`, token: owner.token })).body.list.last_change;
    t.clock.advance(5000);
    const same = await rename(owner.token, { name: 'Party', expected_name: seen })();
    expect([same.status, same.body.list.last_change]).toEqual([200, lastChange]);
    const current = await rename(owner.token, { name: 'Picnic', expected_name: 'Party' })();
    expect([current.status, current.body.list.name]).toEqual([200, 'Picnic']);
  });

  it('is compared exactly, and refused when it is not text of a name\'s length (400)', async () => {
    const { owner, listId } = await castOfList(t);
    const rename = (body: unknown) => () => t.request({ method: 'PUT', path: `/lists/${listId}`, token: owner.token, body });
    const seen = (await t.request({ method: 'GET', path: `/lists/${listId}`, token: owner.token })).body.list.name as string;
    await expectRefused(t, listId, rename({ name: 'New', expected_name: ` ${seen}` }), 409);
    for (const expected_name of [5, null, 'x'.repeat(LIST_NAME_MAX_LENGTH + 1)]) {
      await expectRefused(t, listId, rename({ name: 'New', expected_name }), 400, SERVER_MESSAGES.expectedNameInvalid);
    }
  });
});

describe('DELETE /lists/{id}', () => {
  it('deletes the list with its items and shares', async () => {
    const { owner, viewer, listId } = await castOfList(t);
    await insertItem(t, listId);

    const response = await t.request({ method: 'DELETE', path: `/lists/${listId}`, token: owner.token });
    expect(response.status).toBe(204);
    const db = t.database.db;
    for (const table of ['items', 'list_shares'] as const) {
      expect(await db.selectFrom(table).select('list_id').where('list_id', '=', listId).execute()).toEqual([]);
    }
    expect(await db.selectFrom('lists').select('id').where('id', '=', listId).execute()).toEqual([]);
    expect((await t.request({ method: 'GET', path: '/lists', token: viewer.token })).body.lists).toEqual([]);
    // The client's delete helper treats 404 as success: a repeat is harmless.
    expect((await t.request({ method: 'DELETE', path: `/lists/${listId}`, token: owner.token })).status).toBe(404);
  });

  it('is for the owner only: members get 403, strangers and unknown ids 404, and nothing changes', async () => {
    const { admin, editor, viewer, stranger, owner, listId } = await castOfList(t);
    await insertItem(t, listId);
    const remove = (token: string, id = listId) => () => t.request({ method: 'DELETE', path: `/lists/${id}`, token });
    await expectRefused(t, listId, remove(admin.token), 403, MESSAGES.listForbidden);
    await expectRefused(t, listId, remove(editor.token), 403, MESSAGES.listForbidden);
    await expectRefused(t, listId, remove(viewer.token), 403, MESSAGES.listForbidden);
    await expectRefused(t, listId, remove(stranger.token), 404, MESSAGES.listNotFound);
    await expectRefused(t, listId, remove(owner.token, crypto.randomUUID()), 404, MESSAGES.listNotFound);
    expect((await t.request({ method: 'DELETE', path: `/lists/${listId}` })).status).toBe(401);
  });
});
