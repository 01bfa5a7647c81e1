import { z } from 'zod';
import { StoreName } from './store-order.ts';
import {
  ITEM_BATCH_MAX,
  ITEM_CONTENT_MAX_LENGTH,
  ITEM_PROPERTIES_MAX_BYTES,
  ITEMS_PAGE_MAX,
  LIST_ITEMS_MAX,
} from '../constants.ts';
import { SERVER_MESSAGES } from '../messages.ts';
import { ClientId, ExpectedName, PathId } from './api.ts';
import { ItemImagesView } from './images.ts';
import { trimUnseen } from '../unseen-text.ts';

/** Payloads and answers of the item calls, shared by Fastify validation and the web client. */

/** An item's text as typed; the server's parser may split it and take a quantity off its front. */
export const ItemContent = z
  .string({
    error: (issue) => (issue.input === undefined ? SERVER_MESSAGES.itemContentRequired : SERVER_MESSAGES.itemContentNotText),
  })
  .overwrite(trimUnseen)
  .min(1, { error: SERVER_MESSAGES.itemContentRequired })
  .max(ITEM_CONTENT_MAX_LENGTH, { error: SERVER_MESSAGES.itemContentTooLong });

/** Whether an item's properties are within ITEM_PROPERTIES_MAX_BYTES as JSON: every way they are written checks it. */
export const propertiesFit = (properties: Record<string, unknown>): boolean =>
  new TextEncoder().encode(JSON.stringify(properties)).length <= ITEM_PROPERTIES_MAX_BYTES;

/**
 * The property map (qty, department, name_{language}, tag_*, ...): any JSON. A parsed body holds
 * nothing else, so its values need no check of their own (and the document says "any value").
 */
export const ItemProperties = z.record(z.string().min(1).max(100), z.unknown()).refine(propertiesFit, {
  error: SERVER_MESSAGES.itemPropertiesTooLarge,
});
export type ItemProperties = z.infer<typeof ItemProperties>;

export const ItemIdParams = z.object({ id: PathId, itemId: PathId });

/** A missing body reads as a missing item, not as "expected object". */
const missingBody = (message: string) => ({
  error: (issue: { code?: string }) => (issue.code === 'invalid_type' ? message : undefined),
});

/**
 * `id`: a UUID the client made for its optimistic row (decision 008). An entry with an id is one
 * item (the client has split the line already); sending it again answers the item made the first time.
 */
const ClientItemId = ClientId.optional();

export const CreateItemBody = z.strictObject(
  { id: ClientItemId, content: ItemContent },
  missingBody(SERVER_MESSAGES.itemContentRequired),
);
export type CreateItemBody = z.infer<typeof CreateItemBody>;

function idsAreDistinct(items: readonly { id?: string }[]): boolean {
  const ids = items.flatMap((item) => (item.id === undefined ? [] : [item.id]));
  return new Set(ids).size === ids.length;
}

export const BatchItemsBody = z.strictObject({
  items: z
    .array(z.strictObject({ id: ClientItemId, content: ItemContent }), { error: SERVER_MESSAGES.itemBatchEmpty })
    .min(1, { error: SERVER_MESSAGES.itemBatchEmpty })
    .max(ITEM_BATCH_MAX, { error: SERVER_MESSAGES.itemBatchTooLarge })
    // Ids are lower-cased by now, so two spellings of one id are caught too.
    .refine(idsAreDistinct, { error: SERVER_MESSAGES.itemBatchIdRepeated }),
}, missingBody(SERVER_MESSAGES.itemBatchEmpty));
export type BatchItemsBody = z.infer<typeof BatchItemsBody>;

/**
 * POST /lists/{id}/items/replace: in one change, removes the items `remove` names and adds
 * `items`, each entry one item as typed (never split; its quantity read), under the id the client
 * made for it. The web app's "Keep as one item" replaces the items a line was split into by the
 * whole line, and its Undo the other way round (docs/api.md).
 */
const ReplacedIds = z
  .array(ClientId, { error: SERVER_MESSAGES.itemReplaceNothing })
  .min(1, { error: SERVER_MESSAGES.itemReplaceNothing })
  .max(ITEM_BATCH_MAX, { error: SERVER_MESSAGES.itemBatchTooLarge })
  .refine((ids) => new Set(ids).size === ids.length, { error: SERVER_MESSAGES.itemRemoveRepeated });

