import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ITEM_BATCH_MAX } from '../../../common/constants.ts';
import { MESSAGES, UI_TEXT } from '../../../common/messages.ts';
import { answer, callOf, failure, item, mockFetch } from '../../test/http.ts';
import { makeList, makeUser } from '../../test/factories.ts';
import { appStore, resetAppState, saveCache } from '../../core/store/app-state.ts';
import { addItemsAction, renameItemAction, setServerItems, toggleItemAction } from './item-actions.ts';
import { createListAction } from '../lists/list-actions.ts';
import { session } from '../../core/store/session.ts';
import { replayPendingChanges } from '../../core/sync/sync.ts';
import { toastStore } from '../../core/store/toasts.ts';

const items = () => appStore.get().items.l1 ?? [];

describe('item actions', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    resetAppState();
    toastStore.set([]);
    fetchMock = mockFetch();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows parsed items at once, under the ids it sends, and takes the server ones', async () => {
    let resolve!: (response: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise((done) => (resolve = done)));
    const adding = addItemsAction('l1', '2 bottles milk, eggs and bread');
    expect(items().map((entry) => [entry.content, entry.properties.qty])).toEqual([
      ['milk', '2 bottles'],
      ['eggs', undefined],
      ['bread', undefined],
    ]);
    expect(items().every((entry) => entry.tempId?.startsWith('temp-'))).toBe(true);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const call = callOf(fetchMock, 0);
    const sent = (call.body as { items: { id: string; content: string }[] }).items;
    expect(sent.map((entry) => entry.content)).toEqual(['2 bottles milk', 'eggs', 'bread']);
    expect(sent.map((entry) => entry.id)).toEqual(items().map((entry) => entry.id));
    expect(call.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    resolve(answer(201, { results: sent.map((entry, index) => item(entry.id, ['milk', 'eggs', 'bread'][index]!)), warnings: [] }));
    await adding;
    expect(items().map((entry) => entry.id)).toEqual(sent.map((entry) => entry.id));
    expect(items().every((entry) => entry.tempId === undefined)).toBe(true);
    expect(appStore.get().history).toEqual(['milk', 'eggs', 'bread']);
  });

  it('keeps the items the server repeats unchanged, so their rows do not render again', () => {
    setServerItems('l1', [item('a', 'milk'), item('b', 'eggs')]);
    const before = items();
    setServerItems('l1', [item('a', 'milk'), item('b', 'eggs')]);
    expect(items()).toBe(before);
    setServerItems('l1', [item('a', 'milk'), item('b', 'eggs', { is_completed: true })]);
    expect(items()[0]).toBe(before[0]);
    expect(items()[1]).toMatchObject({ id: 'b', is_completed: true });
  });

  it('shows one row when the live feed brings the new item before the batch call answers', async () => {
    let resolve!: (response: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise((done) => (resolve = done)));
    const adding = addItemsAction('l1', 'milk');
    const [made] = items();
    setServerItems('l1', [item(made!.id, 'milk')]);
    expect(items().map((entry) => [entry.id, entry.tempId])).toEqual([[made!.id, undefined]]);
    resolve(answer(201, { results: [item(made!.id, 'milk')], warnings: [] }));
    await adding;
    expect(items().map((entry) => entry.id)).toEqual([made!.id]);
  });

  describe('a slow answer, after the live feed brought a later change', () => {
    const at = (second: number) => `2025-01-01T00:00:0${second}.000Z`;

    it("keeps the later change: a check answered after someone's rename does not undo it", async () => {
      setServerItems('l1', [item('a', 'apple', { updated_at: at(1) })]);
      let resolve!: (response: Response) => void;
      fetchMock.mockReturnValueOnce(new Promise((done) => (resolve = done)));
      const checking = toggleItemAction('l1', items()[0]!);
      setServerItems('l1', [item('a', 'apple', { is_completed: true, updated_at: at(2) })]);
      setServerItems('l1', [item('a', 'apple B', { is_completed: true, updated_at: at(3) })]);
      resolve(answer(200, item('a', 'apple', { is_completed: true, updated_at: at(2) })));
      await checking;
      expect(items()).toMatchObject([{ id: 'a', content: 'apple B', is_completed: true }]);
    });

    it("keeps someone's rename that refused this one (409), says so, and sent the name the editor started from", async () => {
      setServerItems('l1', [item('a', 'milk', { updated_at: at(1) })]);
      let resolve!: (response: Response) => void;
      fetchMock.mockReturnValueOnce(new Promise((done) => (resolve = done)));
      const renaming = renameItemAction('l1', items()[0]!, 'whole milk', 'milk');
      expect(items()[0]).toMatchObject({ content: 'whole milk' });
      setServerItems('l1', [item('a', 'oat milk', { updated_at: at(2) })]);
      const refusal = 'Someone renamed this item to "oat milk" meanwhile, so your change was not saved.';
      resolve(failure(409, refusal));
      await renaming;
      expect(callOf(fetchMock, 0).body).toEqual({ content: 'whole milk', properties: {}, expected_content: 'milk' });
      expect(items()).toMatchObject([{ id: 'a', content: 'oat milk' }]);
      expect(toastStore.get()[0]).toMatchObject({ tone: 'error', message: UI_TEXT.itemUpdateFailed + refusal });
    });

    it('reads the items again after a 409 when the live feed has not brought the rename that won', async () => {
      setServerItems('l1', [item('a', 'milk', { updated_at: at(1) })]);
      fetchMock.mockResolvedValueOnce(failure(409, 'Someone renamed this item to "oat milk" meanwhile, so your change was not saved.'));
      fetchMock.mockResolvedValueOnce(answer(200, { items: [item('a', 'oat milk', { updated_at: at(2) })], next: null, seq: 2 }));
      await renameItemAction('l1', items()[0]!, 'whole milk', 'milk');
      await vi.waitFor(() => expect(items()).toMatchObject([{ id: 'a', content: 'oat milk' }]));
      expect(callOf(fetchMock, 1)).toMatchObject({ method: 'GET', url: expect.stringContaining('/lists/l1/items') });
    });

    it('does not bring back an item added here and deleted elsewhere meanwhile', async () => {
      setServerItems('l1', []);
      let resolve!: (response: Response) => void;
      fetchMock.mockReturnValueOnce(new Promise((done) => (resolve = done)));
      const adding = addItemsAction('l1', 'dates');
      const [made] = items();
      setServerItems('l1', [item(made!.id, 'dates', { updated_at: at(1) })]);
      setServerItems('l1', []);
      resolve(answer(201, { results: [item(made!.id, 'dates', { updated_at: at(1) })], warnings: [] }));
      await adding;
      expect(items()).toEqual([]);
    });
  });

  it("reads a visited list again after a write is refused 403: its owner turned visitors' editing off", async () => {
    const visited = makeList({ owner_id: 'u2', isOwner: false, visibility: 'public', public_editable: true });
    appStore.update((state) => ({ ...state, visited: { l1: visited } }));
    setServerItems('l1', [item('a', 'apple')]);
    const viewOnly = makeList({ ...visited, public_editable: false, can: { ...visited.can, editItems: false } });
    fetchMock
      .mockResolvedValueOnce(failure(403, "You don't have permission to access this list"))
      .mockResolvedValueOnce(answer(200, { list: viewOnly }));
    await toggleItemAction('l1', items()[0]!);
    await vi.waitFor(() => expect(appStore.get().visited.l1?.can.editItems).toBe(false));
    expect(callOf(fetchMock, 1).url).toBe('/api/v1/lists/l1');
    expect(items()).toMatchObject([{ id: 'a', is_completed: false }]);
  });

  it('reads a member list again after a write is refused for the list: the role lowered, or the list gone', async () => {
    const mine = makeList({ owner_id: 'u2', isOwner: false });
    appStore.update((state) => ({ ...state, lists: [mine] }));
    setServerItems('l1', [item('a', 'apple')]);
    const viewOnly = makeList({ ...mine, can: { ...mine.can, editItems: false } });
    fetchMock.mockResolvedValueOnce(failure(403, 'You cannot edit this list')).mockResolvedValueOnce(answer(200, { list: viewOnly }));
    await toggleItemAction('l1', items()[0]!);
    await vi.waitFor(() => expect(appStore.get().lists[0]?.can.editItems).toBe(false));

    fetchMock.mockResolvedValueOnce(failure(404, MESSAGES.listNotFound)).mockResolvedValueOnce(failure(404, MESSAGES.listNotFound));
    await renameItemAction('l1', items()[0]!, 'pear');
    await vi.waitFor(() => expect(appStore.get().lists).toEqual([]));
    expect(callOf(fetchMock, 3).url).toBe('/api/v1/lists/l1');
  });

  it('adds no second row for a name already unchecked on the list, and puts a checked one back', async () => {
    appStore.update((state) => ({ ...state, items: { l1: [item('a', 'eggs'), item('b', 'bread', { is_completed: true })] } }));
    let resolve!: (response: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise((done) => (resolve = done)));
    const adding = addItemsAction('l1', 'eggs, bread');
    expect(items().map((entry) => [entry.id, entry.is_completed])).toEqual([
      ['a', false],
      ['b', false],
    ]);
    resolve(answer(201, { results: [item('b', 'bread')], warnings: ['"eggs" is already on this list'] }));
    await adding;
    expect(items().map((entry) => entry.id)).toEqual(['a', 'b']);
    expect(toastStore.get()[0]?.message).toBe('"eggs" is already on this list');
  });

  it('starts an optimistic item from the remembered properties, never from a remembered quantity', async () => {
    setServerItems('l1', [item('a', 'milk', { properties: { qty: '2 gallons', department: 'Dairy' } })]);
    expect(appStore.get().propertyCache).toEqual({ milk: { department: 'Dairy' } });
    // A cache kept by another version of the app may still hold a quantity.
    appStore.update((state) => ({ ...state, propertyCache: { egg: { qty: '12', department: 'Dairy' } } }));
    fetchMock.mockReturnValue(new Promise(() => undefined));
    void addItemsAction('l1', 'eggs');
    void addItemsAction('l2', '3 eggs');
    expect(items()[1]?.properties).toEqual({ department: 'Dairy' });
    expect(appStore.get().items.l2?.[0]?.properties).toEqual({ department: 'Dairy', qty: '3' });
  });

  it(`sends a line of more items than one call takes in turns of ${ITEM_BATCH_MAX}, in order`, async () => {
    fetchMock.mockImplementation(async (_url, init) => {
      const { items: sent } = JSON.parse(String(init?.body)) as { items: { id: string; content: string }[] };
      return answer(201, { results: sent.map((entry) => item(entry.id, entry.content)), warnings: [] });
    });
    const names = Array.from({ length: ITEM_BATCH_MAX + 50 }, (_, index) => `thing${index}`);
    expect(await addItemsAction('l1', names.join(', '))).toBe(true);
    const sent = fetchMock.mock.calls.map((_, index) => (callOf(fetchMock, index).body as { items: { content: string }[] }).items.map((entry) => entry.content));
    expect(sent.map((batch) => batch.length)).toEqual([ITEM_BATCH_MAX, 50]);
    expect(sent.flat()).toEqual(names);
    expect(items().map((entry) => entry.content)).toEqual(names);
  });

  it('stops at a turn the server refuses: the turns before it stay, the rest is not sent', async () => {
    fetchMock
      .mockImplementationOnce(async (_url, init) => {
        const { items: sent } = JSON.parse(String(init?.body)) as { items: { id: string; content: string }[] };
        return answer(201, { results: sent.map((entry) => item(entry.id, entry.content)), warnings: [] });
      })
      .mockResolvedValueOnce(failure(413, 'The list is full'));
    const names = Array.from({ length: 2 * ITEM_BATCH_MAX + 1 }, (_, index) => `thing${index}`);
    expect(await addItemsAction('l1', names.join(', '))).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(items()).toHaveLength(ITEM_BATCH_MAX);
  });

  it('removes the items and their history entry when the batch fails', async () => {
    fetchMock.mockResolvedValueOnce(failure(400, 'Item content cannot be empty'));
    expect(await addItemsAction('l1', 'milk')).toBe(false);
    expect(items()).toEqual([]);
    expect(appStore.get().history).toEqual([]);
    expect(toastStore.get()[0]?.tone).toBe('error');
  });

  it('creates the items one by one, under the same ids, when the batch answers 404', async () => {
    fetchMock.mockResolvedValueOnce(failure(404, 'Not found'));
    fetchMock.mockImplementation(async (_url, init) => {
      const entry = JSON.parse(String(init?.body)) as { id: string; content: string };
      return answer(201, { ...item(entry.id, entry.content), additionalItems: [], warnings: [] });
    });
    expect(await addItemsAction('l1', 'milk, eggs')).toBe(true);
    const sent = (callOf(fetchMock, 0).body as { items: { id: string }[] }).items.map((entry) => entry.id);
    expect(items().map((entry) => entry.id)).toEqual(sent);
    expect(callOf(fetchMock, 1).body).toEqual({ id: sent[0], content: 'milk' });
  });

  it('adds items to a list made here at once; they reach the server after the list', async () => {
    const order: string[] = [];
    let createList!: () => void;
    fetchMock.mockImplementation(async (url, init) => {
      order.push(`${init?.method} ${String(url)}`);
      if (String(url).endsWith('/lists')) {
        await new Promise<void>((done) => (createList = done));
        const { id, name } = JSON.parse(String(init?.body)) as { id: string; name: string };
        return answer(201, { list: makeList({ id, name }) });
      }
      return answer(201, { results: [], warnings: [] });
    });
    session.signIn({ token: 'tok', user: makeUser() });
    const creating = createListAction('Party');
    const listId = appStore.get().lists[0]!.id;
    const adding = addItemsAction(listId, 'chips');
    expect(appStore.get().items[listId]?.map((entry) => entry.content)).toEqual(['chips']);
    await vi.waitFor(() => expect(order).toHaveLength(1));
    createList();
    await creating;
    await adding;
    expect(order).toEqual(['POST /api/v1/lists', `POST /api/v1/lists/${listId}/items/batch`]);
  });

  it('renames at once with {content, properties: {}}, takes the server item, and rolls back on failure', async () => {
    appStore.update((state) => ({ ...state, items: { l1: [item('a', 'eggs', { properties: { qty: '6' } })] } }));
    let resolve!: (response: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise((done) => (resolve = done)));
    const renaming = renameItemAction('l1', items()[0]!, ' 12 eggs ');
    expect(items()[0]).toMatchObject({ content: 'eggs', properties: { qty: '12' } });
    resolve(answer(200, item('a', 'eggs', { properties: { qty: '12' } })));
    await renaming;
    expect(callOf(fetchMock, 0)).toMatchObject({ method: 'PUT', body: { content: '12 eggs', properties: {}, expected_content: 'eggs' } });
    expect(items()[0]).toMatchObject({ content: 'eggs', properties: { qty: '12' } });

    fetchMock.mockResolvedValueOnce(failure(403, 'You cannot edit this list'));
    await renameItemAction('l1', items()[0]!, 'duck eggs');
    expect(items()[0]).toMatchObject({ content: 'eggs', properties: { qty: '12' } });
    expect(toastStore.get()[0]).toMatchObject({ tone: 'error', message: 'Failed to update item: You cannot edit this list' });

    // The text the editor starts from, quantity included, is no change; without the quantity it is one.
    fetchMock.mockClear();
    await renameItemAction('l1', items()[0]!, '12 eggs');
    expect(fetchMock).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(answer(200, item('a', 'eggs')));
    await renameItemAction('l1', items()[0]!, 'eggs');
    expect(callOf(fetchMock, 0)).toMatchObject({ method: 'PUT', body: { content: 'eggs', properties: {} } });
    expect(items()[0]?.properties).toEqual({});
  });

  it('queues changes while offline and replays them in order with the same key', async () => {
    session.signIn({ token: 'tok', user: makeUser() });
    appStore.update((state) => ({ ...state, items: { l1: [item('a', 'milk')] } }));
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await toggleItemAction('l1', items()[0]!);
    expect(items()[0]?.is_completed).toBe(true);
    expect(await addItemsAction('l1', 'eggs')).toBe(true);
    expect(appStore.get().pendingChanges.map((change) => change.method)).toEqual(['PUT', 'POST']);
    expect(appStore.get().online).toBe(false);
    // The replay a queued change starts at once finds the network still down.
    await replayPendingChanges();
    expect(appStore.get().pendingChanges).toHaveLength(2);
    saveCache();
    expect(JSON.parse(localStorage.getItem('listo_cache')!).pendingChanges).toHaveLength(2);

    const keys = appStore.get().pendingChanges.map((change) => change.key);
    fetchMock.mockReset();
    fetchMock.mockResolvedValueOnce(answer(200, item('a', 'milk', { is_completed: true })));
    const eggs = appStore.get().items.l1!.find((entry) => entry.content === 'eggs')!;
    fetchMock.mockResolvedValueOnce(answer(201, { results: [item(eggs.id, 'eggs')], warnings: [] }));
    await replayPendingChanges();
    expect(appStore.get().items.l1?.map((entry) => entry.id)).toEqual(['a', eggs.id]);
    expect(appStore.get().pendingChanges).toEqual([]);
    expect([0, 1].map((index) => callOf(fetchMock, index).headers['Idempotency-Key'])).toEqual(keys);
    expect(callOf(fetchMock, 0).method).toBe('PUT');
  });
});
