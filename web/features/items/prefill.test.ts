import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PREFILL_CACHE_CHARS_MAX, PREFILL_LIST_ITEMS_MAX, PREFILL_LISTS_MAX } from '../../../common/constants.ts';
import type { ListView } from '../../../common/schemas/lists.ts';
import { answer, item, mockFetch } from '../../test/http.ts';
import { makeList, makeUser } from '../../test/factories.ts';
import { appStore, resetAppState, type AppState, type ClientItem } from '../../core/store/app-state.ts';
import type { PendingChange } from '../../core/sync/pending-change.ts';
import { ITEM_CHARS_ESTIMATE, listsToPrefill, PREFILL_SETTLE_MS, startPrefill } from './prefill.ts';
import { session } from '../../core/store/session.ts';

vi.mock('../../core/net/when-idle.ts', () => ({ whenIdle: () => Promise.resolve() }));

/** A list last changed `minutesAgo` before noon, holding `count` items. */
const listUsed = (id: string, minutesAgo: number, count = 1): ListView => {
  const at = new Date(Date.UTC(2025, 0, 1, 12, -minutesAgo)).toISOString();
  return makeList({ id, name: id, item_count: count, last_change: { by: 'Ada', by_me: true, summary: 'added', app: null, at } });
};
const itemsOf = (listId: string, count: number): ClientItem[] => Array.from({ length: count }, (_, index) => item(`${listId}-${index}`, `thing ${index}`, { list_id: listId }));
const NOON = '2025-01-01T12:00:00.000Z';

function held(lists: ListView[], overrides: Partial<AppState> = {}): AppState {
  return { ...appStore.get(), lists, listsLoaded: true, ...overrides };
}

describe('the lists whose items are read for offline use', () => {
  beforeEach(() => resetAppState());

  it('are the lists used most recently first: their last change, by anyone', () => {
    const lists = [listUsed('a', 30), listUsed('b', 5), makeList({ id: 'c', item_count: 1, updated_at: '2025-01-01T11:50:00.000Z' }), listUsed('d', 60)];
    expect(listsToPrefill(held(lists))).toEqual(['b', 'c', 'a', 'd']);
  });

  it(`are taken from the ${PREFILL_LISTS_MAX} used most recently only`, () => {
    const lists = Array.from({ length: PREFILL_LISTS_MAX + 3 }, (_, index) => listUsed(`l${index}`, index));
    expect(listsToPrefill(held(lists))).toEqual(lists.slice(0, PREFILL_LISTS_MAX).map((list) => list.id));
  });

  it(`leave out a list of more than one page of items (${PREFILL_LIST_ITEMS_MAX}): it is kept once opened`, () => {
    const lists = [listUsed('big', 1, PREFILL_LIST_ITEMS_MAX + 1), listUsed('page', 2, PREFILL_LIST_ITEMS_MAX)];
    expect(listsToPrefill(held(lists))).toEqual(['page']);
  });

  it('stop short of the size the cache may hold, counting the items held already; a smaller list after one too big still fits', () => {
    const perList = Math.floor(PREFILL_CACHE_CHARS_MAX / ITEM_CHARS_ESTIMATE / 4);
    const lists = [listUsed('one', 1, perList), listUsed('two', 2, perList), listUsed('three', 3, perList), listUsed('four', 4, perList), listUsed('tiny', 5, 1)];
    expect(listsToPrefill(held(lists))).toEqual(['one', 'two', 'three', 'four']);
    // A list opened here takes its room: the fourth no longer fits, the tiny one does.
    const opened = itemsOf('opened', perList);
    const size = JSON.stringify(opened).length;
    expect(size).toBeGreaterThan(ITEM_CHARS_ESTIMATE * perList * 0.5);
    expect(listsToPrefill(held(lists, { items: { opened }, itemsReadAt: { opened: NOON } }))).toEqual(['one', 'two', 'three', 'tiny']);
  });

  it('leave out a list whose items are held and unchanged since they were read; take one changed since, or never read', () => {
    const lists = [listUsed('fresh', 10, 2), listUsed('changed', 1, 2), listUsed('counts', 20, 3), listUsed('new', 30, 2)];
    const items = { fresh: itemsOf('fresh', 2), changed: itemsOf('changed', 2), counts: itemsOf('counts', 2) };
    const readAt = '2025-01-01T11:55:00.000Z';
    const plan = listsToPrefill(held(lists, { items, itemsReadAt: { fresh: readAt, changed: readAt, counts: readAt } }));
    expect(plan).toEqual(['changed', 'counts', 'new']);
  });

  it("leave out a list not on the server yet, and one with the user's changes waiting or on their way", () => {
    const change = (listId: string): PendingChange => ({ key: listId, listId, method: 'POST', path: `/lists/${listId}/items`, body: {} });
    const lists = [listUsed('queued', 1), listUsed('sending', 2), { ...listUsed('made-here', 3), tempId: 'temp-1' }, listUsed('quiet', 4)];
    expect(listsToPrefill(held(lists, { pendingChanges: [change('queued')], inFlight: [change('sending')] }))).toEqual(['quiet']);
  });
});

