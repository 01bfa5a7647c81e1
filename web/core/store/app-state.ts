import { CACHE_SAVE_DELAY_MS, STORAGE_KEYS } from '../../../common/constants.ts';
import type { ItemView } from '../../../common/schemas/items.ts';
import type { ListView } from '../../../common/schemas/lists.ts';
import type { ShareView } from '../../../common/schemas/shares.ts';
import { DEFAULT_SORT_MODE, type SortMode } from '../../../common/sorting.ts';
import type { StoreOrderResponse } from '../../../common/schemas/store-order.ts';
import { CACHE_VERSION, CachedQueue, parseCache } from './cache-format.ts';
import { clearCacheText, readCacheText, writeCacheText } from './cache-storage.ts';
import { keepForNextSignIn } from './ended-session.ts';
import { withoutUploadingImages } from './item-images.ts';
import { withoutLostRequests } from '../sync/optimistic.ts';
import type { PendingChange } from '../sync/pending-change.ts';
import { session } from './session.ts';
import { createStore, useStore } from './store.ts';

/**
 * A list as the client holds it: `tempId` marks one not yet created on the server,
 * `pendingKey` its queued creation (web/core/sync/optimistic.ts).
 */
export type ClientList = ListView & { tempId?: string; pendingKey?: string };
/** An item as the client holds it: `tempId` marks an optimistic one, `pendingKey` its queued change. */
export type ClientItem = ItemView & { tempId?: string; pendingKey?: string };

export interface ListViewOptions {
  mode: SortMode;
  completedLast: boolean;
  /** The store this device shops the list in, for the learned store order; none: the list's own order. */
  store?: string;
  /** The rows show no labels (tags, translations): names only. Kept per list on the device. */
  hideLabels?: boolean;
}

/** A list's view before the user changes it. */
export const DEFAULT_LIST_VIEW: ListViewOptions = { mode: DEFAULT_SORT_MODE, completedLast: false };

export interface AppState {
  lists: ClientList[];
  /** False until the first answer (or a cached copy) is there: shows a placeholder, not "no lists". */
  listsLoaded: boolean;
  /**
   * Public lists opened by link that are not the user's (GET /lists/{id}): shown on their page with
   * what the server says the user may do, never on the dashboard. Not cached.
   */
  visited: Record<string, ListView>;
  items: Record<string, ClientItem[]>;
  /**
   * When each list's items held in `items` were last read whole from the server (its clock: a REST
   * read's start, or the live feed's last word): a list without one is not available offline, and
   * one whose list changed since is read again in the background (prefill.ts).
   */
  itemsReadAt: Record<string, string>;
  shares: Record<string, ShareView[]>;
  pendingChanges: PendingChange[];
  /**
   * Changes sent and not answered yet (sync.ts), kept in the cache so that a reload while they are
   * on their way sends them again, first: their Idempotency-Key makes a repeat safe.
   */
  inFlight: PendingChange[];
  /** Item names typed before, newest first, at most HISTORY_MAX. */
  history: string[];
  /** Item name key (itemNameKey) to the properties last seen on it, for optimistic items. */
  propertyCache: Record<string, Record<string, unknown>>;
  online: boolean;
  /**
   * Why others' changes are not arriving, when they are not: the live socket has been down for
   * REALTIME_PAUSED_NOTICE_MS (`paused`), or the server speaks a newer protocol (`outdated`).
   */
  liveNotice: 'paused' | 'outdated' | undefined;
  view: Record<string, ListViewOptions>;
  /** Each list's learned store order, for the store its view names (GET /lists/{id}/store-order): sorted by offline too. */
  storeOrders: Record<string, StoreOrderResponse>;
}

/**
 * The part of the state kept in localStorage under `listo_cache`, with the id of the user it
 * belongs to and its format's version (cache-format.ts, which checks it as it is read back).
 */
type CachedState = Pick<AppState, 'lists' | 'items' | 'itemsReadAt' | 'pendingChanges' | 'inFlight' | 'history' | 'propertyCache' | 'view' | 'storeOrders'> & {
  version: typeof CACHE_VERSION;
  userId: string;
};

function emptyState(): AppState {
  return {
    lists: [],
    listsLoaded: false,
    visited: {},
    items: {},
    itemsReadAt: {},
    shares: {},
    pendingChanges: [],
    inFlight: [],
    history: [],
    propertyCache: {},
    online: typeof navigator === 'undefined' ? true : navigator.onLine,
    liveNotice: undefined,
    view: {},
    storeOrders: {},
  };
}

/**
 * What a cache restores into the store. `interrupted`: the changes that were on their way when the
 * page went away, to be sent again before the queued ones (they were sent before those).
 */
type RestoredState = Pick<AppState, 'lists' | 'listsLoaded' | 'items' | 'itemsReadAt' | 'pendingChanges' | 'history' | 'propertyCache' | 'view' | 'storeOrders'> & {
  interrupted: PendingChange[];
};

