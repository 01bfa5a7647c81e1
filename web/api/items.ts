import type { ItemsResponse, ItemView, UpdateItemBody } from '../../common/schemas/items.ts';
import { api, type ChangeRequest } from './client.ts';

/**
 * The item calls (docs/api.md, "Items"), as in api/lists.ts: reads are functions, changes are
 * request descriptions sent with the action's Idempotency-Key. Batch answers BatchItemsResponse,
 * add CreateItemResponse, update ItemView.
 */

const itemsPath = (listId: string) => `/lists/${encodeURIComponent(listId)}/items`;
const itemPath = (listId: string, itemId: string) => `${itemsPath(listId)}/${encodeURIComponent(itemId)}`;

export async function fetchItems(listId: string): Promise<ItemView[]> {
  return (await api<ItemsResponse>(itemsPath(listId))).items;
}

export const itemRequests = {
  batch: (listId: string, contents: string[]): ChangeRequest => ({
    method: 'POST',
    path: `${itemsPath(listId)}/batch`,
    body: { items: contents.map((content) => ({ content })) },
  }),
  /** The fallback when the batch call answers 404: one entry, which may still hold several items. */
  add: (listId: string, content: string): ChangeRequest => ({ method: 'POST', path: itemsPath(listId), body: { content } }),
  update: (listId: string, itemId: string, body: UpdateItemBody): ChangeRequest => ({
    method: 'PUT',
    path: itemPath(listId, itemId),
    body,
  }),
  remove: (listId: string, itemId: string): ChangeRequest => ({ method: 'DELETE', path: itemPath(listId, itemId) }),
};
