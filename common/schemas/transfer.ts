import { z } from 'zod';
import { CUSTOM_PROMPTS_MAX, LIST_ITEMS_MAX, LIST_SHARES_MAX, LISTS_OWNED_MAX } from '../constants.ts';
import { EXPORT_FORMAT, EXPORT_FORMAT_VERSION, IMPORT_KINDS } from '../transfer.ts';
import { Email } from './auth.ts';
import { ItemContent, ItemProperties } from './items.ts';
import { CustomPrompt, ListName, ListVisibility } from './lists.ts';
import { SharePermission, ShareStatus } from './shares.ts';
import { PathId } from './api.ts';

/**
 * The export file's format (`listo.json` in an account's export zip; docs/api.md, "Export
 * format"), version EXPORT_FORMAT_VERSION. A reader takes every version up to its own.
 */

const Timestamp = z.iso.datetime({ offset: true });

/** A photo's files in the zip, under `photos/`, each named in `checksums.sha256`. */
export const ExportPhoto = z.strictObject({
  type: z.enum(['image/jpeg', 'image/png', 'image/webp']),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  uploaded_at: Timestamp,
  files: z.strictObject({ original: z.string(), medium: z.string(), thumbnail: z.string() }),
});
export type ExportPhoto = z.infer<typeof ExportPhoto>;

export const ExportItem = z.strictObject({
  content: ItemContent,
  is_completed: z.boolean(),
  position: z.number().int(),
  properties: ItemProperties,
  created_at: Timestamp,
  updated_at: Timestamp,
  /** Who added it, by address; null when that account is gone. */
  created_by: z.string().nullable(),
  photo: ExportPhoto.nullable(),
});
export type ExportItem = z.infer<typeof ExportItem>;

export const ExportShare = z.strictObject({ email: Email, permission: SharePermission, status: ShareStatus });
export type ExportShare = z.infer<typeof ExportShare>;

export const ExportList = z.strictObject({
  name: ListName,
  visibility: ListVisibility,
  public_editable: z.boolean(),
  allow_link_sharing: z.boolean(),
  custom_prompts: z.array(CustomPrompt).max(CUSTOM_PROMPTS_MAX),
  created_at: Timestamp,
  updated_at: Timestamp,
  /** The list's history as its members see it: who changed it last, what and when. */
  last_change: z.strictObject({ by: z.string().nullable(), summary: z.string().max(500), at: Timestamp }).nullable(),
  shares: z.array(ExportShare).max(LIST_SHARES_MAX),
  /** In the list's order. */
  items: z.array(ExportItem).max(LIST_ITEMS_MAX),
});
export type ExportList = z.infer<typeof ExportList>;

/** What the account last set on items of a name (property memory): new items of that name start from it. */
export const ExportMemory = z.strictObject({ name_key: z.string().min(1).max(500), properties: ItemProperties, updated_at: Timestamp });
export type ExportMemory = z.infer<typeof ExportMemory>;

export const ExportDocument = z.strictObject({
  format: z.literal(EXPORT_FORMAT),
  version: z.number().int().min(1).max(EXPORT_FORMAT_VERSION),
  exported_at: Timestamp,
  account: z.strictObject({ email: Email, first_name: z.string().nullable() }),
  lists: z.array(ExportList).max(LISTS_OWNED_MAX),
  property_memory: z.array(ExportMemory),
});
export type ExportDocument = z.infer<typeof ExportDocument>;

/** The query of POST /imports/preview and POST /imports: the file's name, and the list to import into, if any. */
export const ImportQuery = z.strictObject({
  file_name: z.string().min(1).max(255),
  list_id: PathId.optional(),
  /** Import a file imported before once more, as new lists. */
  again: z.enum(['true', 'false']).optional(),
  /** Keep notes bring trashed notes too. */
  include_trashed: z.enum(['true', 'false']).optional(),
});
export type ImportQuery = z.infer<typeof ImportQuery>;

export const ImportSkipped = z.object({ where: z.string(), reason: z.string() });
export type ImportSkipped = z.infer<typeof ImportSkipped>;

export const ImportListPreview = z.object({
  name: z.string(),
  /** The list it goes into; null: a new list. */
  list_id: z.string().nullable(),
  items: z.number().int(),
  checked: z.number().int(),
  photos: z.number().int(),
  shares: z.number().int(),
  /** Items already on the list (unchecked, same name): merged, not added again. */
  merged: z.number().int(),
});
export type ImportListPreview = z.infer<typeof ImportListPreview>;

export const ImportPreview = z.object({
  kind: z.enum(IMPORT_KINDS),
  /** SHA-256 of the file: the same file again is recognised by it. */
  digest: z.string(),
  lists: z.array(ImportListPreview),
  skipped: z.array(ImportSkipped),
  /** When the caller imported this same file before; null if never. */
  imported_at: Timestamp.nullable(),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ImportResult = ImportPreview.extend({ list_ids: z.array(z.string()) });
export type ImportResult = z.infer<typeof ImportResult>;

export const ListExportQuery = z.strictObject({ format: z.enum(['markdown', 'csv']) });
export type ListExportQuery = z.infer<typeof ListExportQuery>;

// The files are sent as they are (never serialised), so these schemas only name them for the document.
const fileBytes = z.custom<Uint8Array | string>(() => true).meta({ format: 'binary' });

/** GET /export: the account's zip (listo.json, the photos, checksums.sha256). */
export const AccountExportFile = {
  description: 'The account as a zip: listo.json, the photos and checksums.sha256 (docs/api.md, "Import and export").',
  content: { 'application/zip': { schema: fileBytes } },
};

/** GET /lists/{id}/export: the list as a Markdown or CSV file. */
export const ListExportFile = {
  description: 'The list as Markdown or CSV, as `format` asks.',
  content: { 'text/markdown': { schema: fileBytes }, 'text/csv': { schema: fileBytes } },
};
