import { describe, expect, it } from 'vitest';
import { MESSAGES, SERVER_MESSAGES } from '../../common/messages.ts';
import { CLOSE_CODES, REALTIME_MESSAGES } from '../../common/realtime.ts';
import { castOfList, memberShare } from '../test/lists.ts';
import { TestSocket } from '../test/live.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';

const t = useTestApp();

const deleteAccount = (user: TestUser, body: unknown = { currentPassword: user.password }) =>
  t.request({ method: 'DELETE', path: '/auth/account', token: user.token, body });
const userRow = (user: TestUser) => t.database.db.selectFrom('users').select('id').where('id', '=', user.user.id).executeTakeFirst();

describe('DELETE /auth/account', () => {
  it('refuses a wrong or missing password with 400 and changes nothing', async () => {
    const { owner, listId } = await castOfList(t);
    const wrong = await deleteAccount(owner, { currentPassword: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(SERVER_MESSAGES.currentPasswordWrong);
    const missing = await deleteAccount(owner, {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe(MESSAGES.currentPasswordRequired);
    expect(await userRow(owner)).toBeDefined();
    expect((await t.request({ method: 'GET', path: `/lists/${listId}`, token: owner.token })).status).toBe(200);
  });

  it('needs a signed-in caller', async () => {
    const response = await t.request({ method: 'DELETE', path: '/auth/account', body: { currentPassword: 'x' } });
    expect(response.status).toBe(401);
  });

  it("deletes the account with its lists and memberships; what it added to others' lists stays, without an author", async () => {
    const [leaving, friend] = await Promise.all([createUser(t), createUser(t)]);
    // Someone else's list the leaving user is a member of (with the friend), and a list of their own.
    const theirs = await castOfList(t, { shares: [memberShare(friend, 'edit'), memberShare(leaving, 'edit')] });
    const added = await t.request({ method: 'POST', path: `/lists/${theirs.listId}/items`, token: leaving.token, body: { content: 'bread' } });
    expect(added.status).toBe(201);
    const mine = await t.request({ method: 'POST', path: '/lists', token: leaving.token, body: { name: 'Mine' } });
    const mineId: string = mine.body.list.id;
    await t.request({ method: 'POST', path: `/lists/${mineId}/shares`, token: leaving.token, body: { email: friend.email, permission: 'view' } });
    expect((await t.request({ method: 'GET', path: `/lists/${mineId}`, token: friend.token })).status).toBe(200);

    expect((await deleteAccount(leaving)).status).toBe(204);

    expect(await userRow(leaving)).toBeUndefined();
    expect((await t.request({ method: 'GET', path: '/auth/me', token: leaving.token })).status).toBe(401);
    const login = await t.request({ method: 'POST', path: '/auth/login', body: { email: leaving.email, password: leaving.password } });
    expect(login.status).toBe(401);
    // Their list is gone, for the friend it was shared with too.
    expect((await t.request({ method: 'GET', path: `/lists/${mineId}`, token: friend.token })).status).toBe(404);
    expect(await t.database.db.selectFrom('items').select('id').where('list_id', '=', mineId).execute()).toEqual([]);
    // The other list keeps its item, now without an author, and loses only the member.
    const item = await t.database.db.selectFrom('items').select('created_by').where('id', '=', added.body.id).executeTakeFirstOrThrow();
    expect(item.created_by).toBeNull();
    const shares = await t.request({ method: 'GET', path: `/lists/${theirs.listId}/shares`, token: theirs.owner.token });
    expect(shares.body.shares.map((share: { email: string }) => share.email)).not.toContain(leaving.email);
    expect(shares.body.shares.map((share: { email: string }) => share.email)).toContain(friend.email);
    // The address is free again.
    const again = await t.request({ method: 'POST', path: '/auth/register', body: { email: leaving.email, password: 'another-password' } });
    expect(again.status).toBe(201);
  });

  it('tells everyone live: its own sockets close saying why, members see its list go, owners see the member go', async () => {
    const [leaving, member] = await Promise.all([createUser(t), createUser(t)]);
    const theirs = await castOfList(t, { shares: [memberShare(leaving, 'view')] });
    const mine = await t.request({ method: 'POST', path: '/lists', token: leaving.token, body: { name: 'Mine' } });
    await t.request({ method: 'POST', path: `/lists/${mine.body.list.id}/shares`, token: leaving.token, body: { email: member.email, permission: 'view' } });

    const own = await TestSocket.open(t, leaving.token);
    const memberSocket = await TestSocket.open(t, member.token);
    const ownerSocket = await TestSocket.open(t, theirs.owner.token);
    await memberSocket.subscribe('s', 'shares');
    await ownerSocket.subscribe('l', 'lists');

    expect((await deleteAccount(leaving)).status).toBe(204);
    expect(await own.closed).toEqual({ code: CLOSE_CODES.accountDeleted, reason: REALTIME_MESSAGES.accountDeleted });
    await memberSocket.next((m) => m.type === 'change' && m.id === 's' && m.changes[0]!.op === 'removed', 'the list going');
    const change = await ownerSocket.next((m) => m.type === 'change' && m.id === 'l', "the list's shares changing");
    expect(JSON.stringify(change)).not.toContain(leaving.email);
    memberSocket.close();
    ownerSocket.close();
  });
});
