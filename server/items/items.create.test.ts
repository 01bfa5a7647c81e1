import { describe, expect, it } from 'vitest';
import { ITEM_BATCH_MAX, ITEM_CONTENT_MAX_LENGTH, LIST_ITEMS_MAX } from '../../common/constants.ts';
import { MESSAGES, SERVER_MESSAGES } from '../../common/messages.ts';
import type { ItemView } from '../../common/schemas/items.ts';
import { fromJson } from '../db/values.ts';
import { createUser } from '../test/factories.ts';
import { insertList } from '../test/list-factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { addItems, fillList, itemRows, ownerWithList } from '../test/items.ts';

const ONE_ID = '5b0e3c1e-8f4b-4c6d-9a2e-1f3b5d7c9e0a';

const t = useTestApp();

describe('POST /lists/{id}/items/batch', () => {
  it('splits every entry, appends the items in order after the existing ones, and answers them', async () => {
    const { owner, listId } = await ownerWithList(t);
    await addItems(t, owner.token, listId, ['coffee']);
    const response = await t.request({
      method: 'POST',
      path: `/lists/${listId}/items/batch`,
      token: owner.token,
      body: { items: [{ content: '2 bottles milk, eggs and bread' }, { content: '  1,5 l juice ' }] },
    });
    expect(response.status).toBe(201);
    expect(response.body.warnings).toEqual([]);
    expect(response.body.results.map((item: { content: string }) => item.content)).toEqual(['milk', 'eggs', 'bread', 'juice']);
    expect(response.body.results[0]).toEqual({
      id: expect.any(String),
      list_id: listId,
      content: 'milk',
      is_completed: false,
      position: 1,
      properties: { qty: '2 bottles' },
      images: null,
      created_by: owner.user.id,
      created_at: t.clock.now.toISOString(),
      updated_at: t.clock.now.toISOString(),
    });
    expect(response.body.results[3].properties).toEqual({ qty: '1,5 l' });
    // Time-ordered (version 7), so their index entries land together (decision 021): the ids of
    // one batch share its millisecond and sort no earlier than those of the item added before.
    const [coffee] = (await itemRows(t, listId)).filter((row) => row.content === 'coffee');
    const ids: string[] = response.body.results.map((item: { id: string }) => item.id);
    expect(ids.every((id) => id[14] === '7')).toBe(true);
    expect(ids.every((id) => id.slice(0, 13) >= coffee!.id.slice(0, 13))).toBe(true);

    const list = await t.request({ method: 'GET', path: `/lists/${listId}/items`, token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.items.map((item: { content: string; position: number }) => [item.content, item.position])).toEqual([
      ['coffee', 0],
      ['milk', 1],
      ['eggs', 2],
      ['bread', 3],
      ['juice', 4],
    ]);
  });

  it('does not add a name already unchecked on the list, or earlier in the batch: it warns instead', async () => {
    const { owner, listId } = await ownerWithList(t);
    const [milk] = await addItems(t, owner.token, listId, ['Milk', 'bread']);
    const response = await t.request({
      method: 'POST',
      path: `/lists/${listId}/items/batch`,
      token: owner.token,
      body: { items: [{ content: '2 milk' }, { content: 'apples, apple' }] },
    });
    expect(response.status).toBe(201);
    expect(response.body.warnings).toEqual(['"milk" is already on this list', '"apple" is already on this list']);
    expect(response.body.results.map((item: ItemView) => item.content)).toEqual(['apples']);
    const rows = await itemRows(t, listId);
    expect(rows.map((row) => row.content)).toEqual(['Milk', 'bread', 'apples']);
    // The item on the list is left as it was: the typed quantity did not change it.
    expect(rows[0]!.id).toBe(milk!.id);
    expect(fromJson(rows[0]!.properties)).toEqual({});
  });

  it('puts a checked item back on the list instead of adding a second copy', async () => {
    const { owner, listId } = await ownerWithList(t);
    const [, bread] = await addItems(t, owner.token, listId, ['milk', 'bread']);
    await t.request({ method: 'PUT', path: `/lists/${listId}/items/${bread!.id}`, token: owner.token, body: { is_completed: true } });
    const response = await t.request({
      method: 'POST',
      path: `/lists/${listId}/items/batch`,
      token: owner.token,
      body: { items: [{ content: '2 bread' }, { content: 'Bread' }] },
    });
    expect(response.status).toBe(201);
    expect(response.body.results).toEqual([expect.objectContaining({ id: bread!.id, is_completed: false, properties: { qty: '2' } })]);
    expect(response.body.warnings).toEqual(['"Bread" is already on this list']);
    expect(await itemRows(t, listId)).toHaveLength(2);
  });

  it('answers, for each entry id not used, the item of the same name that stands for it', async () => {
    const { owner, listId } = await ownerWithList(t);
    const [milk, bread] = await addItems(t, owner.token, listId, ['milk', 'bread']);
    await t.request({ method: 'PUT', path: `/lists/${listId}/items/${bread!.id}`, token: owner.token, body: { is_completed: true } });
    // As a device that added these offline sends them: each with the id of its optimistic row.
    const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', ONE_ID, '33333333-3333-4333-8333-333333333333'];
    const response = await t.request({
      method: 'POST',
      path: `/lists/${listId}/items/batch`,
      token: owner.token,
      body: { items: ['Milk', 'bread', 'tea', '2 tea'].map((content, index) => ({ id: ids[index], content })) },
    });
    expect(response.status).toBe(201);
    expect(response.body.merged).toEqual({ [ids[0]!]: milk!.id, [ids[1]!]: bread!.id, [ids[3]!]: ONE_ID });
    expect(response.body.results.map((item: ItemView) => item.id)).toEqual([bread!.id, ONE_ID]);
  });

  it('answers 200 and adds nothing when every name is already on the list', async () => {
    const { owner, listId } = await ownerWithList(t);
    await addItems(t, owner.token, listId, ['rice']);
    const response = await t.request({
      method: 'POST',
      path: `/lists/${listId}/items/batch`,
      token: owner.token,
      body: { items: [{ content: 'rice' }] },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ results: [], warnings: ['"rice" is already on this list'], merged: {} });
    expect(await itemRows(t, listId)).toHaveLength(1);
  });

  it('answers 404 for an unknown list and for a private list of another user, adding nothing', async () => {
    const { listId } = await ownerWithList(t);
    const stranger = await createUser(t);
    for (const id of [listId, '00000000-0000-0000-0000-000000000000']) {
      const response = await t.request({
        method: 'POST',
        path: `/lists/${id}/items/batch`,
        token: stranger.token,
        body: { items: [{ content: 'milk' }] },
      });
      expect(response.status).toBe(404);
      expect(response.body.error).toEqual({ code: 'not_found', message: MESSAGES.listNotFound });
    }
    expect(await itemRows(t, listId)).toEqual([]);
  });

  it('needs a bearer token', async () => {
    const { listId } = await ownerWithList(t);
    const response = await t.request({ method: 'POST', path: `/lists/${listId}/items/batch`, body: { items: [{ content: 'milk' }] } });
    expect(response.status).toBe(401);
  });

  it.each([
    ['no body', undefined, SERVER_MESSAGES.itemBatchEmpty],
    ['no items', {}, SERVER_MESSAGES.itemBatchEmpty],
    ['items not an array', { items: 'milk' }, SERVER_MESSAGES.itemBatchEmpty],
    ['an empty array', { items: [] }, SERVER_MESSAGES.itemBatchEmpty],
    ['a blank entry', { items: [{ content: 'milk' }, { content: '   ' }] }, SERVER_MESSAGES.itemContentRequired],
    ['an entry nobody could see', { items: [{ content: 'milk' }, { content: '\u200b' }] }, SERVER_MESSAGES.itemContentRequired],
    ['an entry without content', { items: [{}] }, SERVER_MESSAGES.itemContentRequired],
    ['a number as content', { items: [{ content: 42 }] }, SERVER_MESSAGES.itemContentNotText],
    ['a string as entry', { items: ['milk'] }, undefined],
    ['an unknown field', { items: [{ content: 'milk', done: true }] }, undefined],
    ['an entry over the length limit', { items: [{ content: 'x'.repeat(ITEM_CONTENT_MAX_LENGTH + 1) }] }, SERVER_MESSAGES.itemContentTooLong],
    ['too many entries', { items: Array.from({ length: ITEM_BATCH_MAX + 1 }, () => ({ content: 'milk' })) }, SERVER_MESSAGES.itemBatchTooLarge],
    ['entries that hold no item', { items: [{ content: ', and ,' }] }, SERVER_MESSAGES.itemContentRequired],
    ['one id given twice', { items: [{ id: ONE_ID, content: 'milk' }, { id: ONE_ID, content: 'eggs' }] }, SERVER_MESSAGES.itemBatchIdRepeated],
    ['one id given twice, in two cases', { items: [{ id: ONE_ID, content: 'milk' }, { id: ONE_ID.toUpperCase(), content: 'eggs' }] }, SERVER_MESSAGES.itemBatchIdRepeated],
  ])('refuses %s with 400 and adds nothing', async (_name, body, message) => {
    const { owner, listId } = await ownerWithList(t);
    const response = await t.request({ method: 'POST', path: `/lists/${listId}/items/batch`, token: owner.token, body });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toMatch(/^invalid_/);
    if (message) expect(response.body.error.message).toBe(message);
    expect(await itemRows(t, listId)).toEqual([]);
  });

  it('accepts entries at the limits', async () => {
    const { owner, listId } = await ownerWithList(t);
    const long = 'x'.repeat(ITEM_CONTENT_MAX_LENGTH);
    const items = Array.from({ length: ITEM_BATCH_MAX }, (_, index) => ({ content: index === 0 ? long : `item ${index}` }));
    const response = await t.request({ method: 'POST', path: `/lists/${listId}/items/batch`, token: owner.token, body: { items } });
    expect(response.status).toBe(201);
    expect(response.body.results).toHaveLength(ITEM_BATCH_MAX);
    expect(response.body.results[0].content).toBe(long);
  });

  it(`answers 413 past ${LIST_ITEMS_MAX} items on a list, adding none of the batch`, async () => {
    const { owner, listId } = await ownerWithList(t);
    await fillList(t, listId, LIST_ITEMS_MAX - 1);
    const over = await t.request({
      method: 'POST',
      path: `/lists/${listId}/items/batch`,
      token: owner.token,
      body: { items: [{ content: 'milk, eggs' }] },
    });
    expect(over.status).toBe(413);
    expect(over.body.error).toEqual({ code: 'too_large', message: SERVER_MESSAGES.listFull });
    expect(SERVER_MESSAGES.listFull).toContain('5,000');
    expect(await itemRows(t, listId)).toHaveLength(LIST_ITEMS_MAX - 1);

    const last = await addItems(t, owner.token, listId, ['milk']);
    expect(last[0]!.position).toBe(LIST_ITEMS_MAX - 1);
    const single = await t.request({ method: 'POST', path: `/lists/${listId}/items`, token: owner.token, body: { content: 'eggs' } });
    expect(single.status).toBe(413);
  });
});

describe('POST /lists/{id}/items', () => {
  it('creates one item and answers it', async () => {
    const { owner, listId } = await ownerWithList(t);
    const response = await t.request({ method: 'POST', path: `/lists/${listId}/items`, token: owner.token, body: { content: '3 cans beans' } });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ list_id: listId, content: 'beans', properties: { qty: '3 cans' }, position: 0 });
    expect(response.body.additionalItems).toEqual([]);
    expect(response.body.warnings).toEqual([]);
  });

  it('stores no control character and no direction override, on create and on rename (sweep 15 #6)', async () => {
    const { owner, listId } = await ownerWithList(t);
    const created = await t.request({ method: 'POST', path: `/lists/${listId}/items`, token: owner.token, body: { content: 'ab\u0007\u001bcd' } });
    expect(created.body.content).toBe('ab cd');
    const renamed = await t.request({ method: 'PUT', path: `/lists/${listId}/items/${created.body.id}`, token: owner.token, body: { content: '\u202Egpj.exe' } });
    expect(renamed.body.content).toBe('gpj.exe');
    expect((await itemRows(t, listId)).map((row) => row.content)).toEqual(['gpj.exe']);
  });

  it('answers the further items of a text that holds several as additionalItems', async () => {
    const { owner, listId } = await ownerWithList(t);
    await addItems(t, owner.token, listId, ['bread']);
    const response = await t.request({ method: 'POST', path: `/lists/${listId}/items`, token: owner.token, body: { content: 'milk, eggs and bread' } });
    expect(response.status).toBe(201);
    expect(response.body.content).toBe('milk');
    expect(response.body.additionalItems.map((item: { content: string; position: number }) => [item.content, item.position])).toEqual([
      ['eggs', 2],
    ]);
    expect(response.body.warnings).toEqual(['"bread" is already on this list']);
  });

  it('answers the item already on the list, with 200 and the warning, when the name is a duplicate', async () => {
    const { owner, listId } = await ownerWithList(t);
    const [tea] = await addItems(t, owner.token, listId, ['tea']);
    const response = await t.request({ method: 'POST', path: `/lists/${listId}/items`, token: owner.token, body: { content: '2 tea' } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...tea, additionalItems: [], warnings: ['"tea" is already on this list'] });
  });

  it.each([
    [undefined, SERVER_MESSAGES.itemContentRequired],
    [{}, SERVER_MESSAGES.itemContentRequired],
    [{ content: '' }, SERVER_MESSAGES.itemContentRequired],
    [{ content: ' \t ' }, SERVER_MESSAGES.itemContentRequired],
    [{ content: null }, SERVER_MESSAGES.itemContentNotText],
    [{ content: ['milk'] }, SERVER_MESSAGES.itemContentNotText],
    [{ content: 'y'.repeat(ITEM_CONTENT_MAX_LENGTH + 1) }, SERVER_MESSAGES.itemContentTooLong],
  ])('refuses %o with 400 and adds nothing', async (body, message) => {
    const { owner, listId } = await ownerWithList(t);
    const response = await t.request({ method: 'POST', path: `/lists/${listId}/items`, token: owner.token, body });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(message);
    expect(await itemRows(t, listId)).toEqual([]);
  });

  it('answers 404 for a list of another user', async () => {
    const other = await createUser(t);
    const listId = await insertList(t, other.user.id);
    const { owner } = await ownerWithList(t);
    const response = await t.request({ method: 'POST', path: `/lists/${listId}/items`, token: owner.token, body: { content: 'milk' } });
    expect(response.status).toBe(404);
    expect(await itemRows(t, listId)).toEqual([]);
  });
});