describe('filling the cache in the background', () => {
  let fetchMock: ReturnType<typeof mockFetch>;
  let stop: () => void = () => undefined;
  const reads = () => fetchMock.mock.calls.map(([url]) => String(url));
  const page = (listId: string, count: number) => answer(200, { items: itemsOf(listId, count), next: null, seq: 1 });

  beforeEach(() => {
    resetAppState();
    session.signIn({ token: 'tok', user: makeUser() });
    fetchMock = mockFetch();
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    session.signOut();
  });

  it('reads the lists one at a time, most recent first, and holds their items with the time of the read', async () => {
    appStore.update((state) => ({ ...state, lists: [listUsed('older', 20, 1), listUsed('newer', 2, 2)], listsLoaded: true }));
    fetchMock.mockImplementation(async (url) => page(String(url).includes('newer') ? 'newer' : 'older', String(url).includes('newer') ? 2 : 1));
    stop = startPrefill();
    await vi.waitFor(() => expect(appStore.get().items.older).toHaveLength(1));
    expect(reads()).toEqual(['/api/v1/lists/newer/items', '/api/v1/lists/older/items']);
    expect(appStore.get().items.newer).toHaveLength(2);
    expect(appStore.get().itemsReadAt.older).toBeDefined();
  });

  it("waits while a change of the user's is on its way, and reads nothing meanwhile", async () => {
    const sending: PendingChange = { key: 'k', listId: 'other', method: 'PUT', path: '/lists/other/items/x', body: {} };
    appStore.update((state) => ({ ...state, lists: [listUsed('a', 1)], listsLoaded: true, inFlight: [sending] }));
    fetchMock.mockImplementation(async () => page('a', 1));
    stop = startPrefill();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads()).toEqual([]);
    appStore.update((state) => ({ ...state, inFlight: [] }));
    await vi.waitFor(() => expect(reads()).toEqual(['/api/v1/lists/a/items']));
  });

  it('stops when the server cannot be reached, and goes on when the connection returns', async () => {
    appStore.update((state) => ({ ...state, lists: [listUsed('a', 1), listUsed('b', 2)], listsLoaded: true }));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    stop = startPrefill();
    await vi.waitFor(() => expect(reads()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads()).toHaveLength(1);

    fetchMock.mockImplementation(async (url) => page(String(url).includes('/a/') ? 'a' : 'b', 1));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(Object.keys(appStore.get().itemsReadAt).sort()).toEqual(['a', 'b']));
  });

  it('skips a list the server refuses, and goes on with the next', async () => {
    appStore.update((state) => ({ ...state, lists: [listUsed('gone', 1), listUsed('b', 2)], listsLoaded: true }));
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('gone') ? answer(404, { error: { code: 'not_found', message: 'List not found or not accessible' } }) : page('b', 1),
    );
    stop = startPrefill();
    await vi.waitFor(() => expect(appStore.get().items.b).toHaveLength(1));
    expect(appStore.get().items.gone).toBeUndefined();
  });

  it('keeps a newer read that came in meanwhile (the list opened, the live feed): its own answer is dropped', async () => {
    appStore.update((state) => ({ ...state, lists: [listUsed('a', 1, 1)], listsLoaded: true }));
    let answerNow: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answerNow = resolve)));
    stop = startPrefill();
    await vi.waitFor(() => expect(reads()).toHaveLength(1));
    const live = itemsOf('a', 1).map((entry) => ({ ...entry, content: 'from the live feed' }));
    appStore.update((state) => ({ ...state, items: { ...state.items, a: live }, itemsReadAt: { ...state.itemsReadAt, a: '2025-01-01T12:30:00.000Z' } }));
    answerNow(page('a', 1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(appStore.get().items.a!.map((entry) => entry.content)).toEqual(['from the live feed']);
  });

  it('reads a list again once its document says it changed, after the lists settle', async () => {
    vi.useFakeTimers();
    appStore.update((state) => ({ ...state, lists: [listUsed('a', 10, 1)], listsLoaded: true }));
    fetchMock.mockImplementation(async () => page('a', 1));
    stop = startPrefill();
    await vi.advanceTimersByTimeAsync(0);
    expect(reads()).toHaveLength(1);
    // Someone added an item elsewhere: the live feed brings the list's new document.
    fetchMock.mockImplementation(async () => page('a', 2));
    appStore.update((state) => ({ ...state, lists: [{ ...listUsed('a', 10, 2), last_change: { by: 'Bo', by_me: false, summary: 'added', app: null, at: '2999-01-01T00:00:00.000Z' } }] }));
    await vi.advanceTimersByTimeAsync(PREFILL_SETTLE_MS - 1);
    expect(reads()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads()).toHaveLength(2);
    expect(appStore.get().items.a).toHaveLength(2);
  });

  it('reads nothing for the next account once stopped (signed out)', async () => {
    appStore.update((state) => ({ ...state, lists: [listUsed('a', 1)], listsLoaded: true, inFlight: [{ key: 'k', listId: 'x', method: 'PUT', path: '/x' }] }));
    stop = startPrefill();
    stop();
    appStore.update((state) => ({ ...state, inFlight: [] }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads()).toEqual([]);
  });
});
