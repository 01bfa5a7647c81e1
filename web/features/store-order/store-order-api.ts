import type { StoreOrderResponse } from '../../../common/schemas/store-order.ts';
import { api } from '../../core/net/client.ts';

/** The learned store order of a list (docs/api.md, "Store order"). */

const path = (listId: string, store: string) =>
  `/lists/${encodeURIComponent(listId)}/store-order${store === '' ? '' : `?store=${encodeURIComponent(store)}`}`;

export function fetchStoreOrder(listId: string, store: string): Promise<StoreOrderResponse> {
  return api<StoreOrderResponse>(path(listId, store));
}

export function resetStoreOrder(listId: string, store: string): Promise<void> {
  return api<void>(path(listId, store), { method: 'DELETE' });
}
