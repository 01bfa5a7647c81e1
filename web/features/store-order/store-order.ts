import { useEffect, useRef } from 'react';
import { NOTHING_LEARNED, STORE_ORDER_RELOAD_MS, STORE_ORDER_TEXT, type LearnedStoreOrder } from '../../../common/store-order.ts';
import { fetchStoreOrder, resetStoreOrder } from './store-order-api.ts';
import { messageOf } from '../../core/net/errors.ts';
import { appStore, DEFAULT_LIST_VIEW, useAppState } from '../../core/store/app-state.ts';
import { notify } from '../../core/store/toasts.ts';

/**
 * The learned store order on the device (docs/decisions/052-trips-and-store-order.md): read from
 * the server when a list sorted by it opens, kept in the cache, and sorted by on the device, so
 * that it works offline and costs no call per sort.
 */

/** The store the device shops the list in ('' for the list's own order). */
export const storeOf = (listId: string): string => appStore.get().view[listId]?.store ?? '';

/** Names the store the device shops the list in; its learned order is read next. */
export function setStoreAction(listId: string, store: string): void {
  appStore.update((state) => ({ ...state, view: { ...state.view, [listId]: { ...DEFAULT_LIST_VIEW, ...state.view[listId], store } } }));
}

/** Reads the list's learned order for its store; offline, the one kept in the cache stays. */
export async function loadStoreOrder(listId: string): Promise<void> {
  const store = storeOf(listId);
  const learned = await fetchStoreOrder(listId, store);
  // A store changed while the read was on its way: that one's read follows.
  if (storeOf(listId) !== store) return;
  appStore.update((state) => ({ ...state, storeOrders: { ...state.storeOrders, [listId]: learned } }));
}

/**
 * Keeps a list sorted by the store order up to date while it is open: read when the sort starts
 * (or the store changes), and again once check-offs, here or live from another member's device,
 * settle (`checked` is how many items are checked). Offline, the order kept on the device sorts.
 */
export function useStoreOrderFollowing(listId: string, sorting: boolean, checked: number): void {
  const store = useAppState((state) => state.view[listId]?.store ?? '');
  useEffect(() => {
    if (sorting) loadStoreOrder(listId).catch(() => undefined);
  }, [listId, sorting, store]);

  const lastChecked = useRef(checked);
  useEffect(() => {
    if (lastChecked.current === checked) return undefined;
    lastChecked.current = checked;
    if (!sorting) return undefined;
    const timer = setTimeout(() => void loadStoreOrder(listId).catch(() => undefined), STORE_ORDER_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [listId, sorting, checked]);
}

/** What the list learned for the device's store, as far as the device knows. */
export function useLearnedStoreOrder(listId: string): LearnedStoreOrder & { stores: readonly { name: string; trips: number }[] } {
  const learned = useAppState((state) => state.storeOrders[listId]);
  const store = useAppState((state) => state.view[listId]?.store ?? '');
  return learned?.store === store ? learned : { ...NOTHING_LEARNED, stores: learned?.stores ?? [] };
}

/** Forgets what the list learned for the device's store (asked first by List Settings). */
export async function resetStoreOrderAction(listId: string): Promise<boolean> {
  const store = storeOf(listId);
  try {
    await resetStoreOrder(listId, store);
  } catch (error) {
    notify(STORE_ORDER_TEXT.resetFailed + messageOf(error, ''), 'error');
    return false;
  }
  appStore.update((state) => {
    const held = state.storeOrders[listId];
    const stores = (held?.stores ?? []).filter((entry) => entry.name !== store);
    return { ...state, storeOrders: { ...state.storeOrders, [listId]: { ...NOTHING_LEARNED, store, stores } } };
  });
  return true;
}
