import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/messages.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { insertList, type ListOverrides } from '../test/list-factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { addItems, itemRows } from '../test/items.ts';

/**
 * Every item route against every role of the permission matrix (docs/architecture.md): the exact
 * status, and on a refusal, that the list's items are exactly as they were.
 */
const t = useTestApp();

type Role = 'owner' | 'admin' | 'edit' | 'view' | 'public-editable' | 'public' | 'stranger' | 'visitor';
const users = {} as Record<'owner' | 'member' | 'stranger', TestUser>;

beforeAll(async () => {
  users.owner = await createUser(t);
  users.member = await createUser(t);
  users.stranger = await createUser(t);
});

/** A list in which the caller has `role`, with two items, and the caller's token. */
async function listFor(role: Role): Promise<{ listId: string; itemIds: string[]; token: string | undefined }> {
  const member = { userId: users.member.user.id, email: users.member.email };
  const overrides: ListOverrides =
    role === 'admin' || role === 'edit' || role === 'view'
      ? { shares: [{ ...member, permission: role }] }
      : role === 'public-editable'
        ? { visibility: 'public', public_editable: true }
        : role === 'public'
          ? { visibility: 'public' }
          : {};
  const listId = await insertList(t, users.owner.user.id, overrides);
  const items = await addItems(t, users.owner.token, listId, ['milk', 'eggs']);
  const token = {
    owner: users.owner.token,
    admin: users.member.token,
    edit: users.member.token,
    view: users.member.token,
    'public-editable': users.stranger.token,
    public: users.stranger.token,
    stranger: users.stranger.token,
    visitor: undefined,
  }[role];
  return { listId, itemIds: items.map((item) => item.id), token };
}

interface Route {
  name: string;
  write: boolean;
  ok: number;
  call: (listId: string, itemIds: string[]) => { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; body?: unknown };
}

const routes: Route[] = [
  { name: 'GET items', write: false, ok: 200, call: (id) => ({ method: 'GET', path: `/lists/${id}/items` }) },
  {
    name: 'POST batch',
    write: true,
    ok: 201,
    call: (id) => ({ method: 'POST', path: `/lists/${id}/items/batch`, body: { items: [{ content: 'bread' }] } }),
  },
  { name: 'POST item', write: true, ok: 201, call: (id) => ({ method: 'POST', path: `/lists/${id}/items`, body: { content: 'bread' } }) },
  {
    name: 'PUT item',
    write: true,
    ok: 200,
    call: (id, items) => ({ method: 'PUT', path: `/lists/${id}/items/${items[0]}`, body: { is_completed: true, content: 'oat milk' } }),
  },
  { name: 'DELETE item', write: true, ok: 204, call: (id, items) => ({ method: 'DELETE', path: `/lists/${id}/items/${items[0]}` }) },
  {
    name: 'PUT order',
    write: true,
    ok: 200,
    call: (id, items) => ({ method: 'PUT', path: `/lists/${id}/items/order`, body: { ids: [...items].reverse() } }),
  },
];

const expected: Record<Role, (route: Route) => number> = {
  owner: (route) => route.ok,
  admin: (route) => route.ok,
  edit: (route) => route.ok,
  'public-editable': (route) => route.ok,
  view: (route) => (route.write ? 403 : route.ok),
  public: (route) => (route.write ? 403 : route.ok),
  stranger: () => 404,
  visitor: () => 401,
};

const cases = (Object.keys(expected) as Role[]).flatMap((role) =>
  routes.map((route) => [role, route.name, expected[role](route), route] as const),
);

describe('item routes by role', () => {
  it.each(cases)('%s: %s answers %i', async (role, _name, status, route) => {
    const { listId, itemIds, token } = await listFor(role);
    const before = await itemRows(t, listId);
    const response = await t.request({ ...route.call(listId, itemIds), token });
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    if (status === 404) expect(response.body.error.message).toBe(MESSAGES.listNotFound);
    if (status === 403) expect(response.body.error.message).toBe(MESSAGES.listForbidden);
    if (status >= 400 || !route.write) expect(await itemRows(t, listId)).toEqual(before);
    else expect(await itemRows(t, listId)).not.toEqual(before);
  });

  it('a pending invitation gives no access', async () => {
    const listId = await insertList(t, users.owner.user.id);
    await t.database.db
      .insertInto('list_shares')
      .values({
        list_id: listId,
        user_id: users.member.user.id,
        email: users.member.email,
        permission: 'edit',
        status: 'pending',
        shared_by: users.owner.user.id,
        created_at: new Date().toISOString(),
      })
      .execute();
    const response = await t.request({ method: 'GET', path: `/lists/${listId}/items`, token: users.member.token });
    expect(response.status).toBe(404);
  });

  it('a signed-in stranger adding to a public editable list is the creator of the item, and sees no author ids', async () => {
    const { listId, token } = await listFor('public-editable');
    const response = await t.request({ method: 'POST', path: `/lists/${listId}/items`, token, body: { content: 'tea' } });
    const [row] = (await t.database.db.selectFrom('items').select(['id', 'created_by']).where('id', '=', response.body.id).execute());
    expect(row!.created_by).toBe(users.stranger.user.id);
    // Not a member: who added an item (an account id) is not theirs to see, on any call.
    const read = await t.request({ method: 'GET', path: `/lists/${listId}/items`, token });
    expect(response.body.created_by).toBeNull();
    expect(read.body.items.map((item: { created_by: unknown }) => item.created_by)).toEqual(read.body.items.map(() => null));
    const ownerView = await t.request({ method: 'GET', path: `/lists/${listId}/items`, token: users.owner.token });
    expect(ownerView.body.items.some((item: { created_by: unknown }) => item.created_by === users.stranger.user.id)).toBe(true);
  });
});
