import { refreshUser } from '../features/auth/auth-api.ts';
import { appStore, cacheRestored } from '../core/store/app-state.ts';
import { listIdOf } from './first-screen-reads.ts';
import { loadItems } from '../features/items/item-actions.ts';
import { loadLists } from '../features/lists/list-actions.ts';
import { loadAtStartup } from '../features/lists/screen-loads.ts';

/** The longest the first render waits for its screen's data when the cache has none of it. */
export const FIRST_SCREEN_DATA_WAIT_MS = 1_500;

/**
 * Loads the data of the screen at `pathname` into the store on a signed-in start (the screens
 * take these loads, screen-loads.ts) and settles when the first render may start: on a list, at
 * once when the cache already holds the list and its items, otherwise once they are in (or
 * failed), waiting at most FIRST_SCREEN_DATA_WAIT_MS. Data that comes in after the first render
 * arrives through the store, and React renders a store's change in one blocking task: the whole
 * list screen, the longest task of a cold start (docs/performance.md). Rendered with the data, it
 * is one render that React may interrupt.
 */
export async function loadFirstScreen(pathname: string): Promise<void> {
  const listId = listIdOf(pathname);
  if (pathname !== '/' && listId === undefined) return;
  const lists = loadAtStartup('lists', loadLists);
  if (listId === undefined) {
    // The dashboard renders without waiting: its cards are light, so rendering them again when
    // the lists come in costs little, and waiting could only hold back its first paint.
    void loadAtStartup('me', refreshUser);
    return;
  }
  const drawn = [lists, loadAtStartup(`items:${listId}`, () => loadItems(listId))];
  await cacheRestored;
  const { listsLoaded, items } = appStore.get();
  if (listsLoaded && items[listId] !== undefined) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, FIRST_SCREEN_DATA_WAIT_MS)));
  await Promise.race([Promise.allSettled(drawn), waited]);
  clearTimeout(timer);
}
