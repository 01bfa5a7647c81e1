import { itemsPath } from '../../core/net/paths.ts';
import { ItemsResponse, type ItemView, type UpdateItemBody } from '../../../common/schemas/items.ts';
import { checkedApi, cursorQuery, fetchAllPages, type ChangeRequest } from '../../core/net/client.ts';
import { undoQuery } from '../../core/net/undo-requests.ts';

/**
 * The item calls (docs/api.md, "Items"), as in features/lists/lists-api.ts: reads are functions, changes are
 * request descriptions sent with the action's Idempotency-Key. Batch answers BatchItemsResponse,
 * add CreateItemResponse, update ItemView.
 */

const itemPath = (listId: string, itemId: string) => `${itemsPath(listId)}/${encodeURIComponent(itemId)}`;

/** A list's items as the server had them, and a seq they hold every change up to (see ItemsResponse). */
export interface ItemsRead {
  items: ItemView[];
  seq: number;
}

/**
 * Every item of a list, page by page (the server answers at most ITEMS_PAGE_MAX at a time). The
 * first page's seq is the earliest, so every page holds every change up to it.
 */
export async function fetchItems(listId: string): Promise<ItemsRead> {
  const pages = await fetchAllPages((cursor) => checkedApi(ItemsResponse, `${itemsPath(listId)}${cursorQuery(cursor)}`));
  return { items: pages.flatMap((page) => page.items), seq: pages[0]!.seq };
}

export const itemRequests = {
  /** Each entry one item, under the id its optimistic row has (decision 008). */
  batch: (listId: string, entries: { id: string; content: string }[]): ChangeRequest => ({
    method: 'POST',
    path: `${itemsPath(listId)}/batch`,
    body: { items: entries },
  }),
  /** Removes these items and adds the entries, each one item, in one change. */
  replace: (listId: string, remove: string[], entries: { id: string; content: string }[]): ChangeRequest => ({
    method: 'POST',
    path: `${itemsPath(listId)}/replace`,
    body: { remove, items: entries },
  }),
  /** The fallback when the batch call answers 404: one entry, which may still hold several items. */
  add: (listId: string, entry: { id: string; content: string }): ChangeRequest => ({ method: 'POST', path: itemsPath(listId), body: entry }),
  update: (listId: string, itemId: string, body: UpdateItemBody): ChangeRequest => ({
    method: 'PUT',
    path: itemPath(listId, itemId),
    body,
  }),
  /** With an undo id, the server keeps the item as it was for POST /lists/{id}/undo/{undoId} (core/net/undo-requests.ts). */
  remove: (listId: string, itemId: string, undoId?: string): ChangeRequest => ({ method: 'DELETE', path: `${itemPath(listId, itemId)}${undoQuery(undoId)}` }),
  /** The checked items the user saw, removed (those still checked); answers ClearResponse. */
  clearCompleted: (listId: string, ids: string[], undoId: string): ChangeRequest => ({
    method: 'POST',
    path: `${itemsPath(listId)}/clear-completed`,
    body: { ids, undo_id: undoId },
  }),
  /** Department, category and priority (what AI sorts add) taken off every item; answers ClearResponse. */
  clearSortProperties: (listId: string, undoId: string): ChangeRequest => ({
    method: 'POST',
    path: `${itemsPath(listId)}/clear-properties`,
    body: { undo_id: undoId },
  }),
};
