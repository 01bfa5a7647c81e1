import { z } from 'zod';
import { UndoId } from './undo.ts';
import {
  AI_MESSAGES,
  AI_PHOTO_BODY_LIMIT_BYTES,
  AI_PHOTO_ITEMS_MAX,
  AI_PROPERTY_NAME_PATTERN,
  AI_PROPERTY_NAMES_MAX,
  AI_SORT_KINDS,
  AI_TIER_OF,
  DEFAULT_AI_PROVIDER,
  DEFAULT_AI_SORT_KIND,
  languageName,
  type AiProviderValue,
} from '../ai.ts';
import { ItemView } from './items.ts';

/** Payloads and answers of the AI calls (docs/api.md, "AI"), shared by Fastify validation and the web client. */

const PROVIDER_VALUES = Object.keys(AI_TIER_OF) as [AiProviderValue, ...AiProviderValue[]];

/** The List Settings choice (Standard or Expensive); picks the model tier when a cloud model is configured. */
const Provider = z.enum(PROVIDER_VALUES, { error: AI_MESSAGES.invalidProvider }).default(DEFAULT_AI_PROVIDER);

/** POST /lists/{id}/sort: `prompt` is the sort kind (smart, department, category, priority). */
export const SortBody = z.strictObject({
  provider: Provider,
  prompt: z.enum(AI_SORT_KINDS, { error: AI_MESSAGES.invalidSortKind }).default(DEFAULT_AI_SORT_KIND),
  /** Keeps the items as they were under this id, for POST /lists/{id}/undo/{undoId} (decision 049). */
  undo_id: UndoId,
});
export type SortBody = z.infer<typeof SortBody>;

/** A language code, e.g. `fr`; the translation is stored as `name_fr`. */
export const LanguageCode = z
  .string({ error: AI_MESSAGES.invalidLanguage })
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2}$/, { error: AI_MESSAGES.invalidLanguage })
  .refine((code) => languageName(code) !== undefined, { error: AI_MESSAGES.invalidLanguage });

const PropertyNames = z
  .array(z.string().regex(AI_PROPERTY_NAME_PATTERN, { error: AI_MESSAGES.invalidPropertyName }), {
    error: AI_MESSAGES.invalidPropertyName,
  })
  .min(1, { error: AI_MESSAGES.invalidPropertyName })
  .max(AI_PROPERTY_NAMES_MAX, { error: AI_MESSAGES.tooManyPropertyNames });

/**
 * POST /lists/{id}/items/{itemId}/properties. `add_properties` fills the named properties (by
 * default department, category and priority); `translate` stores the item's name in `language`.
 */
export const ItemAiBody = z.discriminatedUnion(
  'action',
  [
    z.strictObject({ action: z.literal('add_properties'), properties: PropertyNames.optional(), provider: Provider }),
    z.strictObject({ action: z.literal('translate'), language: LanguageCode, provider: Provider }),
  ],
  { error: AI_MESSAGES.invalidAction },
);
export type ItemAiBody = z.infer<typeof ItemAiBody>;

/** POST /lists/{id}/process-items and POST .../reprocess: the body may be left out. */
export const ProviderBody = z
  .strictObject({ provider: Provider })
  .nullish()
  .transform((body) => body ?? { provider: DEFAULT_AI_PROVIDER });
export type ProviderBody = z.infer<typeof ProviderBody>;

/** POST /lists/{id}/items/photo: a JPEG, PNG, WebP... as a data URL (`data:image/jpeg;base64,...`) or bare base64. */
export const PhotoBody = z.strictObject(
  {
    photoData: z
      .string({ error: AI_MESSAGES.photoRequired })
      .min(1, { error: AI_MESSAGES.photoRequired })
      .max(AI_PHOTO_BODY_LIMIT_BYTES, { error: AI_MESSAGES.photoTooLarge }),
    provider: Provider,
  },
  { error: (issue) => (issue.code === 'invalid_type' ? AI_MESSAGES.photoRequired : undefined) },
);
export type PhotoBody = z.infer<typeof PhotoBody>;

/** An item read from a photo, as the batch call takes it (`2 bottles milk`): not yet on the list. */
export const PhotoItem = z.object({ content: z.string() });
export const PhotoItemsResponse = z.object({ items: z.array(PhotoItem).max(AI_PHOTO_ITEMS_MAX) });
export type PhotoItemsResponse = z.infer<typeof PhotoItemsResponse>;

/**
 * POST /lists/{id}/process-items: every item a custom prompt changed, as it is now, and the
 * prompts that were not run because the server's assistant cannot run them (offline: a prompt it
 * does not understand), in the list's order.
 */
export const ProcessItemsResponse = z.object({ updatedItems: z.array(ItemView), skippedPrompts: z.array(z.string()) });
export type ProcessItemsResponse = z.infer<typeof ProcessItemsResponse>;

/**
 * GET /ai: who answers this server's AI calls (`none`: AI is off), and whether the List Settings
 * choice Standard / Expensive picks between two models here (only where a cloud model gives each
 * tier its own).
 */
export const AiInfoResponse = z.object({ provider: z.enum(['gemini', 'openai', 'offline', 'none']), model_choice: z.boolean() });
export type AiInfoResponse = z.infer<typeof AiInfoResponse>;

