import { strToU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { sendImport } from '../test/transfer.ts';

/** A Markdown file into a list that has items already, and a list out as Markdown and CSV. */

const t = useTestApp();
let owner: TestUser;
let viewer: TestUser;
let listId: string;

const MARKDOWN = '# Weekend\n\n## Dairy\n- [ ] 2 bottles milk\n- [x] eggs\n\n## Bakery\n- [ ] bread and butter\n';

beforeAll(async () => {
  owner = await createUser(t);
  viewer = await createUser(t);
  listId = (await t.request({ method: 'POST', path: '/lists', token: owner.token, body: { name: 'Shop' } })).body.list.id;
  await t.request({ method: 'POST', path: `/lists/${listId}/items`, token: owner.token, body: { content: 'milk' } });
  await t.request({ method: 'POST', path: `/lists/${listId}/shares`, token: owner.token, body: { email: viewer.email, permission: 'view' } });
});

const items = async () =>
  (await t.request({ method: 'GET', path: `/lists/${listId}/items`, token: owner.token })).body.items.map(
    (item: { content: string; is_completed: boolean; properties: object }) => [item.content, item.is_completed, item.properties],
  );

describe('a Markdown file into this list', () => {
  it('previews what it adds and what merges into items on the list', async () => {
    const preview = await sendImport(t, owner.token, 'weekend.md', strToU8(MARKDOWN), { preview: true, query: { list_id: listId } });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ kind: 'text', skipped: [], imported_at: null, lists: [{ name: 'Shop', list_id: listId, items: 3, checked: 1, merged: 1 }] });
    expect(await items()).toEqual([['milk', false, {}]]);
  });

  it('adds the new items after those on the list, with quantities, checks and sections', async () => {
    const applied = await sendImport(t, owner.token, 'weekend.md', strToU8(MARKDOWN), { query: { list_id: listId } });
    expect(applied.status).toBe(201);
    expect(applied.body.list_ids).toEqual([listId]);
    expect(await items()).toEqual([
      ['milk', false, {}],
      ['eggs', true, { section: 'Dairy' }],
      ['bread', false, { section: 'Bakery' }],
      ['butter', false, { section: 'Bakery' }],
    ]);
    const list = (await t.request({ method: 'GET', path: `/lists/${listId}`, token: owner.token })).body.list;
    expect(list.last_change).toMatchObject({ summary: 'added 3 items' });
  });

  it('is refused to a member who may only view', async () => {
    const answer = await sendImport(t, viewer.token, 'more.md', strToU8('- jam'), { query: { list_id: listId } });
    expect(answer.status).toBe(403);
    expect(await items()).toHaveLength(4);
  });
});

describe('a list out', () => {
  it('as Markdown, which imports back as the same list', async () => {
    const answer = await t.app.inject({ method: 'GET', url: `/api/v1/lists/${listId}/export?format=markdown`, headers: { authorization: `Bearer ${viewer.token}` } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="Shop.md"; filename*=UTF-8''Shop.md`);
    expect(answer.body).toBe('# Shop\n\n- [ ] milk\n- [x] eggs\n- [ ] bread\n- [ ] butter\n');
    const back = await sendImport(t, viewer.token, 'Shop.md', answer.rawPayload);
    expect(back.body.lists).toEqual([{ name: 'Shop', list_id: null, items: 4, checked: 1, photos: 0, shares: 0, merged: 0 }]);
  });

  it('as CSV, one column per property', async () => {
    const answer = await t.app.inject({ method: 'GET', url: `/api/v1/lists/${listId}/export?format=csv`, headers: { authorization: `Bearer ${owner.token}` } });
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.body).toBe('\uFEFFitem,quantity,checked,section\r\nmilk,,no,\r\neggs,,yes,Dairy\r\nbread,,no,Bakery\r\nbutter,,no,Bakery\r\n');
  });

  it('is 404 to someone who may not read the list', async () => {
    const stranger = await createUser(t);
    const answer = await t.request({ method: 'GET', path: `/lists/${listId}/export?format=csv`, token: stranger.token });
    expect(answer.status).toBe(404);
  });
});
