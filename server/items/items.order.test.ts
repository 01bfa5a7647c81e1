import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { useTestApp } from '../test/test-app.ts';
import { addItems, itemRows, ownerWithList } from '../test/items.ts';

const t = useTestApp();

const contentsOf = (items: { content: string }[]) => items.map((item) => item.content);

describe('PUT /lists/{id}/items/order', () => {
  it('sets every position in one request and answers the items in their new order', async () => {
    const { owner, listId } = await ownerWithList(t);
    const [a, b, c] = await addItems(t, owner.token, listId, ['a', 'b', 'c']);
    const response = await t.request({
      method: 'PUT',
      path: `/lists/${listId}/items/order`,
      token: owner.token,
      body: { ids: [c!.id, a!.id, b!.id] },
    });
    expect(response.status).toBe(200);
    expect(contentsOf(response.body.items)).toEqual(['c', 'a', 'b']);
    expect(response.body.items.map((item: { position: number }) => item.position)).toEqual([0, 1, 2]);
    const list = await t.request({ method: 'GET', path: `/lists/${listId}/items`, token: owner.token });
    expect(contentsOf(list.body.items)).toEqual(['c', 'a', 'b']);
    // Three adds, then the reorder's three moves: the answer's seq already holds them.
    expect([response.body.seq, list.body.seq]).toEqual([6, 6]);
  });

  it('reorders a long list', async () => {
    const { owner, listId } = await ownerWithList(t);
    const items = await addItems(t, owner.token, listId, Array.from({ length: 150 }, (_, index) => `item ${index}`));
    const reversed = items.map((item) => item.id).reverse();
    const more = await addItems(t, owner.token, listId, Array.from({ length: 150 }, (_, index) => `more ${index}`));
    const ids = [...more.map((item) => item.id), ...reversed];
    const response = await t.request({ method: 'PUT', path: `/lists/${listId}/items/order`, token: owner.token, body: { ids } });
    expect(response.status).toBe(200);
    expect(response.body.items.map((item: { id: string }) => item.id)).toEqual(ids);
    expect((await itemRows(t, listId)).map((row) => row.position)).toEqual(ids.map((_, index) => index));
  });

  it('accepts an empty order for an empty list', async () => {
    const { owner, listId } = await ownerWithList(t);
    const response = await t.request({ method: 'PUT', path: `/lists/${listId}/items/order`, token: owner.token, body: { ids: [] } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ items: [], next: null, seq: 0 });
  });

  it.each([
    ['an item missing', (ids: string[]) => ids.slice(1)],
    ['an item twice', (ids: string[]) => [...ids.slice(1), ids[1]!]],
    ['an unknown id', (ids: string[]) => [...ids.slice(1), 'no-such-item']],
    ['an extra id', (ids: string[]) => [...ids, 'no-such-item']],
  ])('refuses an order with %s with 400 and moves nothing', async (_name, change) => {
    const { owner, listId } = await ownerWithList(t);
    const items = await addItems(t, owner.token, listId, ['a', 'b', 'c']);
    const before = await itemRows(t, listId);
    const response = await t.request({
      method: 'PUT',
      path: `/lists/${listId}/items/order`,
      token: owner.token,
      body: { ids: change(items.map((item) => item.id).reverse()) },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(SERVER_MESSAGES.itemOrderMismatch);
    expect(await itemRows(t, listId)).toEqual(before);
  });

  it("refuses an item of another list, even the caller's own", async () => {
    const { owner, listId } = await ownerWithList(t);
    const [a] = await addItems(t, owner.token, listId, ['a']);
    const { listId: other } = await ownerWithList(t);
    const response = await t.request({ method: 'PUT', path: `/lists/${other}/items/order`, token: owner.token, body: { ids: [a!.id] } });
    expect(response.status).toBe(404);
  });

  it.each([
    ['no ids', {}],
    ['ids not an array', { ids: 'a,b' }],
    ['a number as id', { ids: [1] }],
  ])('refuses %s with 400', async (_name, body) => {
    const { owner, listId } = await ownerWithList(t);
    const response = await t.request({ method: 'PUT', path: `/lists/${listId}/items/order`, token: owner.token, body });
    expect(response.status).toBe(400);
  });
});

describe('routes', () => {
  it('never take "order" or "batch" for an item id', async () => {
    const { owner, listId } = await ownerWithList(t);
    const order = await t.request({ method: 'PUT', path: `/lists/${listId}/items/order`, token: owner.token, body: { is_completed: true } });
    expect(order.status).toBe(400);
    expect(order.body.error.message).not.toBe(SERVER_MESSAGES.itemNotFound);
    const batch = await t.request({ method: 'DELETE', path: `/lists/${listId}/items/batch`, token: owner.token });
    // There is no item "batch"; the batch route itself is POST only.
    expect(batch.status).toBe(404);
    const post = await t.request({ method: 'POST', path: `/lists/${listId}/items/batch`, token: owner.token, body: { items: [{ content: 'x' }] } });
    expect(post.status).toBe(201);
  });
});
