import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_HEADER, STORAGE_KEYS } from '../../../common/constants.ts';
import { answer, callOf, item, mockFetch } from '../../test/http.ts';
import { makeList, makeUser } from '../../test/factories.ts';
import { createListAction } from '../../features/lists/list-actions.ts';
import { appStore, reloadAppStateFromCache, resetAppState, saveCache } from './app-state.ts';
import { CACHE_VERSION } from './cache-format.ts';
import type { PendingChange } from '../sync/pending-change.ts';
import { session } from './session.ts';
import { replayPendingChanges, startConnectionWatch } from '../sync/sync.ts';

const ada = makeUser({ id: 'u1' });
const change = (key: string, content: string): PendingChange => ({ key, listId: 'l1', method: 'POST', path: '/lists/l1/items', body: { content } });
const storedQueue = () => (JSON.parse(localStorage.getItem(STORAGE_KEYS.cache)!) as { pendingChanges: PendingChange[] }).pendingChanges;
const keys = (queue: readonly PendingChange[]) => queue.map((pending) => pending.key);

/** What another tab of the same user does: writes the whole cache, with its own queue, and the browser tells this tab. */
function otherTabWrites(pendingChanges: PendingChange[], userId = ada.id) {
  const json = JSON.stringify({ userId, lists: [], items: {}, pendingChanges, history: [], propertyCache: {}, view: {} });
  localStorage.setItem(STORAGE_KEYS.cache, json);
  window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.cache, newValue: json }));
}

// Every test starts signed in as Ada, with nothing stored.
beforeEach(() => {
  localStorage.clear();
  resetAppState();
  session.signIn({ token: 'ada-token', user: ada });
});
afterEach(() => {
  vi.unstubAllGlobals();
  session.signOut();
});

describe('tabs sharing the queue of changes not sent yet', () => {

  it("keeps another tab's changes in the cache when this tab writes it", () => {
    otherTabWrites([change('k1', 'from tab one')]);
    appStore.update((state) => ({ ...state, pendingChanges: [...state.pendingChanges, change('k2', 'from tab two')] }));
    saveCache();
    expect(keys(storedQueue())).toEqual(['k1', 'k2']);
  });

  it("takes in another tab's changes when it writes, so they go out from here too", async () => {
    otherTabWrites([change('k1', 'from tab one')]);
    expect(keys(appStore.get().pendingChanges)).toEqual(['k1']);
    // Not another account's, left by a tab still open for it.
    otherTabWrites([change('k9', 'not mine')], 'u2');
    expect(keys(appStore.get().pendingChanges)).toEqual(['k1']);

    const fetchMock = mockFetch();
    fetchMock.mockImplementation(() => Promise.resolve(answer(201, {})));
    const stop = startConnectionWatch();
    otherTabWrites([change('k1', 'from tab one'), change('k3', 'from tab one, later')]);
    await vi.waitFor(() => expect(appStore.get().pendingChanges).toEqual([]));
    stop();
    expect([callOf(fetchMock, 0).body, callOf(fetchMock, 1).body]).toEqual([{ content: 'from tab one' }, { content: 'from tab one, later' }]);
  });

  it('writes its changes back when another tab wrote the cache without them (it had not seen them yet)', async () => {
    appStore.update((state) => ({ ...state, pendingChanges: [change('k5', 'from this tab')] }));
    saveCache();
    // The other tab, with nothing queued, writes over the copy with k5 it had not seen yet.
    otherTabWrites([]);
    expect(keys(storedQueue())).toEqual([]);
    await vi.waitFor(() => expect(keys(storedQueue())).toEqual(['k5']));
  });

  it('does not take back a change it sent from a copy another tab wrote before it knew', async () => {
    appStore.update((state) => ({ ...state, pendingChanges: [change('k1', 'milk')] }));
    const fetchMock = mockFetch();
    fetchMock.mockImplementation(() => Promise.resolve(answer(201, {})));
    await replayPendingChanges();
    expect(appStore.get().pendingChanges).toEqual([]);

    otherTabWrites([change('k1', 'milk')]);
    expect(appStore.get().pendingChanges).toEqual([]);
    saveCache();
    expect(storedQueue()).toEqual([]);
  });
});

describe('the cache when the page goes away', () => {

  it('is written at once, not after the save delay: a reload right after a change keeps it', () => {
    appStore.update((state) => ({ ...state, pendingChanges: [change('k1', 'milk')] }));
    expect(localStorage.getItem(STORAGE_KEYS.cache)).toBeNull();
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    expect(keys(storedQueue())).toEqual(['k1']);
  });
});