export const ReplaceItemsBody = z
  .strictObject(
    {
      remove: ReplacedIds,
      items: z
        .array(z.strictObject({ id: ClientId, content: ItemContent }), { error: SERVER_MESSAGES.itemReplaceNothing })
        .min(1, { error: SERVER_MESSAGES.itemReplaceNothing })
        .max(ITEM_BATCH_MAX, { error: SERVER_MESSAGES.itemBatchTooLarge })
        .refine(idsAreDistinct, { error: SERVER_MESSAGES.itemBatchIdRepeated }),
    },
    missingBody(SERVER_MESSAGES.itemReplaceNothing),
  )
  .refine(({ remove, items }) => !items.some((item) => remove.includes(item.id)), { error: SERVER_MESSAGES.itemRemovedAndAdded });
export type ReplaceItemsBody = z.infer<typeof ReplaceItemsBody>;

/**
 * Positions are a 32-bit integer column on PostgreSQL; capping what a client may set leaves room
 * to append a full list (5,000 items) after the highest position.
 */
export const ITEM_POSITION_MAX = 1_000_000_000;

/** A partial update; a rename is `{content, properties: {}}` and re-parses the quantity. */
export const UpdateItemBody = z
  .strictObject({
    content: ItemContent.optional(),
    is_completed: z.boolean().optional(),
    position: z.number().int().min(0).max(ITEM_POSITION_MAX).optional(),
    properties: ItemProperties.optional(),
    /**
     * The item's content when the change started (a rename's editor opened): when someone renamed
     * the item since, the update is refused (409) instead of overwriting theirs unseen.
     */
    expected_content: ExpectedName(ITEM_CONTENT_MAX_LENGTH).optional(),
    /** The store a check-off is made in, for the learned store order (docs/api.md, "Store order"); blank: none named. */
    store: StoreName.optional(),
  })
  .refine(({ expected_content: _, store: __, ...change }) => Object.values(change).some((value) => value !== undefined), {
    error: SERVER_MESSAGES.itemUpdateEmpty,
  });
export type UpdateItemBody = z.infer<typeof UpdateItemBody>;

/** Every item id of the list, once each, in the new order. */
export const ReorderItemsBody = z.strictObject({
  ids: z.array(z.string().min(1).max(100)).max(LIST_ITEMS_MAX, { error: SERVER_MESSAGES.itemOrderMismatch }),
});
export type ReorderItemsBody = z.infer<typeof ReorderItemsBody>;

export const ItemView = z.object({
  id: z.string(),
  list_id: z.string(),
  content: z.string(),
  is_completed: z.boolean(),
  position: z.number(),
  properties: z.record(z.string(), z.unknown()),
  /** `{primary: {id, thumbnailUrl, mediumUrl, uploadedAt}}` once an image is attached, else null. */
  images: ItemImagesView.nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ItemView = z.infer<typeof ItemView>;

/** GET /lists/{id}/items: `limit` items (at most ITEMS_PAGE_MAX) after the page `cursor` ends. */
export const ItemsPageQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(ITEMS_PAGE_MAX).optional(),
  cursor: z.string().min(1).max(200).optional(),
});
export type ItemsPageQuery = z.infer<typeof ItemsPageQuery>;

/**
 * GET /lists/{id}/items and PUT /lists/{id}/items/order: one page of the list's items in display
 * order; `next` is the cursor of the following page, null after the last. `seq` is the list's
 * change seq read before the page: the page holds every change up to it (and perhaps later ones),
 * so an `items` subscription with `since: seq` brings whatever the page may have missed.
 */
export const ItemsResponse = z.object({ items: z.array(ItemView), next: z.string().nullable(), seq: z.number().int() });
export type ItemsResponse = z.infer<typeof ItemsResponse>;

/**
 * POST /lists/{id}/items/batch: the items created (or put back unchecked) in the order typed,
 * warnings for the names that were already on the list and so were not added again, and `merged`:
 * each entry id that was not used, to the id of the item of the same name that stands for it.
 */
export const BatchItemsResponse = z.object({
  results: z.array(ItemView),
  warnings: z.array(z.string()),
  merged: z.record(z.string(), z.string()),
});
export type BatchItemsResponse = z.infer<typeof BatchItemsResponse>;

/** POST /lists/{id}/items/replace: the batch call's answer, and the ids of the items it removed (those still there). */
export const ReplaceItemsResponse = BatchItemsResponse.extend({ removed: z.array(z.string()) });
export type ReplaceItemsResponse = z.infer<typeof ReplaceItemsResponse>;

/**
 * POST /lists/{id}/items: the first created item itself, plus the others when the content held
 * several ("milk, eggs"), and the same warnings as the batch call.
 */
export const CreateItemResponse = ItemView.extend({
  additionalItems: z.array(ItemView),
  warnings: z.array(z.string()),
});
export type CreateItemResponse = z.infer<typeof CreateItemResponse>;
