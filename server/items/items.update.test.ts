import { describe, expect, it } from 'vitest';
import { ITEM_CONTENT_MAX_LENGTH, ITEM_PROPERTIES_MAX_BYTES } from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { ITEM_POSITION_MAX } from '../../common/schemas/items.ts';
import { insertList } from '../test/list-factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { addItems, itemRows, ownerWithList } from '../test/items.ts';

const t = useTestApp();

async function listWithItems(contents = ['milk', 'eggs']) {
  const { owner, listId } = await ownerWithList(t);
  const items = await addItems(t, owner.token, listId, contents);
  return { owner, listId, items };
}

describe('GET /lists/{id}/items', () => {
  it('answers an empty list as no items', async () => {
    const { owner, listId } = await ownerWithList(t);
    const response = await t.request({ method: 'GET', path: `/lists/${listId}/items`, token: owner.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ items: [], next: null, seq: 0 });
  });

  it('needs a bearer token, even for a public list', async () => {
    const { listId } = await ownerWithList(t, { visibility: 'public' });
    expect((await t.request({ method: 'GET', path: `/lists/${listId}/items` })).status).toBe(401);
  });

  it('answers 404 for an unknown list', async () => {
    const { owner } = await ownerWithList(t);
    const response = await t.request({ method: 'GET', path: '/lists/no-such-list/items', token: owner.token });
    expect(response.status).toBe(404);
  });
});

describe('PUT /lists/{id}/items/{itemId} with expected_content (a change that started from a name)', () => {
  it('is refused (409) when someone renamed the item since, and changes nothing', async () => {
    const { owner, listId, items } = await listWithItems(['milk']);
    const put = (body: unknown) => t.request({ method: 'PUT', path: `/lists/${listId}/items/${items[0]!.id}`, token: owner.token, body });
    expect((await put({ content: 'oat milk', properties: {}, expected_content: 'milk' })).status).toBe(200);
    const before = await itemRows(t, listId);

    const stale = await put({ content: '2 whole milk', properties: {}, expected_content: 'milk' });
    expect([stale.status, stale.body.error]).toEqual([409, { code: 'conflict', message: SERVER_MESSAGES.itemRenamedMeanwhile('oat milk') }]);
    expect((await put({ is_completed: true, expected_content: 'milk' })).status).toBe(409);
    expect(await itemRows(t, listId)).toEqual(before);

    // The same new name from both is no conflict; a change from the name as it is now goes through.
    expect((await put({ content: 'oat milk', properties: {}, expected_content: 'milk' })).status).toBe(200);
    const current = await put({ content: 'whole milk', properties: {}, expected_content: 'oat milk' });
    expect([current.status, current.body.content]).toEqual([200, 'whole milk']);
    // Names are compared as the duplicate rule compares them: an item merged into "Whole Milk" is the same.
    expect((await put({ content: 'skimmed milk', expected_content: 'Whole  Milk' })).status).toBe(200);
    // A long name that won is quoted short: the refusal is a toast on a phone.
    const long = `skimmed milk ${'from the farm down the road '.repeat(10)}`.trim();
    expect((await put({ content: long, expected_content: 'skimmed milk' })).status).toBe(200);
    const refused = await put({ content: 'cream', expected_content: 'skimmed milk' });
    expect(refused.body.error.message).toBe(SERVER_MESSAGES.itemRenamedMeanwhile(long));
    expect(refused.body.error.message.length).toBeLessThan(120);
  });

  it('is refused when it is not text of an item\'s length (400), and is not a change by itself', async () => {
    const { owner, listId, items } = await listWithItems(['milk']);
    const put = (body: unknown) => t.request({ method: 'PUT', path: `/lists/${listId}/items/${items[0]!.id}`, token: owner.token, body });
    for (const expected_content of [5, null, 'x'.repeat(ITEM_CONTENT_MAX_LENGTH + 1)]) {
      const response = await put({ content: 'eggs', expected_content });
      expect([response.status, response.body.error.message]).toEqual([400, SERVER_MESSAGES.expectedNameInvalid]);
    }
    const alone = await put({ expected_content: 'milk' });
    expect([alone.status, alone.body.error.message]).toEqual([400, SERVER_MESSAGES.itemUpdateEmpty]);
    expect((await itemRows(t, listId)).map((row) => row.content)).toEqual(['milk']);
  });
});

