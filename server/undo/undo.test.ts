import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../common/constants.ts';
import { UNDO_KEEP_MS, UNDO_MESSAGES } from '../../common/undo.ts';
import { dataUrlOf, listWithItem, makeImage, storedFiles, upload } from '../test/images.ts';
import { addItems, itemRows, ownerWithList } from '../test/items.ts';
import { TestSocket, waitUntil } from '../test/live.ts';
import { createUser } from '../test/factories.ts';
import { shareLists } from '../test/list-factories.ts';
import { useTestApp, type TestApp } from '../test/test-app.ts';
import { purgeUndoRecords } from './undo.queries.ts';

/** Undo (docs/api.md, "Undo"): what removals, clears and sorts took away, put back by POST /lists/{id}/undo/{undoId}. */

const t = useTestApp();

const newId = () => crypto.randomUUID();
type Item = { id: string; created_at: string; content: string; position: number; is_completed: boolean; properties: Record<string, unknown>; images: unknown };

const call = (token: string, method: 'POST' | 'PUT' | 'DELETE' | 'GET', path: string, body?: unknown, headers?: Record<string, string>) =>
  t.request({ method, path, token, body, headers });
const undo = (token: string, listId: string, undoId: string, headers?: Record<string, string>) =>
  call(token, 'POST', `/lists/${listId}/undo/${undoId}`, undefined, headers);
const itemsOf = async (token: string, listId: string): Promise<Item[]> => (await call(token, 'GET', `/lists/${listId}/items`)).body.items;
/** What an undo must put back, without the time of the last write. */
const stateOf = (items: readonly Item[]) => items.map(({ id, content, position, is_completed, properties, images }) => ({ id, content, position, is_completed, properties, image: (images as { primary?: { id: string } } | null)?.primary?.id ?? null }));

async function listOfFour(app: TestApp) {
  const { owner, listId } = await ownerWithList(app);
  const items = await addItems(app, owner.token, listId, ['2 kg flour', 'milk', 'eggs', 'bread']);
  await call(owner.token, 'PUT', `/lists/${listId}/items/${items[1]!.id}`, { is_completed: true, properties: { qty: '2 l', note: 'oat' } });
  return { owner, listId, items };
}

