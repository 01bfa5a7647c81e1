import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SharePermission } from '../db/schema.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { insertList, type ListOverrides } from '../test/list-factories.ts';
import { useTestApp, type ApiRequest } from '../test/test-app.ts';

/**
 * The permission matrix (docs/api.md, "Lists"), walked route by route: every list, share and item
 * route against every role, with the exact status, and on a refusal proof that nothing changed.
 */
const t = useTestApp();

type Role = 'owner' | 'admin' | 'edit' | 'view' | 'public-editable' | 'public' | 'none' | 'anonymous';
const ROLES: Role[] = ['owner', 'admin', 'edit', 'view', 'public-editable', 'public', 'none', 'anonymous'];

interface Scene {
  listId: string;
  itemId: string;
  /** A member whose share the share routes change. */
  memberId: string;
  /** The caller's own user id (a random one for an anonymous caller): leaving removes one's own share. */
  callerId: string;
}

type Status = number;
interface RouteCase {
  name: string;
  request: (scene: Scene) => Omit<ApiRequest, 'token'>;
  /** The status for each role, in ROLES order. */
  statuses: [Status, Status, Status, Status, Status, Status, Status, Status];
}

/** A 1x1 PNG, base64. */
const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==';

const read = (ok: number): RouteCase['statuses'] => [ok, ok, ok, ok, ok, ok, 404, 401];
const editItems = (ok: number): RouteCase['statuses'] => [ok, ok, ok, 403, ok, 403, 404, 401];
const manage = (ok: number): RouteCase['statuses'] => [ok, ok, 403, 403, 403, 403, 404, 401];

const ROUTES: RouteCase[] = [
  { name: 'GET items', request: (s) => ({ method: 'GET', path: `/lists/${s.listId}/items` }), statuses: read(200) },
  {
    name: 'POST items/batch',
    request: (s) => ({ method: 'POST', path: `/lists/${s.listId}/items/batch`, body: { items: [{ content: 'tea' }] } }),
    statuses: editItems(201),
  },
  {
    name: 'POST items',
    request: (s) => ({ method: 'POST', path: `/lists/${s.listId}/items`, body: { content: 'tea' } }),
    statuses: editItems(201),
  },
  {
    name: 'PUT item',
    request: (s) => ({ method: 'PUT', path: `/lists/${s.listId}/items/${s.itemId}`, body: { is_completed: true } }),
    statuses: editItems(200),
  },
  {
    name: 'PUT items/order',
    request: (s) => ({ method: 'PUT', path: `/lists/${s.listId}/items/order`, body: { ids: [s.itemId] } }),
    statuses: editItems(200),
  },
  {
    name: 'DELETE item',
    request: (s) => ({ method: 'DELETE', path: `/lists/${s.listId}/items/${s.itemId}` }),
    statuses: editItems(204),
  },
  // AI on items: the edit-items permission, as for any write of items.
  {
    name: 'POST sort (AI)',
    request: (s) => ({ method: 'POST', path: `/lists/${s.listId}/sort`, body: { prompt: 'department' } }),
    statuses: editItems(200),
  },
  {
    name: 'POST item properties (AI translate)',
    request: (s) => ({ method: 'POST', path: `/lists/${s.listId}/items/${s.itemId}/properties`, body: { action: 'translate', language: 'fr' } }),
    statuses: editItems(200),
  },
  {
    name: 'POST item reprocess (AI)',
    request: (s) => ({ method: 'POST', path: `/lists/${s.listId}/items/${s.itemId}/reprocess` }),
    statuses: editItems(200),
  },
  {
    name: 'POST item image',
    request: (s) => ({ method: 'POST', path: `/lists/${s.listId}/items/${s.itemId}/image`, body: { imageData: TINY_PNG } }),
    statuses: editItems(200),
  },
  {
    name: 'PUT list (rename)',
    request: (s) => ({ method: 'PUT', path: `/lists/${s.listId}`, body: { name: 'Renamed' } }),
    statuses: manage(200),
  },
  {
    name: 'PUT visibility',
    request: (s) => ({
      method: 'PUT',
      path: `/lists/${s.listId}/visibility`,
      body: { visibility: 'private', public_editable: false, allow_link_sharing: true },
    }),
    statuses: manage(200),
  },
  {
    name: 'PUT custom-prompts',
    request: (s) => ({ method: 'PUT', path: `/lists/${s.listId}/custom-prompts`, body: { custom_prompts: ['Sort'] } }),
    statuses: manage(200),
  },
  { name: 'GET shares', request: (s) => ({ method: 'GET', path: `/lists/${s.listId}/shares` }), statuses: manage(200) },
  {
    name: 'POST shares (invite)',
    request: (s) => ({
      method: 'POST',
      path: `/lists/${s.listId}/shares`,
      body: { email: `new-${crypto.randomBytes(3).toString('hex')}@example.com`, permission: 'view' },
    }),
    statuses: manage(201),
  },
  {
    name: 'PUT share',
    request: (s) => ({ method: 'PUT', path: `/lists/${s.listId}/shares/${s.memberId}`, body: { permission: 'edit' } }),
    statuses: manage(200),
  },
  {
    name: 'DELETE share',
    request: (s) => ({ method: 'DELETE', path: `/lists/${s.listId}/shares/${s.memberId}` }),
    statuses: manage(204),
  },
  {
    name: 'DELETE own share (leave)',
    request: (s) => ({ method: 'DELETE', path: `/lists/${s.listId}/shares/${s.callerId}` }),
    statuses: [403, 204, 204, 204, 404, 404, 404, 401],
  },
  {
    name: 'DELETE list',
    request: (s) => ({ method: 'DELETE', path: `/lists/${s.listId}` }),
    statuses: [204, 403, 403, 403, 403, 403, 404, 401],
  },
];