/**
 * What a cached text restores: nothing when there is none, it cannot be read (not JSON, not in the
 * cache's format, or of a newer one: the app then loads afresh from the server), or it is another
 * user's. Tabs share the cache, so a tab still open for the last account may have written it after
 * the sign-out; its queued changes must never be replayed as the next account. A cache without an
 * owner was written by an earlier Listo, which cleared it at every sign-out: it is the signed-in
 * user's, and may hold changes made offline that are still to be sent.
 */
function restoredFrom(json: string | null): RestoredState | null {
  const cached = parseCache(json);
  if (!cached || !ofSignedInUser(cached)) return null;
  const pendingChanges = cached.pendingChanges ?? [];
  const queuedKeys = new Set(pendingChanges.map((change) => change.key));
  const interrupted = (cached.inFlight ?? []).filter((change) => !queuedKeys.has(change.key));
  const restore = <T extends ClientList | ClientItem>(entities: readonly T[]) => withoutLostRequests(entities, pendingChanges, interrupted);
  const items = cached.items ?? {};
  return {
    lists: restore(cached.lists ?? []),
    listsLoaded: Array.isArray(cached.lists),
    items: Object.fromEntries(Object.entries(items).map(([listId, held]) => [listId, restore(held)])),
    // A cache an earlier Listo wrote held only lists read from the server: read long ago, so read again.
    itemsReadAt: cached.itemsReadAt ?? Object.fromEntries(Object.keys(items).map((listId) => [listId, READ_LONG_AGO])),
    pendingChanges,
    interrupted,
    history: cached.history ?? [],
    propertyCache: cached.propertyCache ?? {},
    // Each list's sort and "Completed last", as the user left them (a cache without them: the defaults).
    view: cached.view ?? {},
    storeOrders: cached.storeOrders ?? {},
  };
}

/** Whether a cache may be the signed-in user's: theirs, or an earlier Listo's without an owner. */
const ofSignedInUser = (cached: { userId?: string }) => cached.userId === undefined || cached.userId === session.get().user?.id;

/** The read time of items whose time is not known: before any change of their list. */
const READ_LONG_AGO = new Date(0).toISOString();

/** The store with a cache taken in: what happened meanwhile (a server answer, a new change) wins. */
function withCache(state: AppState, cached: RestoredState | null): AppState {
  if (!cached) return state;
  // This tab's own requests still on their way are answered here: they are not sent twice.
  const ownInFlight = new Set(state.inFlight.map((change) => change.key));
  const interrupted = cached.interrupted.filter((change) => !ownInFlight.has(change.key));
  return {
    ...state,
    ...(state.listsLoaded ? {} : { lists: cached.lists, listsLoaded: cached.listsLoaded }),
    items: { ...cached.items, ...state.items },
    itemsReadAt: { ...cached.itemsReadAt, ...state.itemsReadAt },
    pendingChanges: [...interrupted, ...cached.pendingChanges, ...state.pendingChanges],
    history: state.history.length > 0 ? state.history : cached.history,
    propertyCache: { ...cached.propertyCache, ...state.propertyCache },
    view: { ...cached.view, ...state.view },
    storeOrders: { ...cached.storeOrders, ...state.storeOrders },
  };
}

/**
 * Takes in the cache: at once when it is in localStorage; from IndexedDB a moment later when it
 * grew too big for it. At start, and at a sign-in, which finds the changes an ended session left.
 */
function startFromCache(store: { update(change: (state: AppState) => AppState): void }): Promise<void> {
  const read = readCacheText();
  if ('json' in read) {
    store.update((state) => withCache(state, restoredFrom(read.json)));
    return Promise.resolve();
  }
  return read.pending.then((json) => store.update((state) => withCache(state, restoredFrom(json))));
}

export const appStore = createStore<AppState>(emptyState());
/** Settles once the cache is in the store (at once from localStorage, later from IndexedDB). */
export const cacheRestored = startFromCache(appStore);

/**
 * Tabs of the app share one cache, and each writes all of it. The queue of changes not sent yet is
 * what must survive that: each tab takes in the changes another tab stored (at each write of its
 * own and when another tab writes), so a tab's reload, or its close, loses none of its changes to
 * a write of another tab that never held them. A change this tab has settled (sent, or refused) is
 * not taken back from a copy another tab wrote before it learned so; a change replayed by two tabs
 * is one change on the server (its Idempotency-Key).
 */
const settledChanges = new Set<string>();

/** Takes a change out of the queue for good: sent, or refused (sync.ts). */
export function settleChange(key: string): void {
  settledChanges.add(key);
  appStore.update((state) => ({ ...state, pendingChanges: state.pendingChanges.filter((pending) => pending.key !== key) }));
}

/** The changes of another tab in a stored cache that this tab's queue lacks (none from another user's cache). */
function othersChanges(json: string | null, queue: readonly PendingChange[]): PendingChange[] {
  const cached = parseCache(json, CachedQueue);
  const stored = cached && ofSignedInUser(cached) ? (cached.pendingChanges ?? []) : [];
  const held = new Set(queue.map((change) => change.key));
  return stored.filter((change) => !held.has(change.key) && !settledChanges.has(change.key));
}

