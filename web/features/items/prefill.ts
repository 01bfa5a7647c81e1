import { PREFILL_CACHE_CHARS_MAX, PREFILL_LIST_ITEMS_MAX, PREFILL_LISTS_MAX } from '../../../common/constants.ts';
import { ApiError } from '../../core/net/client.ts';
import { fetchItems } from './items-api.ts';
import { appStore, type AppState, type ClientList } from '../../core/store/app-state.ts';
import { setServerItems } from './item-actions.ts';
import { isUnconfirmed } from '../../core/sync/optimistic.ts';
import { serverNow } from '../../core/net/server-clock.ts';
import { session } from '../../core/store/session.ts';
import { whenIdle } from '../../core/net/when-idle.ts';

/**
 * The offline cache filled with the items of the user's lists, not only of those opened on this
 * device (decision 044): in the background after the first screen, one list at a time, when no
 * change of the user's is on its way, the lists used most recently first, within bounds of count
 * and size (PREFILL_* in common/constants.ts). A list held is read again when its document says it
 * changed since (the live feed keeps the documents current); the open list is kept by the live
 * feed itself.
 */

/** What the plan looks at in the store. */
type Held = Pick<AppState, 'lists' | 'items' | 'itemsReadAt' | 'pendingChanges' | 'inFlight'>;

/**
 * About what one item takes in the cache as JSON (ids, times, a short name, a few properties), to
 * foresee a list's size before it is read.
 */
export const ITEM_CHARS_ESTIMATE = 300;

/** How long the lists stay unchanged before a pass runs: a burst of live updates starts one pass. */
export const PREFILL_SETTLE_MS = 2_000;

/** When the list was last used: its last change, by anyone; its creation when it has none. */
const lastUsed = (list: ClientList) => list.last_change?.at ?? list.updated_at;

/** Whether the items held are the list's as its document tells of them now: none changed since they were read. */
function isFresh(list: ClientList, held: Held): boolean {
  const items = held.items[list.id];
  const readAt = held.itemsReadAt[list.id];
  if (items === undefined || readAt === undefined) return false;
  const confirmed = items.filter((item) => item.tempId === undefined);
  return lastUsed(list) <= readAt && confirmed.length === list.item_count && confirmed.filter((item) => item.is_completed).length === list.done_count;
}

/** The size of each list's items held, as JSON, by the array the store holds: a plan measures only what changed. */
const sizes = new WeakMap<readonly unknown[], number>();
function charsOf(items: readonly unknown[] | undefined): number {
  if (items === undefined) return 0;
  let size = sizes.get(items);
  if (size === undefined) sizes.set(items, (size = JSON.stringify(items).length));
  return size;
}

/**
 * The lists whose items to read, in order: of the PREFILL_LISTS_MAX lists used most recently,
 * those of one page of items at most, whose items are not held or changed since, with no change
 * of theirs waiting or on its way (the answer would not show it; the queue's replay reads the
 * list after), each while the items held stay within PREFILL_CACHE_CHARS_MAX.
 */
export function listsToPrefill(held: Held): string[] {
  const waiting = new Set([...held.pendingChanges, ...held.inFlight].map((change) => change.listId));
  const recent = held.lists
    .filter((list) => !isUnconfirmed(list))
    .toSorted((a, b) => lastUsed(b).localeCompare(lastUsed(a)))
    .slice(0, PREFILL_LISTS_MAX);
  let chars = Object.values(held.items).reduce((sum, items) => sum + charsOf(items), 0);
  const plan: string[] = [];
  for (const list of recent) {
    if (list.item_count > PREFILL_LIST_ITEMS_MAX || waiting.has(list.id) || isFresh(list, held)) continue;
    const growth = Math.max(0, list.item_count * ITEM_CHARS_ESTIMATE - charsOf(held.items[list.id]));
    if (chars + growth > PREFILL_CACHE_CHARS_MAX) continue;
    chars += growth;
    plan.push(list.id);
  }
  return plan;
}

/** Resolves once no change of the user's is waiting or on its way (or at once when `stopped` says so). */
function whenQuiet(stopped: () => boolean): Promise<void> {
  const quiet = () => stopped() || (appStore.get().inFlight.length === 0 && appStore.get().pendingChanges.length === 0);
  if (quiet()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = appStore.subscribe(() => {
      if (!quiet()) return;
      stop();
      resolve();
    });
  });
}

type Outcome = 'read' | 'skipped' | 'unreachable';

/**
 * Reads a list's items into the store. Not when another read took them in meanwhile (the list was
 * opened, the live feed brought a change): that one is newer. A refusal skips the list (gone, or
 * out of reach: the live feed says so); no answer, or a fault, ends the pass.
 */
async function prefillList(listId: string, stillOn: () => boolean): Promise<Outcome> {
  const before = appStore.get().itemsReadAt[listId];
  const readAt = serverNow().toISOString();
  try {
    const { items } = await fetchItems(listId);
    const now = appStore.get();
    if (stillOn() && now.itemsReadAt[listId] === before && now.lists.some((list) => list.id === listId)) setServerItems(listId, items, readAt);
    return 'read';
  } catch (error) {
    return error instanceof ApiError && error.status < 500 ? 'skipped' : 'unreachable';
  }
}

/**
 * Fills the cache in the background from now on, for the user signed in: a pass after the first
 * screen, again when the lists change (settled for PREFILL_SETTLE_MS) and when the connection
 * returns. Answers the stop function (sign-out).
 */
export function startPrefill(): () => void {
  const userId = session.get().user?.id;
  let stopped = false;
  const stillOn = () => !stopped && session.get().user?.id === userId;
  let running = false;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const pass = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      for (const listId of listsToPrefill(appStore.get())) {
        await whenQuiet(() => !stillOn());
        await whenIdle();
        if (!stillOn() || !navigator.onLine) return;
        // Each list once a pass, and only if it still needs it (read meanwhile, grown, gone).
        if (!listsToPrefill(appStore.get()).includes(listId)) continue;
        if ((await prefillList(listId, stillOn)) === 'unreachable') return;
      }
    } finally {
      running = false;
      if (again && stillOn()) {
        again = false;
        schedule();
      }
    }
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void pass(), PREFILL_SETTLE_MS);
  };

  void whenIdle().then(() => {
    if (stillOn()) void pass();
  });
  let lists = appStore.get().lists;
  const stopWatching = appStore.subscribe(() => {
    if (appStore.get().lists === lists) return;
    lists = appStore.get().lists;
    schedule();
  });
  const online = () => void pass();
  window.addEventListener('online', online);
  return () => {
    stopped = true;
    clearTimeout(timer);
    stopWatching();
    window.removeEventListener('online', online);
  };
}