let users: Record<'owner' | 'admin' | 'edit' | 'view' | 'stranger' | 'member', TestUser>;

beforeAll(async () => {
  const make = (name: string) => createUser(t, { email: `${name}-${crypto.randomBytes(3).toString('hex')}@example.com` });
  const [owner, admin, edit, view, stranger, member] = await Promise.all(
    ['owner', 'admin', 'edit', 'view', 'stranger', 'member'].map(make),
  );
  users = { owner: owner!, admin: admin!, edit: edit!, view: view!, stranger: stranger!, member: member! };
});

/** A fresh list for one case, public or not as the role needs, with one item and four members. */
async function setUp(role: Role): Promise<Scene> {
  const share = (user: TestUser, permission: SharePermission) => ({ userId: user.user.id, email: user.email, permission });
  const visibility: ListOverrides = {
    'public-editable': { visibility: 'public', public_editable: true } as const,
    public: { visibility: 'public' } as const,
  }[role as 'public'] ?? { visibility: 'private' };
  const listId = await insertList(t, users.owner.user.id, {
    ...visibility,
    shares: [
      share(users.admin, 'admin'),
      share(users.edit, 'edit'),
      share(users.view, 'view'),
      share(users.member, 'view'),
    ],
  });
  const added = await t.request({
    method: 'POST',
    path: `/lists/${listId}/items`,
    token: users.owner.token,
    body: { content: 'milk' },
  });
  expect(added.status).toBe(201);
  return { listId, itemId: added.body.id, memberId: users.member.user.id, callerId: callerOf(role)?.user.id ?? crypto.randomUUID() };
}

function callerOf(role: Role): TestUser | undefined {
  if (role === 'anonymous') return undefined;
  if (role === 'owner' || role === 'admin' || role === 'edit' || role === 'view') return users[role];
  return users.stranger;
}

/** Everything a refused call could have touched. */
async function stateOf(listId: string) {
  const db = t.database.db;
  return {
    list: await db.selectFrom('lists').selectAll().where('id', '=', listId).executeTakeFirst(),
    shares: await db.selectFrom('list_shares').selectAll().where('list_id', '=', listId).orderBy('email').execute(),
    items: await db.selectFrom('items').selectAll().where('list_id', '=', listId).orderBy('id').execute(),
    images: await db.selectFrom('images').selectAll().orderBy('id').execute(),
  };
}

describe.each(ROUTES)('$name', (route) => {
  it.each(ROLES.map((role, index) => [role, route.statuses[index]!] as const))('by %s: %i', async (role, status) => {
    const scene = await setUp(role);
    const before = await stateOf(scene.listId);
    const response = await t.request({ ...route.request(scene), token: callerOf(role)?.token });
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    if (status >= 400) {
      expect(response.body.error.code).toEqual(expect.any(String));
      expect(await stateOf(scene.listId)).toEqual(before);
    }
  });
});

describe('POST join', () => {
  it.each<[string, ListOverrides, number]>([
    ['a private list', {}, 403],
    ['a link-shared list', { allow_link_sharing: true }, 200],
    ['a public list', { visibility: 'public' }, 200],
  ])('by a stranger on %s: %i', async (_name, overrides, status) => {
    const listId = await insertList(t, users.owner.user.id, overrides);
    const before = await stateOf(listId);
    const response = await t.request({ method: 'POST', path: `/lists/${listId}/join`, token: users.stranger.token });
    expect(response.status).toBe(status);
    if (status >= 400) expect(await stateOf(listId)).toEqual(before);
  });

  it('of an unknown list is 404, and needs a sign-in', async () => {
    const unknown = crypto.randomUUID();
    expect((await t.request({ method: 'POST', path: `/lists/${unknown}/join`, token: users.stranger.token })).status).toBe(404);
    expect((await t.request({ method: 'POST', path: `/lists/${unknown}/join` })).status).toBe(401);
  });
});