/** Reads the stored cache, at once or from IndexedDB, and hands it on. */
function withStoredCache(take: (json: string | null) => void): void {
  const read = readCacheText();
  if ('json' in read) take(read.json);
  else void read.pending.then(take);
}

let saveTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Writes the cache now (also when the page goes away, so nothing waits in the timer). A page going
 * away (`leaving`) will hear no answer to its requests on their way: they are stored as queued
 * changes, ahead of its queue, which another tab still open takes in and sends (their keys make
 * that safe), and the next start sends if none is.
 */
export function saveCache({ leaving = false } = {}): void {
  clearTimeout(saveTimer);
  saveTimer = undefined;
  const userId = session.get().user?.id;
  if (!userId) return;
  const { lists, items, itemsReadAt, pendingChanges, inFlight, history, propertyCache, view, storeOrders } = appStore.get();
  const own = leaving ? [...inFlight, ...pendingChanges] : pendingChanges;
  withStoredCache((json) => {
    const queue = [...own, ...othersChanges(json, own)];
    const cached: CachedState = {
      version: CACHE_VERSION,
      userId,
      lists,
      items: withoutUploadingImages(items),
      // Only of the lists whose items are held: a list forgotten takes its time along.
      itemsReadAt: Object.fromEntries(Object.entries(itemsReadAt).filter(([listId]) => items[listId] !== undefined)),
      pendingChanges: queue,
      inFlight: leaving ? [] : inFlight,
      history,
      propertyCache,
      view,
      storeOrders,
    };
    // A storage that refuses only costs the instant start; the server still has everything.
    writeCacheText(JSON.stringify(cached)).catch(() => undefined);
  });
}

appStore.subscribe(() => {
  saveTimer ??= setTimeout(saveCache, CACHE_SAVE_DELAY_MS);
});

const othersChangesListeners = new Set<() => void>();
/** Called when this tab took in changes another tab queued (sync.ts sends them when it can). */
export function onOthersChanges(listener: () => void): () => void {
  othersChangesListeners.add(listener);
  return () => othersChangesListeners.delete(listener);
}

/** Whether a stored cache lacks changes of this tab's queue. */
function lacksChanges(json: string | null, queue: readonly PendingChange[]): boolean {
  const cached = parseCache(json, CachedQueue);
  const stored = new Set((cached?.pendingChanges ?? []).map((change) => change.key));
  return queue.some((change) => !stored.has(change.key));
}

/**
 * When another tab wrote the cache: takes in the changes it queued, and writes the cache again when
 * that tab left out some of this tab's. Tabs see each other's writes a moment late, so a tab can
 * write over a copy it had not seen yet; the queue in storage must not stay without those changes
 * until this tab happens to write again (a reload of the other tab, or its sign-out, would miss them).
 */
function takeOthersChanges(): void {
  withStoredCache((json) => {
    if (lacksChanges(json, appStore.get().pendingChanges)) saveTimer ??= setTimeout(saveCache, CACHE_SAVE_DELAY_MS);
    const taken = othersChanges(json, appStore.get().pendingChanges);
    if (taken.length === 0) return;
    appStore.update((state) => ({ ...state, pendingChanges: [...state.pendingChanges, ...othersChanges(json, state.pendingChanges)] }));
    othersChangesListeners.forEach((listener) => listener());
  });
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.cache && session.get().user) takeOthersChanges();
  });
  window.addEventListener('pagehide', () => {
    if (saveTimer !== undefined || appStore.get().inFlight.length > 0) saveCache({ leaving: true });
  });
}

/** Drops the copy in memory; its change must not start a save that writes it back. */
function dropState(): void {
  appStore.set(emptyState());
  clearTimeout(saveTimer);
  saveTimer = undefined;
}

/** Forgets everything of the signed-out user, in memory and in storage. */
export function resetAppState(): void {
  dropState();
  clearCacheText();
}

/** Re-reads the cache, e.g. in tests after localStorage was prepared. */
export function reloadAppStateFromCache(): void {
  void startFromCache(appStore);
}

export function useAppState<S>(select: (state: AppState) => S): S {
  return useStore(appStore, select);
}

/**
 * What a sign-out leaves of the cache (the photos kept on the device have their own hook,
 * features/photos/waiting-photos.ts). Logout clears it (cache-storage.ts). Another tab's sign-out has dealt with the
 * storage already: only the copy in memory goes. When the server ended the session, the changes not
 * sent yet stay for the same user's next sign-in (ended-session.ts), which restores them from the
 * cache and sends them. A deleted account's have nowhere to go; only the sign-in screen's word of
 * it stays.
 */
session.onSignOut((cause, user) => {
  const { pendingChanges } = appStore.get();
  dropState();
  if (!user) return;
  if (cause === 'ended') keepForNextSignIn(user, pendingChanges);
  if (cause === 'deleted') keepForNextSignIn(user, [], { accountDeleted: true });
});

let signedIn = session.get().token !== null;
session.subscribe(() => {
  const now = session.get().token !== null;
  if (!signedIn && now) void startFromCache(appStore);
  signedIn = now;
});