describe('the cache at start', () => {

  it('brings back what was made here and queued or on its way, and sends what was on its way first', async () => {
    const lists = [
      makeList({ id: 'l1' }),
      { ...makeList({ id: 'l2', name: 'queued' }), tempId: 'temp-l2', pendingKey: 'k1' },
      { ...makeList({ id: 'l3', name: 'on its way' }), tempId: 'temp-l3' },
    ];
    const items = {
      l1: [item('i1', 'milk'), { ...item('i2', 'queued'), tempId: 'temp-i2', pendingKey: 'k2' }, { ...item('i3', 'on its way'), tempId: 'temp-i3' }],
    };
    const pendingChanges = [change('k1', 'l2'), change('k2', 'queued')];
    const inFlight: PendingChange[] = [{ key: 'k0', listId: 'l3', method: 'POST', path: '/lists', body: { id: 'l3', name: 'on its way' } }];
    // i3's request left no record: a cache written before requests on their way were kept.
    localStorage.setItem(STORAGE_KEYS.cache, JSON.stringify({ userId: ada.id, lists, items, pendingChanges, inFlight, history: [], propertyCache: {}, view: {} }));
    restartFromCache();
    await vi.waitFor(() => expect(appStore.get().listsLoaded).toBe(true));
    expect(appStore.get().lists.map((list) => [list.id, list.pendingKey])).toEqual([
      ['l1', undefined],
      ['l2', 'k1'],
      ['l3', 'k0'],
    ]);
    expect(appStore.get().items.l1!.map((each) => each.id)).toEqual(['i1', 'i2']);
    expect(keys(appStore.get().pendingChanges)).toEqual(['k0', 'k1', 'k2']);
  });
});

/** What a reload does to the store: a new page, which starts from the cache. */
function restartFromCache() {
  appStore.update((state) => ({ ...state, lists: [], listsLoaded: false, items: {}, pendingChanges: [], inFlight: [] }));
  reloadAppStateFromCache();
}

describe('a reload while a change is on its way', () => {

  it('sends it again after the reload, with the same key, and keeps what it made on the screen until then', async () => {
    const fetchMock = mockFetch();
    // The page goes away before the answer comes.
    fetchMock.mockImplementationOnce(() => new Promise(() => undefined));
    void createListAction('Groceries');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    window.dispatchEvent(new PageTransitionEvent('pagehide'));

    restartFromCache();
    const first = callOf(fetchMock, 0);
    const key = first.headers[IDEMPOTENCY_HEADER];
    expect(appStore.get().lists.map((list) => [list.name, list.pendingKey])).toEqual([['Groceries', key]]);

    const list = makeList({ id: first.body.id, name: 'Groceries' });
    fetchMock.mockResolvedValueOnce(answer(201, { list }));
    await replayPendingChanges();
    const again = callOf(fetchMock, 1);
    expect([again.method, again.url, again.body, again.headers[IDEMPOTENCY_HEADER]]).toEqual([first.method, first.url, first.body, key]);
    expect(appStore.get().pendingChanges).toEqual([]);
  });

  it("is queued in the cache when the page goes away, for another tab still open to send, even after that tab's write left it out", async () => {
    const fetchMock = mockFetch();
    fetchMock.mockImplementation(() => new Promise(() => undefined));
    void createListAction('Groceries');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    saveCache();
    otherTabWrites([change('k9', 'from the other tab')]);
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.cache)!) as { pendingChanges: PendingChange[]; inFlight: PendingChange[] };
    expect(stored.pendingChanges.map((queued) => queued.path)).toEqual(['/lists', '/lists/l1/items']);
    expect(stored.inFlight).toEqual([]);
    expect(keys(stored.pendingChanges)[0]).toBe(callOf(fetchMock, 0).headers[IDEMPOTENCY_HEADER]);

    // The next start (or that other tab) sends it; what it made stays, tied to it.
    restartFromCache();
    const list = appStore.get().lists.find((each) => each.name === 'Groceries');
    expect(list?.pendingKey).toBe(keys(stored.pendingChanges)[0]);
  });
});

describe('a stored cache this version cannot take', () => {
  const stored = (cache: object) => localStorage.setItem(STORAGE_KEYS.cache, JSON.stringify(cache));

  it('is dropped, not thrown: a malformed one or a newer version starts empty, to be loaded afresh', async () => {
    for (const cache of [
      { version: CACHE_VERSION, userId: ada.id, lists: 'not a list', items: {} },
      { version: CACHE_VERSION, userId: ada.id, lists: [makeList({ id: 'l1' })], items: { l1: [{ id: 'i1' }] } },
      { version: CACHE_VERSION + 1, userId: ada.id, lists: [makeList({ id: 'l1' })], items: {} },
    ]) {
      stored(cache);
      restartFromCache();
      expect(appStore.get()).toMatchObject({ lists: [], listsLoaded: false, items: {} });
    }
  });

  it('of an earlier Listo, without a version, is taken in with what it lacks filled in; a save writes the version', async () => {
    stored({ userId: ada.id, lists: [makeList({ id: 'l1' })], items: { l1: [item('i1', 'milk')] } });
    restartFromCache();
    await vi.waitFor(() => expect(appStore.get().listsLoaded).toBe(true));
    expect(appStore.get().items.l1!.map((each) => each.content)).toEqual(['milk']);
    saveCache();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.cache)!)).toMatchObject({ version: CACHE_VERSION, userId: ada.id });
  });
});