describe('undo of a removed item', () => {
  it('puts the item back as it was (name, properties, position, check), once; the retry and a second undo change nothing', async () => {
    const { owner, listId, items } = await listOfFour(t);
    const before = await itemsOf(owner.token, listId);
    const undoId = newId();

    const removed = await call(owner.token, 'DELETE', `/lists/${listId}/items/${items[1]!.id}?undo=${undoId}`);
    expect(removed.status).toBe(204);
    expect((await itemsOf(owner.token, listId)).map((item) => item.content)).toEqual(['flour', 'eggs', 'bread']);

    const key = { [IDEMPOTENCY_HEADER]: newId() };
    const first = await undo(owner.token, listId, undoId, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ undone: true, items: [expect.objectContaining({ id: items[1]!.id, content: 'milk', is_completed: true })] });
    expect(stateOf(await itemsOf(owner.token, listId))).toEqual(stateOf(before));
    const restoredRow = (await itemRows(t, listId)).find((row) => row.id === items[1]!.id)!;
    expect(restoredRow.created_at).toBe(before[1]!.created_at);

    // Someone checks it off again; a retried undo answers as before, another undo changes nothing.
    await call(owner.token, 'PUT', `/lists/${listId}/items/${items[1]!.id}`, { is_completed: false });
    const retried = await undo(owner.token, listId, undoId, key);
    expect(retried.body).toEqual(first.body);
    const second = await undo(owner.token, listId, undoId);
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ undone: false, items: [] });
    expect((await itemsOf(owner.token, listId)).find((item) => item.id === items[1]!.id)!.is_completed).toBe(false);
  });

  it('is live for every member, and the last change says so', async () => {
    const { owner, listId, items } = await listOfFour(t);
    const member = await createUser(t);
    await shareLists(t, owner.user.id, [listId], member.user);
    const socket = await TestSocket.open(t, member.token);
    try {
      await socket.subscribe('items', 'items', { listId });
      const undoId = newId();
      await call(owner.token, 'DELETE', `/lists/${listId}/items/${items[0]!.id}?undo=${undoId}`);
      await waitUntil(() => (socket.state('items').has(items[0]!.id) ? undefined : true), 'the removal');
      await undo(owner.token, listId, undoId);
      const back = await waitUntil(() => socket.state('items').get(items[0]!.id) as Item | undefined, 'the item back');
      expect(back).toMatchObject({ content: 'flour', properties: { qty: '2 kg' }, position: items[0]!.position });
      const list = await call(member.token, 'GET', `/lists/${listId}`);
      expect(list.body.list.last_change).toEqual(expect.objectContaining({ summary: 'put back flour' }));
    } finally {
      socket.close();
    }
  });

  it('refuses what is not the caller’s to undo, and changes nothing', async () => {
    const { owner, listId, items } = await listOfFour(t);
    const editor = await createUser(t);
    await shareLists(t, owner.user.id, [listId], editor.user);
    await t.database.db.updateTable('list_shares').set({ permission: 'edit' }).where('list_id', '=', listId).execute();
    const undoId = newId();
    await call(owner.token, 'DELETE', `/lists/${listId}/items/${items[2]!.id}?undo=${undoId}`);
    const rows = await itemRows(t, listId);

    const byOther = await undo(editor.token, listId, undoId);
    expect(byOther.status).toBe(404);
    expect(byOther.body.error.message).toBe(UNDO_MESSAGES.notFound);
    const other = await ownerWithList(t);
    expect((await undo(owner.token, other.listId, undoId)).status).toBe(404);
    expect((await undo(owner.token, listId, newId())).status).toBe(404);
    // An undo id already used for another change.
    const taken = await call(owner.token, 'DELETE', `/lists/${listId}/items/${items[3]!.id}?undo=${undoId}`);
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(UNDO_MESSAGES.idTaken);
    expect((await call(owner.token, 'DELETE', `/lists/${listId}/items/${items[3]!.id}?undo=nope`)).status).toBe(400);
    expect(await itemRows(t, listId)).toEqual(rows);
  });

  it('is forgotten after UNDO_KEEP_MS', async () => {
    const { owner, listId, items } = await listOfFour(t);
    const undoId = newId();
    await call(owner.token, 'DELETE', `/lists/${listId}/items/${items[0]!.id}?undo=${undoId}`);
    t.clock.advance(UNDO_KEEP_MS + 1000);
    expect(await purgeUndoRecords(t.database.db, new Date(t.clock.now.getTime() - UNDO_KEEP_MS).toISOString())).toBeGreaterThanOrEqual(1);
    expect((await undo(owner.token, listId, undoId)).status).toBe(404);
  });
});

describe('undo of an image removal', () => {
  it('keeps the image’s files while its undo lives, puts it back on its item, and lets them go after', async () => {
    const { user, listId, itemId } = await listWithItem(t);
    const uploaded = await upload(t, user.token, listId, itemId, dataUrlOf(await makeImage('jpeg')));
    const imageId: string = uploaded.body.images.primary.id;
    const files = () => storedFiles(t).filter((key) => key.includes(imageId));
    const undoId = newId();

    expect((await call(user.token, 'DELETE', `/lists/${listId}/items/${itemId}/image?undo=${undoId}`)).status).toBe(200);
    await t.settle();
    expect(files()).toHaveLength(3);
    expect((await itemsOf(user.token, listId))[0]!.images).toBeNull();

    const back = await undo(user.token, listId, undoId);
    expect(back.status).toBe(200);
    expect(back.body.items[0].images.primary.id).toBe(imageId);
    expect((await itemsOf(user.token, listId))[0]!.images).toMatchObject({ primary: { id: imageId } });

    // Removed again without undo: the files go at once.
    await call(user.token, 'DELETE', `/lists/${listId}/items/${itemId}/image`);
    await t.settle();
    expect(files()).toEqual([]);
  });

  it('brings a removed item back with its image; once the record expires, the files go', async () => {
    const { user, listId, itemId } = await listWithItem(t);
    const uploaded = await upload(t, user.token, listId, itemId, dataUrlOf(await makeImage('png'), 'image/png'));
    const imageId: string = uploaded.body.images.primary.id;
    const files = () => storedFiles(t).filter((key) => key.includes(imageId));
    const first = newId();
    await call(user.token, 'DELETE', `/lists/${listId}/items/${itemId}?undo=${first}`);
    await t.settle();
    expect(files()).toHaveLength(3);
    await undo(user.token, listId, first);
    expect((await itemsOf(user.token, listId))[0]).toMatchObject({ id: itemId, content: 'milk', images: { primary: { id: imageId } } });

    const second = newId();
    await call(user.token, 'DELETE', `/lists/${listId}/items/${itemId}?undo=${second}`);
    await t.settle();
    expect(files()).toHaveLength(3);
    t.clock.advance(UNDO_KEEP_MS + 1000);
    await purgeUndoRecords(t.database.db, new Date(t.clock.now.getTime() - UNDO_KEEP_MS).toISOString());
    // Any removal's answer starts a sweep.
    const other = await listWithItem(t, user);
    await call(user.token, 'DELETE', `/lists/${other.listId}/items/${other.itemId}`);
    await t.settle();
    expect(files()).toEqual([]);
    // The undo finds nothing to put back now.
    expect((await undo(user.token, listId, second)).status).toBe(404);
  });
});

