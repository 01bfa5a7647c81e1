import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER, ITEM_BATCH_MAX } from '../../common/constants.ts';
import { MESSAGES, SERVER_MESSAGES } from '../../common/messages.ts';
import type { ItemView } from '../../common/schemas/items.ts';
import { fromJson } from '../db/values.ts';
import { createUser } from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { addItems, fillList, itemRows, ownerWithList } from '../test/items.ts';

/** POST /lists/{id}/items/replace (the web app's "Keep as one item"), and names kept whole by the server's own parse. */

const t = useTestApp();

const newId = () => crypto.randomUUID();
const contents = (items: readonly { content: string }[]) => items.map((item) => item.content);

function replace(token: string, listId: string, body: unknown, headers: Record<string, string> = {}) {
  return t.request({ method: 'POST', path: `/lists/${listId}/items/replace`, token, body, headers });
}

const changeLog = (listId: string) =>
  t.database.db.selectFrom('list_changes').select(['seq', 'op', 'entity_id']).where('list_id', '=', listId).orderBy('seq').execute();

describe('POST /lists/{id}/items/replace', () => {
  it('replaces the items a line was split into by the whole line, in one change', async () => {
    const { owner, listId } = await ownerWithList(t);
    await addItems(t, owner.token, listId, ['coffee']);
    const [chips, salsa] = await addItems(t, owner.token, listId, ['2 bags chips and salsa']);
    const before = await changeLog(listId);
    const whole = newId();

    const response = await replace(owner.token, listId, { remove: [chips!.id, salsa!.id], items: [{ id: whole, content: '2 bags chips and salsa' }] });

    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.removed).toEqual([chips!.id, salsa!.id]);
    expect(response.body.warnings).toEqual([]);
    expect(response.body.merged).toEqual({});
    // One item, as typed and never split, its quantity read.
    expect(response.body.results).toEqual([
      expect.objectContaining({ id: whole, content: 'chips and salsa', properties: { qty: '2 bags' }, is_completed: false }),
    ]);
    expect(contents(await itemRows(t, listId))).toEqual(['coffee', 'chips and salsa']);
    // One write: the removals and the addition under one seq range, one notification.
    const logged = (await changeLog(listId)).slice(before.length);
    expect(logged.map((row) => [row.op, row.entity_id])).toEqual([
      ['removed', chips!.id],
      ['removed', salsa!.id],
      ['added', whole],
    ]);
    const list = await t.request({ method: 'GET', path: `/lists/${listId}`, token: owner.token });
    expect(list.body.list.last_change).toEqual(expect.objectContaining({ summary: 'added chips and salsa' }));
  });

  it('is undone the other way round: the whole item replaced by its pieces again', async () => {
    const { owner, listId } = await ownerWithList(t);
    const [chips, salsa] = await addItems(t, owner.token, listId, ['chips and salsa']);
    const whole = newId();
    await replace(owner.token, listId, { remove: [chips!.id, salsa!.id], items: [{ id: whole, content: 'chips and salsa' }] });
    const pieces = [newId(), newId()];

    const response = await replace(owner.token, listId, {
      remove: [whole],
      items: [
        { id: pieces[0], content: 'chips' },
        { id: pieces[1], content: 'salsa' },
      ],
    });

    expect(response.status).toBe(201);
    expect(response.body.results.map((item: ItemView) => [item.id, item.content])).toEqual([
      [pieces[0], 'chips'],
      [pieces[1], 'salsa'],
    ]);
    expect(contents(await itemRows(t, listId))).toEqual(['chips', 'salsa']);
  });

  it('removes only what is still there, and keeps the duplicate rule for what it adds', async () => {
    const { owner, listId } = await ownerWithList(t);
    const [milk, onList] = await addItems(t, owner.token, listId, ['milk', '"chips and salsa"']);
    const gone = newId();
    const whole = newId();

    const response = await replace(owner.token, listId, { remove: [milk!.id, gone], items: [{ id: whole, content: 'Chips and Salsa' }] });

    expect(response.status).toBe(201);
    expect(response.body.removed).toEqual([milk!.id]);
    expect(response.body.results).toEqual([]);
    expect(response.body.warnings).toEqual(['"Chips and Salsa" is already on this list']);
    expect(response.body.merged).toEqual({ [whole]: onList!.id });
    expect(contents(await itemRows(t, listId))).toEqual(['chips and salsa']);
  });

  it('makes room on a full list by what it removes', async () => {
    const { owner, listId } = await ownerWithList(t);
    await fillList(t, listId, 4_998);
    const [chips, salsa] = await addItems(t, owner.token, listId, ['chips and salsa']);
    const response = await replace(owner.token, listId, { remove: [chips!.id, salsa!.id], items: [{ id: newId(), content: 'chips and salsa' }] });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(await itemRows(t, listId)).toHaveLength(4_999);
  });

  it('answers a repeat with its Idempotency-Key as the first time, and changes nothing twice', async () => {
    const { owner, listId } = await ownerWithList(t);
    const [chips, salsa] = await addItems(t, owner.token, listId, ['chips and salsa']);
    const body = { remove: [chips!.id, salsa!.id], items: [{ id: newId(), content: 'chips and salsa' }] };
    const first = await replace(owner.token, listId, body, { [IDEMPOTENCY_HEADER]: 'keep-1' });
    const again = await replace(owner.token, listId, body, { [IDEMPOTENCY_HEADER]: 'keep-1' });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(contents(await itemRows(t, listId))).toEqual(['chips and salsa']);
  });

  it('needs the edit-items permission, and changes nothing without it', async () => {
    const viewer = await createUser(t);
    const { owner, listId } = await ownerWithList(t);
    const [milk] = await addItems(t, owner.token, listId, ['milk']);
    const shared = await ownerWithList(t, { shares: [{ userId: viewer.user.id, email: viewer.user.email, permission: 'view' }] });
    const [eggs] = await addItems(t, shared.owner.token, shared.listId, ['eggs']);
    const body = (id: string) => ({ remove: [id], items: [{ id: newId(), content: 'tea' }] });

    const stranger = await replace(viewer.token, listId, body(milk!.id));
    expect(stranger.status).toBe(404);
    expect(stranger.body.error.message).toBe(MESSAGES.listNotFound);
    const readOnly = await replace(viewer.token, shared.listId, body(eggs!.id));
    expect(readOnly.status).toBe(403);
    expect(contents(await itemRows(t, listId))).toEqual(['milk']);
    expect(contents(await itemRows(t, shared.listId))).toEqual(['eggs']);
  });

  it.each<[string, unknown, string]>([
    ['no body', undefined, SERVER_MESSAGES.itemReplaceNothing],
    ['nothing to remove', { remove: [], items: [{ id: newId(), content: 'tea' }] }, SERVER_MESSAGES.itemReplaceNothing],
    ['nothing to add', { remove: [newId()], items: [] }, SERVER_MESSAGES.itemReplaceNothing],
    ['an entry without an id', { remove: [newId()], items: [{ content: 'tea' }] }, SERVER_MESSAGES.invalidClientId],
    ['an id that is no UUID', { remove: ['milk'], items: [{ id: newId(), content: 'tea' }] }, SERVER_MESSAGES.invalidClientId],
    ['an item named twice', (() => { const id = newId(); return { remove: [id, id.toUpperCase()], items: [{ id: newId(), content: 'tea' }] }; })(), SERVER_MESSAGES.itemRemoveRepeated],
    ['an id removed and added', (() => { const id = newId(); return { remove: [id], items: [{ id, content: 'tea' }] }; })(), SERVER_MESSAGES.itemRemovedAndAdded],
    ['too many', { remove: Array.from({ length: ITEM_BATCH_MAX + 1 }, newId), items: [{ id: newId(), content: 'tea' }] }, SERVER_MESSAGES.itemBatchTooLarge],
    ['a blank entry', { remove: [newId()], items: [{ id: newId(), content: '  ' }] }, SERVER_MESSAGES.itemContentRequired],
  ])('refuses %s with 400 and changes nothing', async (_case, body, message) => {
    const { owner, listId } = await ownerWithList(t);
    const [milk] = await addItems(t, owner.token, listId, ['milk']);
    const response = await replace(owner.token, listId, body);
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(message);
    expect((await itemRows(t, listId)).map((row) => row.id)).toEqual([milk!.id]);
  });
});

