import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseItem } from '../../../common/item-input.ts';
import { UI_TEXT } from '../../../common/messages.ts';
import { answer, callOf, failure, item, mockFetch } from '../../test/http.ts';
import { appStore, resetAppState } from '../../core/store/app-state.ts';
import { addTypedLineAction, dismissSplitNotice, keepAsOneAction, undoKeepAction, useSplitNotice, type SplitNotice } from './split-notice.ts';
import { toastStore } from '../../core/store/toasts.ts';

const items = () => (appStore.get().items.l1 ?? []).map((entry) => entry.content);
const noticeOf = (listId = 'l1') => renderHook(() => useSplitNotice(listId)).result.current;

/** Answers each batch or replace as the server does when every entry is new: each id made. */
function serverMakesEverything(fetchMock: ReturnType<typeof mockFetch>) {
  fetchMock.mockImplementation(async (_url, init) => {
    const body = JSON.parse(String(init?.body)) as { items: { id: string; content: string }[]; remove?: string[] };
    const results = body.items.map((entry) => {
      const { content, properties } = parseItem(entry.content);
      return item(entry.id, content, { properties });
    });
    return answer(201, { results, warnings: [], merged: {}, ...(body.remove ? { removed: body.remove } : {}) });
  });
}

describe('the split notice', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    resetAppState();
    toastStore.set([]);
    dismissSplitNotice();
    fetchMock = mockFetch();
    serverMakesEverything(fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('offers each stretch that "and" split, with the items it made', async () => {
    expect(await addTypedLineAction('l1', '2 bags chips and salsa, milk and eggs, bread')).toBe(true);
    expect(items()).toEqual(['chips', 'salsa', 'milk', 'eggs', 'bread']);
    const notice = noticeOf();
    const ids = appStore.get().items.l1!.map((entry) => entry.id);
    expect(notice).toEqual({
      kind: 'split',
      listId: 'l1',
      offers: [
        { text: '2 bags chips and salsa', pieces: ['2 bags chips', 'salsa'], itemIds: ids.slice(0, 2), newHistory: ['chips', 'salsa'] },
        { text: 'milk and eggs', pieces: ['milk', 'eggs'], itemIds: ids.slice(2, 4), newHistory: ['milk', 'eggs'] },
      ],
    });
    expect(noticeOf('l2')).toBeUndefined();
  });

  it('offers nothing for names kept whole, commas, or a line that splits nowhere', async () => {
    await addTypedLineAction('l1', 'mac and cheese, "fish and chips", milk');
    expect(items()).toEqual(['mac and cheese', 'fish and chips', 'milk']);
    expect(noticeOf()).toBeUndefined();
  });

  it('offers nothing for an add only queued: its ids may yet stand for items on the list', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await addTypedLineAction('l1', 'chips and salsa');
    expect(items()).toEqual(['chips', 'salsa']);
    expect(noticeOf()).toBeUndefined();
  });

  it('leaves out the items that were on the list before the add, and offers nothing when it made none', async () => {
    const chips = item('c1', 'chips');
    appStore.update((state) => ({ ...state, items: { l1: [chips] } }));
    fetchMock.mockImplementationOnce(async (_url, init) => {
      const [first, second] = (JSON.parse(String(init?.body)) as { items: { id: string }[] }).items;
      return answer(201, { results: [item(second!.id, 'salsa')], warnings: ['"chips" is already on this list'], merged: { [first!.id]: 'c1' } });
    });
    await addTypedLineAction('l1', 'chips and salsa');
    const notice = noticeOf() as Extract<SplitNotice, { kind: 'split' }>;
    expect(notice.offers[0]!.itemIds).toEqual([appStore.get().items.l1![1]!.id]);

    dismissSplitNotice();
    fetchMock.mockResolvedValueOnce(answer(200, { results: [], warnings: [], merged: {} }));
    await addTypedLineAction('l1', 'chips and chips');
    expect(noticeOf()).toBeUndefined();
  });

  describe('Keep as one item', () => {
    it('replaces the items by one of the whole text in one change, and teaches the history the name', async () => {
      appStore.update((state) => ({ ...state, history: ['salsa'] }));
      await addTypedLineAction('l1', '2 bags chips and salsa');
      const offer = (noticeOf() as Extract<SplitNotice, { kind: 'split' }>).offers[0]!;

      await keepAsOneAction('l1', offer);

      const call = callOf(fetchMock, 1);
      expect(call.url).toBe('/api/v1/lists/l1/items/replace');
      expect(call.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
      expect(call.body.remove).toEqual(offer.itemIds);
      expect(call.body.items).toEqual([{ id: expect.any(String), content: '2 bags chips and salsa' }]);
      expect(items()).toEqual(['chips and salsa']);
      expect(appStore.get().items.l1![0]).toMatchObject({ id: call.body.items[0].id, properties: { qty: '2 bags' } });
      // "chips" came with the split and goes with it; "salsa" was typed before and stays.
      expect(appStore.get().history).toEqual(['chips and salsa', 'salsa']);
      expect(noticeOf()).toEqual({
        kind: 'kept',
        listId: 'l1',
        name: 'chips and salsa',
        undo: { itemId: call.body.items[0].id, pieces: ['2 bags chips', 'salsa'], newHistory: ['chips and salsa'] },
      });
    });

    it('is learnt: the same line typed again is one item', async () => {
      await addTypedLineAction('l1', 'chips and salsa');
      await keepAsOneAction('l1', (noticeOf() as Extract<SplitNotice, { kind: 'split' }>).offers[0]!);
      appStore.update((state) => ({ ...state, items: { l1: [] } }));

      await addTypedLineAction('l1', 'chips and salsa and dip');

      expect(items()).toEqual(['chips and salsa', 'dip']);
      expect(callOf(fetchMock, 2).body.items.map((entry: { content: string }) => entry.content)).toEqual(['chips and salsa', 'dip']);
    });

    it('is learnt from the list too: a name someone kept whole there stays whole', async () => {
      appStore.update((state) => ({ ...state, items: { l1: [item('x', 'chips and salsa', { is_completed: true })] } }));
      await addTypedLineAction('l1', 'chips and salsa');
      expect(callOf(fetchMock, 0).body.items.map((entry: { content: string }) => entry.content)).toEqual(['chips and salsa']);
      expect(noticeOf()).toBeUndefined();
    });

    it('puts everything back when refused, says why, and offers it again', async () => {
      await addTypedLineAction('l1', 'chips and salsa');
      const before = noticeOf();
      const history = appStore.get().history;
      fetchMock.mockResolvedValueOnce(failure(403, "You don't have permission to access this list"));

      await keepAsOneAction('l1', (before as Extract<SplitNotice, { kind: 'split' }>).offers[0]!);

      expect(items()).toEqual(['chips', 'salsa']);
      expect(appStore.get().history).toEqual(history);
      expect(toastStore.get().map((toast) => toast.message)).toEqual([`${UI_TEXT.itemsAddFailed}You don't have permission to access this list`]);
      expect(noticeOf()).toEqual(before);
    });

    it('Undo brings the pieces back in one change and forgets the name', async () => {
      await addTypedLineAction('l1', '2 bags chips and salsa');
      await keepAsOneAction('l1', (noticeOf() as Extract<SplitNotice, { kind: 'split' }>).offers[0]!);
      const kept = noticeOf() as Extract<SplitNotice, { kind: 'kept' }>;

      await undoKeepAction('l1', kept.undo!);

      const call = callOf(fetchMock, 2);
      expect(call.url).toBe('/api/v1/lists/l1/items/replace');
      expect(call.body.remove).toEqual([kept.undo!.itemId]);
      expect(call.body.items.map((entry: { content: string }) => entry.content)).toEqual(['2 bags chips', 'salsa']);
      expect(items()).toEqual(['chips', 'salsa']);
      expect(appStore.get().history).not.toContain('chips and salsa');
      expect(noticeOf()).toBeUndefined();
    });
  });
});
