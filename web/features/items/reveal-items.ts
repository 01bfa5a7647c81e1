import { createStore, useStore } from '../../core/store/store.ts';

/**
 * Items to bring into view: those a photo just added, which may land anywhere in a long list and
 * its order. The list scrolls to the first of them it shows (web/features/lists/list/ItemList.tsx), once.
 */
const revealStore = createStore<readonly string[]>([]);

/** Asks the list on screen to scroll to the first of these items it shows. */
export function revealItems(ids: readonly string[]): void {
  revealStore.set(ids);
}

/** Says the items were brought into view: nothing more to do. */
export function itemsRevealed(): void {
  revealStore.set([]);
}

/** The items to bring into view (none, mostly). */
export function useItemsToReveal(): readonly string[] {
  return useStore(revealStore, (ids) => ids);
}
