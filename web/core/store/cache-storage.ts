import { del, get, set } from 'idb-keyval';
import { STORAGE_KEYS } from '../../../common/constants.ts';
import { localStore } from './local-storage.ts';
import { session } from './session.ts';

/**
 * Where the offline cache (`listo_cache`) lives: in localStorage while it is small,
 * read synchronously so the app starts with it at once; in IndexedDB, under the same key, once it
 * outgrows a safe share of localStorage's few MB (big lists). localStorage then holds only a marker
 * saying so. The other keys (token, user, selected list, theme) always stay in localStorage (or in
 * memory where the browser blocks site data: local-storage.ts).
 */

/** About 2 MB in UTF-16: half of the smallest localStorage quota browsers give an origin. */
export const LOCAL_CACHE_MAX_CHARS = 1_000_000;
const IN_INDEXED_DB = '{"storedIn":"indexedDB"}';

export type CacheRead = { json: string | null } | { pending: Promise<string | null> };

/** IndexedDB work that may fail (private mode, no IndexedDB at all): a failure is an empty answer. */
async function indexedDb<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch {
    return undefined;
  }
}

/** The cache as text: at once from localStorage, or a promise when it lives in IndexedDB. */
export function readCacheText(): CacheRead {
  const local = localStore.getItem(STORAGE_KEYS.cache);
  if (local !== IN_INDEXED_DB) return { json: local };
  return { pending: indexedDb(() => get<string>(STORAGE_KEYS.cache)).then((value) => value ?? null) };
}

/** Stores the cache where its size fits; resolves once it is written. */
export async function writeCacheText(json: string): Promise<void> {
  if (json.length <= LOCAL_CACHE_MAX_CHARS) {
    try {
      localStore.setItem(STORAGE_KEYS.cache, json);
      await indexedDb(() => del(STORAGE_KEYS.cache));
      return;
    } catch {
      // localStorage is full (other keys, a small quota): IndexedDB takes it.
    }
  }
  await set(STORAGE_KEYS.cache, json);
  localStore.setItem(STORAGE_KEYS.cache, IN_INDEXED_DB);
}

/** Forgets the cache wherever it is (sign-out). */
export function clearCacheText(): void {
  localStore.removeItem(STORAGE_KEYS.cache);
  void indexedDb(() => del(STORAGE_KEYS.cache));
}

// Logout forgets the cache; a session the server ended leaves it to app-state.ts, which keeps the changes not sent yet.
session.onSignOut((cause) => {
  if (cause === 'chosen') clearCacheText();
});