describe('names kept whole by an entry without an id', () => {
  it('keeps whole the built-in names and quoted text, and splits the rest', async () => {
    const { owner, listId } = await ownerWithList(t);
    const added = await addItems(t, owner.token, listId, ['2 boxes mac and cheese, "chips, salsa" and Tom and Jerry DVD and milk and eggs']);
    expect(added.map((item) => [item.content, fromJsonQty(item)])).toEqual([
      ['mac and cheese', '2 boxes'],
      ['chips, salsa', undefined],
      ['Tom and Jerry DVD', undefined],
      ['milk', undefined],
      ['eggs', undefined],
    ]);
  });

  it('keeps whole a name on the list: what was kept as one item there is one item again', async () => {
    const { owner, listId } = await ownerWithList(t);
    const [chips, salsa] = await addItems(t, owner.token, listId, ['chips and salsa']);
    await replace(owner.token, listId, { remove: [chips!.id, salsa!.id], items: [{ id: newId(), content: 'chips and salsa' }] });
    await t.request({ method: 'PUT', path: `/lists/${listId}/items/${(await itemRows(t, listId))[0]!.id}`, token: owner.token, body: { is_completed: true } });

    // As the voice assistant and POST /items add: the checked item comes back, nothing is split.
    const again = await t.request({ method: 'POST', path: `/lists/${listId}/items`, token: owner.token, body: { content: '2 bags chips and salsa and dip' } });

    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect([again.body.content, ...again.body.additionalItems.map((item: ItemView) => item.content)]).toEqual(['chips and salsa', 'dip']);
    const rows = await itemRows(t, listId);
    expect(rows.map((row) => [row.content, Boolean(row.is_completed), fromJson(row.properties)])).toEqual([
      ['chips and salsa', false, { qty: '2 bags' }],
      ['dip', false, {}],
    ]);
  });

  it('answers a duplicate of a name kept whole with the item on the list (POST /items)', async () => {
    const { owner, listId } = await ownerWithList(t);
    const [chips, salsa] = await addItems(t, owner.token, listId, ['chips and salsa']);
    const kept = await replace(owner.token, listId, { remove: [chips!.id, salsa!.id], items: [{ id: newId(), content: 'chips and salsa' }] });
    const again = await t.request({ method: 'POST', path: `/lists/${listId}/items`, token: owner.token, body: { content: 'Chips and Salsa' } });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(kept.body.results[0].id);
    expect(again.body.warnings).toEqual(['"Chips and Salsa" is already on this list']);
  });

  it('still splits on another list, which holds no such name', async () => {
    const { owner, listId } = await ownerWithList(t);
    await addItems(t, owner.token, listId, ['"chips and salsa"']);
    const other = await ownerWithList(t);
    expect(contents(await addItems(t, other.owner.token, other.listId, ['chips and salsa']))).toEqual(['chips', 'salsa']);
    expect(contents(await addItems(t, owner.token, listId, ['milk and eggs']))).toEqual(['milk', 'eggs']);
  });
});

function fromJsonQty(item: ItemView): unknown {
  return (item.properties as { qty?: string }).qty;
}
