import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/messages.ts';
import type { ListCan } from '../../common/schemas/lists.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { insertList, type ListOverrides } from '../test/list-factories.ts';
import { useTestApp } from '../test/test-app.ts';

/**
 * The client shows the controls the server's `can` allows, and nothing else; so `can` must say
 * exactly what the routes then do. Each case reads the list with GET /lists/{id} and then tries
 * every action, and the two must agree.
 */
const t = useTestApp();

type Case = [name: string, list: ListOverrides, permission: 'admin' | 'edit' | 'view' | undefined, can: ListCan];

const none: ListCan = { editItems: false, manageList: false, manageShares: false, deleteList: false, leaveList: false };
const CASES: Case[] = [
  ['an admin member', {}, 'admin', { editItems: true, manageList: true, manageShares: true, deleteList: false, leaveList: true }],
  ['an edit member', {}, 'edit', { ...none, editItems: true, leaveList: true }],
  ['a view member', {}, 'view', { ...none, leaveList: true }],
  ['a view member of a public editable list', { visibility: 'public', public_editable: true }, 'view', { ...none, leaveList: true }],
  ['a signed-in reader of a public editable list', { visibility: 'public', public_editable: true }, undefined, { ...none, editItems: true }],
  ['a signed-in reader of a public list', { visibility: 'public' }, undefined, none],
];

/** What each action actually answers for the caller: allowed when 2xx. Leaving comes last: it ends the membership. */
async function tryEverything(listId: string, { token, user }: TestUser): Promise<ListCan> {
  const ok = (status: number) => status >= 200 && status < 300;
  const add = await t.request({ method: 'POST', path: `/lists/${listId}/items`, token, body: { content: `tea ${crypto.randomUUID()}` } });
  const rename = await t.request({ method: 'PUT', path: `/lists/${listId}`, token, body: { name: 'Renamed' } });
  const shares = await t.request({ method: 'GET', path: `/lists/${listId}/shares`, token });
  const remove = await t.request({ method: 'DELETE', path: `/lists/${listId}`, token });
  const leave = await t.request({ method: 'DELETE', path: `/lists/${listId}/shares/${user.id}`, token });
  return {
    editItems: ok(add.status),
    manageList: ok(rename.status),
    manageShares: ok(shares.status),
    deleteList: ok(remove.status),
    leaveList: ok(leave.status),
  };
}

describe('GET /lists/{id} and its `can`', () => {
  it.each(CASES)('%s: can says what the routes do', async (_name, list, permission, expected) => {
    const [owner, caller] = await Promise.all([createUser(t), createUser(t)]);
    const shares = permission ? [{ userId: caller.user.id, email: caller.email, permission }] : [];
    const listId = await insertList(t, owner.user.id, { ...list, shares });
    const response = await t.request({ method: 'GET', path: `/lists/${listId}`, token: caller.token });
    expect(response.status).toBe(200);
    expect(response.body.list).toMatchObject({ id: listId, isOwner: false, can: expected });
    expect(response.body.list.owner_id).toBeUndefined();
    expect(await tryEverything(listId, caller)).toEqual(expected);
  });

  it('the owner may do everything but leave', async () => {
    const owner: TestUser = await createUser(t);
    const listId = await insertList(t, owner.user.id);
    const response = await t.request({ method: 'GET', path: `/lists/${listId}`, token: owner.token });
    const everythingButLeave = { editItems: true, manageList: true, manageShares: true, deleteList: true, leaveList: false };
    expect(response.body.list).toMatchObject({ isOwner: true, owner_id: owner.user.id, can: everythingButLeave });
    expect(await tryEverything(listId, owner)).toEqual(everythingButLeave);
  });

  it('is 404 for a stranger on a private list and for an unknown id, 401 without a sign-in', async () => {
    const [owner, stranger] = await Promise.all([createUser(t), createUser(t)]);
    const listId = await insertList(t, owner.user.id);
    for (const id of [listId, crypto.randomUUID()]) {
      const response = await t.request({ method: 'GET', path: `/lists/${id}`, token: stranger.token });
      expect(response.status).toBe(404);
      expect(response.body.error.message).toBe(MESSAGES.listNotFound);
    }
    expect((await t.request({ method: 'GET', path: `/lists/${listId}` })).status).toBe(401);
  });
});
