import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../common/messages.ts';
import { answer, callOf, failure, item, mockFetch } from '../test/http.ts';
import { appStore, resetAppState, saveCache } from './app-state.ts';
import { addItemsAction, deleteItemAction, renameItemAction, setServerItems, toggleItemAction } from './item-actions.ts';
import { replayPendingChanges } from './sync.ts';
import { toastStore } from './toasts.ts';

const items = () => appStore.get().items.l1 ?? [];

describe('item actions', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    resetAppState();
    toastStore.set([]);
    fetchMock = mockFetch();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows parsed items at once and replaces them by the server ones', async () => {
    let resolve!: (response: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise((done) => (resolve = done)));
    const adding = addItemsAction('l1', '2 bottles milk, eggs and bread');
    expect(items().map((entry) => [entry.content, entry.properties.qty])).toEqual([
      ['milk', '2 bottles'],
      ['eggs', undefined],
      ['bread', undefined],
    ]);
    expect(items().every((entry) => entry.id.startsWith('temp-'))).toBe(true);
    resolve(answer(201, { results: [item('a', 'milk'), item('b', 'eggs'), item('c', 'bread')], warnings: ['"eggs" is already on this list'] }));
    await adding;
    expect(items().map((entry) => entry.id)).toEqual(['a', 'b', 'c']);
    expect(appStore.get().history).toEqual(['milk', 'eggs', 'bread']);
    expect(toastStore.get()[0]?.message).toBe('"eggs" is already on this list');
    const call = callOf(fetchMock, 0);
    expect(call.body).toEqual({ items: [{ content: '2 bottles milk, eggs and bread' }] });
    expect(call.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows one row when the live feed brings the new item before the batch call answers', async () => {
    appStore.update((state) => ({ ...state, items: { l1: [item('a', 'eggs')] } }));
    let resolve!: (response: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise((done) => (resolve = done)));
    const adding = addItemsAction('l1', 'milk, eggs');
    setServerItems('l1', [item('a', 'eggs'), item('b', 'milk')]);
    // The new "milk" replaced its temporary row; the temporary "eggs" waits (an existing item came back).
    expect(items().map((entry) => entry.content)).toEqual(['eggs', 'milk', 'eggs']);
    resolve(answer(201, { results: [item('b', 'milk'), item('a', 'eggs')], warnings: [] }));
    await adding;
    expect(items().map((entry) => entry.id).sort()).toEqual(['a', 'b']);
  });

  it('starts an optimistic item from the remembered properties, never from a remembered quantity', async () => {
    setServerItems('l1', [item('a', 'milk', { properties: { qty: '2 gallons', department: 'Dairy' } })]);
    expect(appStore.get().propertyCache).toEqual({ milk: { department: 'Dairy' } });
    // A cache kept by another version of the app may still hold a quantity.
    appStore.update((state) => ({ ...state, propertyCache: { egg: { qty: '12', department: 'Dairy' } } }));
    fetchMock.mockReturnValueOnce(new Promise(() => undefined));
    void addItemsAction('l1', 'eggs, 3 eggs');
    expect(items().slice(1).map((entry) => entry.properties)).toEqual([{ department: 'Dairy' }, { department: 'Dairy', qty: '3' }]);
  });

  it('removes the items and their history entry when the batch fails', async () => {
    fetchMock.mockResolvedValueOnce(failure(400, 'Item content cannot be empty'));
    await addItemsAction('l1', 'milk');
    expect(items()).toEqual([]);
    expect(appStore.get().history).toEqual([]);
    expect(toastStore.get()[0]?.tone).toBe('error');
  });

  it('creates the items one by one when the batch answers 404', async () => {
    fetchMock
      .mockResolvedValueOnce(failure(404, 'Not found'))
      .mockResolvedValueOnce(answer(201, { ...item('a', 'milk'), additionalItems: [], warnings: [] }))
      .mockResolvedValueOnce(answer(201, { ...item('b', 'eggs'), additionalItems: [], warnings: [] }));
    await addItemsAction('l1', 'milk, eggs');
    expect(items().map((entry) => entry.id)).toEqual(['a', 'b']);
    expect(callOf(fetchMock, 1).body).toEqual({ content: 'milk' });
  });

  it('refuses items on a list that is not created yet', async () => {
    await addItemsAction('temp-123', 'milk');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(toastStore.get()[0]?.message).toBe(MESSAGES.tempListNoItems);
  });

  it('restores a deleted item when the server refuses, but not on 404', async () => {
    appStore.update((state) => ({ ...state, items: { l1: [item('a', 'milk'), item('b', 'eggs')] } }));
    fetchMock.mockResolvedValueOnce(failure(403, 'no'));
    await deleteItemAction('l1', items()[0]!);
    expect(items().map((entry) => entry.id)).toEqual(['a', 'b']);
    fetchMock.mockReset().mockResolvedValueOnce(failure(404, 'Item not found'));
    await deleteItemAction('l1', items()[0]!);
    expect(items().map((entry) => entry.id)).toEqual(['b']);
  });

  it('renames at once with {content, properties: {}}, takes the server item, and rolls back on failure', async () => {
    appStore.update((state) => ({ ...state, items: { l1: [item('a', 'eggs', { properties: { qty: '6' } })] } }));
    let resolve!: (response: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise((done) => (resolve = done)));
    const renaming = renameItemAction('l1', items()[0]!, ' 12 eggs ');
    expect(items()[0]?.content).toBe('12 eggs');
    resolve(answer(200, item('a', 'eggs', { properties: { qty: '12' } })));
    await renaming;
    expect(callOf(fetchMock, 0)).toMatchObject({ method: 'PUT', body: { content: '12 eggs', properties: {} } });
    expect(items()[0]).toMatchObject({ content: 'eggs', properties: { qty: '12' } });

    fetchMock.mockResolvedValueOnce(failure(403, 'You cannot edit this list'));
    await renameItemAction('l1', items()[0]!, 'duck eggs');
    expect(items()[0]).toMatchObject({ content: 'eggs', properties: { qty: '12' } });
    expect(toastStore.get()[0]).toMatchObject({ tone: 'error', message: 'Failed to update item: You cannot edit this list' });
  });

  it('queues changes while offline and replays them in order with the same key', async () => {
    appStore.update((state) => ({ ...state, items: { l1: [item('a', 'milk')] } }));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await toggleItemAction('l1', items()[0]!);
    expect(items()[0]?.is_completed).toBe(true);
    await addItemsAction('l1', 'eggs');
    expect(appStore.get().pendingChanges.map((change) => change.method)).toEqual(['PUT', 'POST']);
    expect(appStore.get().online).toBe(false);
    saveCache();
    expect(JSON.parse(localStorage.getItem('listo_cache')!).pendingChanges).toHaveLength(2);

    const keys = appStore.get().pendingChanges.map((change) => change.key);
    fetchMock.mockReset();
    fetchMock.mockResolvedValueOnce(answer(200, item('a', 'milk', { is_completed: true })));
    fetchMock.mockResolvedValueOnce(answer(201, { results: [item('b', 'eggs')], warnings: [] }));
    await replayPendingChanges();
    expect(appStore.get().pendingChanges).toEqual([]);
    expect([0, 1].map((index) => callOf(fetchMock, index).headers['Idempotency-Key'])).toEqual(keys);
    expect(callOf(fetchMock, 0).method).toBe('PUT');
  });
});
