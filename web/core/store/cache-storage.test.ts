import 'fake-indexeddb/auto';
import { get } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { CACHE_SAVE_DELAY_MS, STORAGE_KEYS } from '../../../common/constants.ts';
import { makeList, makeUser } from '../../test/factories.ts';
import { item } from '../../test/http.ts';
import { appStore, reloadAppStateFromCache, saveCache } from './app-state.ts';
import { clearCacheText, LOCAL_CACHE_MAX_CHARS, readCacheText, writeCacheText } from './cache-storage.ts';
import { session } from './session.ts';

async function textOf(read: ReturnType<typeof readCacheText>) {
  return 'json' in read ? read.json : await read.pending;
}

describe('the offline cache', () => {
  beforeEach(() => {
    localStorage.clear();
    clearCacheText();
  });

  it('stays in localStorage under listo_cache while it is small', async () => {
    await writeCacheText('{"lists":[]}');
    expect(localStorage.getItem(STORAGE_KEYS.cache)).toBe('{"lists":[]}');
    expect(readCacheText()).toEqual({ json: '{"lists":[]}' });
  });

  it('moves to IndexedDB, same key, once it outgrows localStorage, and comes back when it shrinks', async () => {
    const big = JSON.stringify({ lists: [], history: ['x'.repeat(LOCAL_CACHE_MAX_CHARS)] });
    await writeCacheText(big);
    expect(localStorage.getItem(STORAGE_KEYS.cache)!.length).toBeLessThan(100);
    expect(await get(STORAGE_KEYS.cache)).toBe(big);
    expect(await textOf(readCacheText())).toBe(big);

    await writeCacheText('{"lists":[]}');
    expect(readCacheText()).toEqual({ json: '{"lists":[]}' });
    expect(await get(STORAGE_KEYS.cache)).toBeUndefined();
  });

  it('restores a big cache into the store, and a sign-out forgets it in both places', async () => {
    session.signIn({ token: 'token', user: makeUser({ id: 'u1' }) });
    const lists = [makeList({ id: 'big', name: 'Warehouse' })];
    const items = { big: Array.from({ length: 3000 }, (_, i) => item(`i${i}`, `item ${i} ${'·'.repeat(400)}`)) };
    await writeCacheText(JSON.stringify({ userId: 'u1', lists, items, pendingChanges: [], history: [], propertyCache: {} }));
    reloadAppStateFromCache();
    await expect.poll(() => appStore.get().lists.map((list) => list.id)).toEqual(['big']);
    expect(appStore.get().items.big).toHaveLength(3000);

    session.signOut();
    expect(appStore.get().lists).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEYS.cache)).toBeNull();
    await expect.poll(() => get(STORAGE_KEYS.cache)).toBeUndefined();
    // Nothing written back once the save delay has passed.
    await new Promise((resolve) => setTimeout(resolve, CACHE_SAVE_DELAY_MS + 50));
    expect(localStorage.getItem(STORAGE_KEYS.cache)).toBeNull();
  });

  it("keeps each list's sort and Completed last for the next start", async () => {
    session.signIn({ token: 'token', user: makeUser({ id: 'u1' }) });
    appStore.update((state) => ({ ...state, view: { l1: { mode: 'name-asc', completedLast: true } } }));
    saveCache();
    appStore.update((state) => ({ ...state, view: {} }));
    reloadAppStateFromCache();
    await expect.poll(() => appStore.get().view).toEqual({ l1: { mode: 'name-asc', completedLast: true } });
    session.signOut();
  });

  it("never restores another user's cache (a tab still open for the last account may have written it), and saves its owner", async () => {
    session.signIn({ token: 'token', user: makeUser({ id: 'u2' }) });
    const pendingChanges = [{ key: 'k1', listId: 'l1', method: 'DELETE', path: '/lists/l1' }];
    localStorage.setItem(STORAGE_KEYS.cache, JSON.stringify({ userId: 'u1', lists: [makeList({ id: 'l1' })], items: {}, pendingChanges }));
    reloadAppStateFromCache();
    await Promise.resolve();
    expect(appStore.get()).toMatchObject({ lists: [], listsLoaded: false, pendingChanges: [] });

    saveCache();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.cache)!)).toMatchObject({ userId: 'u2', lists: [] });
    session.signOut();
  });

  it('restores a cache an earlier Listo wrote without an owner, with the changes it queued offline', async () => {
    session.signIn({ token: 'token', user: makeUser({ id: 'u2' }) });
    const pendingChanges = [{ key: 'k1', listId: 'l1', method: 'DELETE', path: '/lists/l1' }];
    localStorage.setItem(STORAGE_KEYS.cache, JSON.stringify({ lists: [makeList({ id: 'l1' })], items: {}, pendingChanges }));
    reloadAppStateFromCache();
    await Promise.resolve();
    expect(appStore.get()).toMatchObject({ lists: [{ id: 'l1' }], pendingChanges });
    session.signOut();
  });
});
