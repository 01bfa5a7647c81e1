import { describe, expect, it } from 'vitest';
import { ITEMS_PAGE_MAX, LIST_ITEMS_MAX } from '../../common/constants.ts';
import { queryParamRepeated, SERVER_MESSAGES } from '../../common/messages.ts';
import type { ServerMessage } from '../../common/realtime.ts';
import { TestSocket } from '../test/live.ts';
import { useTestApp } from '../test/test-app.ts';
import { fillList, itemRows, ownerWithList } from '../test/items.ts';

/**
 * No answer grows with the list: GET /lists/{id}/items, a public list and a live snapshot come in
 * pages of at most ITEMS_PAGE_MAX items, so a client that stops reading pins one page at most.
 */
const t = useTestApp();

describe('a full list', () => {
  it(`is read in pages of ${ITEMS_PAGE_MAX}, each after the last, in display order`, async () => {
    const { owner, listId } = await ownerWithList(t);
    await fillList(t, listId, LIST_ITEMS_MAX);
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
      const page = await t.request({ method: 'GET', path: `/lists/${listId}/items${query}`, token: owner.token });
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(ITEMS_PAGE_MAX);
      ids.push(...page.body.items.map((item: { id: string }) => item.id));
      cursor = page.body.next;
      pages++;
    } while (cursor !== null);
    expect(pages).toBe(LIST_ITEMS_MAX / ITEMS_PAGE_MAX);
    expect(ids).toEqual((await itemRows(t, listId)).map((row) => row.id));

    const small = await t.request({ method: 'GET', path: `/lists/${listId}/items?limit=3`, token: owner.token });
    expect(small.body.items).toHaveLength(3);
    expect(small.body.next).toEqual(expect.any(String));

    // A live snapshot: the same pages, all but the last marked `more`.
    const socket = await TestSocket.open(t, owner.token);
    socket.send({ type: 'subscribe', id: 'i', topic: 'items', listId });
    const last = await socket.next((m) => m.type === 'snapshot' && !m.more, 'the last page', 0);
    const snapshots = socket.messages.filter((m): m is Extract<ServerMessage, { type: 'snapshot' }> => m.type === 'snapshot');
    expect(snapshots.map((m) => m.docs.length)).toEqual(Array.from({ length: pages }, () => ITEMS_PAGE_MAX));
    expect(snapshots.slice(0, -1).every((m) => m.more === true)).toBe(true);
    expect(last).toMatchObject({ seq: expect.any(Number) });
    expect(snapshots.flatMap((m) => m.docs.map((doc) => (doc as { id: string }).id))).toEqual(ids);
    socket.close();
  });

  it('pages a public list the same way', async () => {
    const { listId } = await ownerWithList(t, { visibility: 'public' });
    await fillList(t, listId, ITEMS_PAGE_MAX + 1);
    const first = await t.request({ method: 'GET', path: `/lists/public/${listId}` });
    expect(first.body.items).toHaveLength(ITEMS_PAGE_MAX);
    const second = await t.request({ method: 'GET', path: `/lists/public/${listId}?cursor=${encodeURIComponent(first.body.next)}` });
    expect(second.body).toMatchObject({ items: [expect.objectContaining({ content: `item ${ITEMS_PAGE_MAX}` })], next: null });
  });

  it.each([
    ['a cursor that is not one', '?cursor=not-a-cursor', SERVER_MESSAGES.invalidCursor],
    // Forged cursors whose values no column takes: PostgreSQL used to answer them with a 500.
    ...[
      [1, 'x', 'y'],
      [1, '2026-01-01T00:00:00.000Zgarbage', crypto.randomUUID()],
      [1e308, '2026-01-01T00:00:00.000Z', crypto.randomUUID()],
      [2 ** 60, '2026-01-01T00:00:00.000Z', crypto.randomUUID()],
      [4, '+275760-09-13T00:00:00.000Z', crypto.randomUUID()],
      [0, '0000-01-01T00:00:00Z', crypto.randomUUID()],
      [1, '2026-01-01T00:00:00.000Z', 'not-a-uuid'],
    ].map((key): [string, string, string] => [`a forged cursor ${JSON.stringify(key)}`, `?cursor=${Buffer.from(JSON.stringify(key)).toString('base64url')}`, SERVER_MESSAGES.invalidCursor]),
    ['a limit over the page size', `?limit=${ITEMS_PAGE_MAX + 1}`, undefined],
    ['a limit of 0', '?limit=0', undefined],
    ['an unknown parameter', '?offset=5', undefined],
    ['a limit given twice', '?limit=1&limit=2', queryParamRepeated('limit')],
    ['a cursor given twice', '?cursor=a&cursor=b', queryParamRepeated('cursor')],
  ])('refuses %s with 400', async (_name, query, message) => {
    const { owner, listId } = await ownerWithList(t);
    const response = await t.request({ method: 'GET', path: `/lists/${listId}/items${query}`, token: owner.token });
    expect(response.status).toBe(400);
    if (message) expect(response.body.error.message).toBe(message);
  });
});
