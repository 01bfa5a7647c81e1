import { z } from 'zod';
import { AI_ENRICHMENT_KEYS } from '../ai.ts';
import { LIST_ITEMS_MAX } from '../constants.ts';
import { UNDO_MESSAGES } from '../undo.ts';
import { ClientId, PathId } from './api.ts';
import { ItemView } from './items.ts';

/**
 * Undo (docs/api.md, "Undo"; decision 049). A change that takes something away may carry an undo
 * id the client made (a UUID, as its item ids are: decision 008): the server then keeps what the
 * change took away under that id, and POST /lists/{id}/undo/{undoId} puts it back.
 */

/** `?undo=<uuid>` on DELETE /lists/{id}/items/{itemId} and DELETE .../image. */
export const UndoQuery = z.strictObject({ undo: ClientId.optional() });
export type UndoQuery = z.infer<typeof UndoQuery>;

/** `undo_id` in a body (POST /lists/{id}/sort and the clear calls). */
export const UndoId = ClientId.optional();

export const UndoParams = z.object({ id: PathId, undoId: PathId });
export type UndoParams = z.infer<typeof UndoParams>;

/**
 * POST /lists/{id}/undo/{undoId}: the items put back, as they are now; `undone` false when that
 * change was undone already (nothing more is changed).
 */
export const UndoResponse = z.object({ items: z.array(ItemView), undone: z.boolean() });
export type UndoResponse = z.infer<typeof UndoResponse>;

/** POST /lists/{id}/items/clear-completed: the checked items the user saw, removed if still checked. */
export const ClearCompletedBody = z.strictObject({
  ids: z
    .array(PathId, { error: UNDO_MESSAGES.clearNothing })
    .min(1, { error: UNDO_MESSAGES.clearNothing })
    .max(LIST_ITEMS_MAX, { error: UNDO_MESSAGES.clearTooMany })
    .refine((ids) => new Set(ids).size === ids.length, { error: UNDO_MESSAGES.clearRepeated }),
  undo_id: UndoId,
});
export type ClearCompletedBody = z.infer<typeof ClearCompletedBody>;

/** POST /lists/{id}/items/clear-properties: takes the AI sorts' properties off every item. */
export const ClearPropertiesBody = z.strictObject({
  keys: z.array(z.enum(AI_ENRICHMENT_KEYS)).min(1).default([...AI_ENRICHMENT_KEYS]),
  undo_id: UndoId,
});
export type ClearPropertiesBody = z.infer<typeof ClearPropertiesBody>;

/** The clear calls' answer: the ids of the items changed (removed, or their properties cleared). */
export const ClearResponse = z.object({ ids: z.array(z.string()) });
export type ClearResponse = z.infer<typeof ClearResponse>;