describe('PUT /lists/{id}/items/{itemId}', () => {
  it('checks an item off and on, touching nothing else', async () => {
    const { owner, listId, items } = await listWithItems();
    t.clock.advance(1000);
    const checked = await t.request({ method: 'PUT', path: `/lists/${listId}/items/${items[0]!.id}`, token: owner.token, body: { is_completed: true } });
    expect(checked.status).toBe(200);
    expect(checked.body).toEqual({ ...items[0], is_completed: true, updated_at: t.clock.now.toISOString() });
    const unchecked = await t.request({ method: 'PUT', path: `/lists/${listId}/items/${items[0]!.id}`, token: owner.token, body: { is_completed: false } });
    expect(unchecked.body.is_completed).toBe(false);
    const rows = await itemRows(t, listId);
    expect(rows.map((row) => row.content)).toEqual(['milk', 'eggs']);
  });

  it('moves an item by position', async () => {
    const { owner, listId, items } = await listWithItems(['a', 'b', 'c']);
    const moved = await t.request({ method: 'PUT', path: `/lists/${listId}/items/${items[0]!.id}`, token: owner.token, body: { position: ITEM_POSITION_MAX } });
    expect(moved.body.position).toBe(ITEM_POSITION_MAX);
    const [appended] = await addItems(t, owner.token, listId, ['d']);
    expect(appended!.position).toBe(ITEM_POSITION_MAX + 1);
    const list = await t.request({ method: 'GET', path: `/lists/${listId}/items`, token: owner.token });
    expect(list.body.items.map((item: { content: string }) => item.content)).toEqual(['b', 'c', 'a', 'd']);
  });

  it('renames with {content, properties: {}} and re-parses the quantity', async () => {
    const { owner, listId, items } = await listWithItems(['2 bottles milk']);
    expect(items[0]!.properties).toEqual({ qty: '2 bottles' });
    const renamed = await t.request({
      method: 'PUT',
      path: `/lists/${listId}/items/${items[0]!.id}`,
      token: owner.token,
      body: { content: '3 apples', properties: {} },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ content: 'apples', properties: { qty: '3' } });
    const cleared = await t.request({
      method: 'PUT',
      path: `/lists/${listId}/items/${items[0]!.id}`,
      token: owner.token,
      body: { content: 'pears', properties: {} },
    });
    expect(cleared.body).toMatchObject({ content: 'pears', properties: {} });
    const [row] = await itemRows(t, listId);
    expect(row!.content).toBe('pears');
  });

  it('keeps the properties on a rename without them, taking a typed quantity', async () => {
    const { owner, listId, items } = await listWithItems(['milk']);
    const path = `/lists/${listId}/items/${items[0]!.id}`;
    await t.request({ method: 'PUT', path, token: owner.token, body: { properties: { department: 'Dairy' } } });
    const renamed = await t.request({ method: 'PUT', path, token: owner.token, body: { content: '2 l oat milk' } });
    expect(renamed.body).toMatchObject({ content: 'oat milk', properties: { department: 'Dairy', qty: '2 l' } });
  });

  it('sets properties as sent', async () => {
    const { owner, listId, items } = await listWithItems(['milk']);
    const properties = { qty: '1', tags: ['fresh'], name_de: 'Milch', nested: { a: 1 } };
    const response = await t.request({ method: 'PUT', path: `/lists/${listId}/items/${items[0]!.id}`, token: owner.token, body: { properties } });
    expect(response.body.properties).toEqual(properties);
    const list = await t.request({ method: 'GET', path: `/lists/${listId}/items`, token: owner.token });
    expect(list.body.items[0].properties).toEqual(properties);
  });

  it.each([
    ['an empty body', {}, SERVER_MESSAGES.itemUpdateEmpty],
    ['blank content', { content: '  ' }, SERVER_MESSAGES.itemContentRequired],
    ['content nobody could see', { content: '\u200b\u2060' }, SERVER_MESSAGES.itemContentRequired],
    ['content over the limit', { content: 'x'.repeat(ITEM_CONTENT_MAX_LENGTH + 1) }, SERVER_MESSAGES.itemContentTooLong],
    ['a string for is_completed', { is_completed: 'yes' }, undefined],
    ['a negative position', { position: -1 }, undefined],
    ['a fractional position', { position: 1.5 }, undefined],
    ['a position over the limit', { position: ITEM_POSITION_MAX + 1 }, undefined],
    ['properties that are not a map', { properties: ['qty'] }, undefined],
    ['properties over the size limit', { properties: { note: 'x'.repeat(ITEM_PROPERTIES_MAX_BYTES) } }, SERVER_MESSAGES.itemPropertiesTooLarge],
    ['an unknown field', { list_id: 'elsewhere' }, undefined],
  ])('refuses %s with 400 and changes nothing', async (_name, body, message) => {
    const { owner, listId, items } = await listWithItems();
    const before = await itemRows(t, listId);
    const response = await t.request({ method: 'PUT', path: `/lists/${listId}/items/${items[0]!.id}`, token: owner.token, body });
    expect(response.status).toBe(400);
    if (message) expect(response.body.error.message).toBe(message);
    expect(await itemRows(t, listId)).toEqual(before);
  });

  it('answers 404 for an unknown item and for an item of another list of the same owner', async () => {
    const { owner, listId, items } = await listWithItems();
    const otherList = await insertList(t, owner.user.id);
    for (const path of [`/lists/${listId}/items/no-such-item`, `/lists/${otherList}/items/${items[0]!.id}`]) {
      const response = await t.request({ method: 'PUT', path, token: owner.token, body: { is_completed: true } });
      expect(response.status).toBe(404);
      expect(response.body.error).toEqual({ code: 'not_found', message: SERVER_MESSAGES.itemNotFound });
    }
    expect((await itemRows(t, listId)).every((row) => !row.is_completed)).toBe(true);
  });
});

describe('DELETE /lists/{id}/items/{itemId}', () => {
  it('deletes the item with 204, then answers 404 for it', async () => {
    const { owner, listId, items } = await listWithItems();
    const path = `/lists/${listId}/items/${items[0]!.id}`;
    const deleted = await t.request({ method: 'DELETE', path, token: owner.token });
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    expect((await itemRows(t, listId)).map((row) => row.content)).toEqual(['eggs']);
    const again = await t.request({ method: 'DELETE', path, token: owner.token });
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(SERVER_MESSAGES.itemNotFound);
  });

  it('does not delete an item through another list id', async () => {
    const { owner, listId, items } = await listWithItems();
    const otherList = await insertList(t, owner.user.id);
    const response = await t.request({ method: 'DELETE', path: `/lists/${otherList}/items/${items[0]!.id}`, token: owner.token });
    expect(response.status).toBe(404);
    expect(await itemRows(t, listId)).toHaveLength(2);
  });
});
