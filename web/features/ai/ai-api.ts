import type { AiInfoResponse, ItemAiBody, PhotoBody, PhotoItemsResponse, ProcessItemsResponse, ProviderBody, SortBody } from '../../../common/schemas/ai.ts';
import type { ItemsResponse, ItemView } from '../../../common/schemas/items.ts';
import { api, newIdempotencyKey } from '../../core/net/client.ts';

/**
 * The AI calls (docs/api.md, "AI"). Sent at once, never queued offline: they need the model's
 * answer now, and a sort replayed hours later would reorder a list its members have changed since.
 * The writes carry an Idempotency-Key, so the retry after a token refresh is not paid for twice.
 */

const listPath = (listId: string) => `/lists/${encodeURIComponent(listId)}`;
const write = <T>(path: string, body: unknown) => api<T>(path, { method: 'POST', body, idempotencyKey: newIdempotencyKey() });

/** Who answers this server's AI calls, and whether Standard and Expensive pick two models. */
export const fetchAiInfo = () => api<AiInfoResponse>('/ai');

/** Orders the list by the kind, storing what the model said as properties and positions; answers the first page. */
export const sortList = (listId: string, body: SortBody) => write<ItemsResponse>(`${listPath(listId)}/sort`, body);

/** Translates the item or fills its properties; answers the item as it is now. */
export const itemAi = (listId: string, itemId: string, body: ItemAiBody) =>
  write<ItemView>(`${listPath(listId)}/items/${encodeURIComponent(itemId)}/properties`, body);

/** Runs the list's custom prompts over every item; answers the items that changed. */
export const processItems = (listId: string, body: ProviderBody) =>
  write<ProcessItemsResponse>(`${listPath(listId)}/process-items`, body);

/** Reads the items in a photographed list; adds nothing (the caller adds them with the batch call). */
export const readPhotoItems = (listId: string, body: PhotoBody, signal?: AbortSignal) =>
  api<PhotoItemsResponse>(`${listPath(listId)}/items/photo`, { method: 'POST', body, signal });