describe('POST /lists/{id}/items/clear-completed', () => {
  it('removes the checked items the user saw, and its undo puts them back where they were', async () => {
    const { owner, listId, items } = await listOfFour(t);
    await call(owner.token, 'PUT', `/lists/${listId}/items/${items[3]!.id}`, { is_completed: true });
    const before = await itemsOf(owner.token, listId);
    const undoId = newId();

    // Eggs is not checked: it stays, as an id the list does not have.
    const cleared = await call(owner.token, 'POST', `/lists/${listId}/items/clear-completed`, { ids: [items[1]!.id, items[2]!.id, items[3]!.id, newId()], undo_id: undoId });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.ids.sort()).toEqual([items[1]!.id, items[3]!.id].sort());
    expect((await itemsOf(owner.token, listId)).map((item) => item.content)).toEqual(['flour', 'eggs']);

    expect((await undo(owner.token, listId, undoId)).body.items).toHaveLength(2);
    expect(stateOf(await itemsOf(owner.token, listId))).toEqual(stateOf(before));
  });

  it('refuses an empty or repeated list of ids, and a viewer', async () => {
    const { owner, listId, items } = await listOfFour(t);
    const path = `/lists/${listId}/items/clear-completed`;
    expect((await call(owner.token, 'POST', path, { ids: [] })).body.error.message).toContain(UNDO_MESSAGES.clearNothing);
    expect((await call(owner.token, 'POST', path, { ids: [items[1]!.id, items[1]!.id] })).body.error.message).toContain(UNDO_MESSAGES.clearRepeated);
    const viewer = await createUser(t);
    await shareLists(t, owner.user.id, [listId], viewer.user);
    expect((await call(viewer.token, 'POST', path, { ids: [items[1]!.id] })).status).toBe(403);
    expect(await itemsOf(owner.token, listId)).toHaveLength(4);
  });
});

describe('undo of an AI sort, and clearing what sorts added', () => {
  it('puts the order and the properties back as they were before the sort', async () => {
    const { owner, listId } = await ownerWithList(t);
    await addItems(t, owner.token, listId, ['ice cream', 'bread', 'apples', 'toothpaste']);
    const before = await itemsOf(owner.token, listId);
    const undoId = newId();

    const sorted = await call(owner.token, 'POST', `/lists/${listId}/sort`, { prompt: 'department', undo_id: undoId });
    expect(sorted.status, JSON.stringify(sorted.body)).toBe(200);
    expect(stateOf(sorted.body.items)).not.toEqual(stateOf(before));
    expect(sorted.body.items.every((item: Item) => typeof item.properties.department === 'string')).toBe(true);

    expect((await undo(owner.token, listId, undoId)).body.undone).toBe(true);
    expect(stateOf(await itemsOf(owner.token, listId))).toEqual(stateOf(before));
  });

  it('clears department, category and priority from every item, and its undo puts them back', async () => {
    const { owner, listId } = await ownerWithList(t);
    await addItems(t, owner.token, listId, ['ice cream', '2 kg flour']);
    await call(owner.token, 'POST', `/lists/${listId}/sort`, { prompt: 'smart' });
    const sorted = await itemsOf(owner.token, listId);
    const undoId = newId();

    const cleared = await call(owner.token, 'POST', `/lists/${listId}/items/clear-properties`, { undo_id: undoId });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.ids).toHaveLength(2);
    const after = await itemsOf(owner.token, listId);
    expect(after.map((item) => item.properties)).toEqual(sorted.map((item) => (item.content === 'flour' ? { qty: '2 kg' } : {})));

    await undo(owner.token, listId, undoId);
    expect(stateOf(await itemsOf(owner.token, listId))).toEqual(stateOf(sorted));
    expect((await call(owner.token, 'POST', `/lists/${listId}/items/clear-properties`, { keys: ['colour'] })).status).toBe(400);
  });
});
