import { z } from 'zod';
import { ItemView } from '../../../common/schemas/items.ts';
import { ListView } from '../../../common/schemas/lists.ts';
import { StoreOrderResponse } from '../../../common/schemas/store-order.ts';
import type { SortMode } from '../../../common/sorting.ts';

/**
 * The offline cache's format (`listo_cache`, app-state.ts), checked as it is read back: it was
 * written by this app, but perhaps by an older version of it, or changed by hand or by a broken
 * write. Its entities are the API's views (common/schemas) with the client's marks.
 */

/**
 * Raised when a field changes meaning. 1: the first versioned format (caches of earlier Listos had
 * no version and the same fields, some missing, which the reader fills in). A cache of a newer
 * version (another tab already updated) is not read: the app loads afresh.
 */
export const CACHE_VERSION = 1;

const ClientMarks = { tempId: z.string().optional(), pendingKey: z.string().optional() };

const PendingChange = z.object({
  method: z.enum(['POST', 'PUT', 'DELETE']),
  path: z.string(),
  body: z.unknown().optional(),
  key: z.string(),
  listId: z.string(),
  sentAt: z.string().optional(),
});

const ListViewOptions = z.object({
  mode: z.string() as z.ZodType<SortMode>,
  completedLast: z.boolean(),
  store: z.string().optional(),
  hideLabels: z.boolean().optional(),
});

/** Every field but the owner may be missing in a cache of an earlier Listo. */
export const CachedState = z.object({
  version: z.number().int().positive().optional(),
  userId: z.string().optional(),
  lists: z.array(ListView.extend(ClientMarks)).optional(),
  items: z.record(z.string(), z.array(ItemView.extend(ClientMarks))).optional(),
  itemsReadAt: z.record(z.string(), z.string()).optional(),
  pendingChanges: z.array(PendingChange).optional(),
  inFlight: z.array(PendingChange).optional(),
  history: z.array(z.string()).optional(),
  propertyCache: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
  view: z.record(z.string(), ListViewOptions).optional(),
  storeOrders: z.record(z.string(), StoreOrderResponse).optional(),
});
export type StoredCache = z.infer<typeof CachedState>;

/** Only the queue of changes and whose it is: what a save reads of another tab's cache, without checking every item. */
export const CachedQueue = CachedState.pick({ version: true, userId: true, pendingChanges: true });

/** The cache in a stored text (or the part `format` picks), or undefined when there is none, or none this version can read. */
export function parseCache<S extends typeof CachedState | typeof CachedQueue = typeof CachedState>(json: string | null, format?: S): z.infer<S> | undefined {
  if (!json) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  const parsed = (format ?? CachedState).safeParse(value);
  if (!parsed.success || (parsed.data.version ?? 0) > CACHE_VERSION) return undefined;
  return parsed.data as z.infer<S>;
}
