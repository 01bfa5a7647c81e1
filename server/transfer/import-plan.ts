import { ITEM_CONTENT_MAX_LENGTH, LIST_ITEMS_MAX } from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { propertiesFit } from '../../common/schemas/items.ts';
import type { ExportList, ExportMemory, ExportShare, ImportSkipped } from '../../common/schemas/transfer.ts';
import { IMPORT_ITEMS_MAX, TRANSFER_MESSAGES, type ImportKind } from '../../common/transfer.ts';
import { badRequest, tooLarge } from '../domain/errors.ts';
import type { OriginalType, Variant } from '../images/image-files.ts';

/**
 * What an import brings, read from its file before anything is written: the same plan makes the
 * preview and, when applied, the change (server/transfer/import.service.ts).
 */

export interface PlannedPhoto {
  type: OriginalType;
  width: number;
  height: number;
  uploadedAt: string;
  files: Record<Variant, Uint8Array>;
}

export interface PlannedItem {
  content: string;
  isCompleted: boolean;
  properties: Record<string, unknown>;
  /** Where it was read: the file and line or entry, for messages. */
  where: string;
  /** Listo exports keep these; other sources leave them to the import. */
  position?: number;
  createdAt?: string;
  updatedAt?: string;
  /** The address of who added it (null: an account that is gone). */
  createdBy?: string | null;
  photo?: PlannedPhoto;
}

export interface PlannedList {
  name: string;
  items: PlannedItem[];
  shares: ExportShare[];
  /** A Listo export's list settings and dates; other sources start a fresh private list. */
  settings?: Pick<ExportList, 'visibility' | 'public_editable' | 'allow_link_sharing' | 'custom_prompts' | 'created_at' | 'updated_at' | 'last_change'>;
}

export interface ImportPlan {
  kind: ImportKind;
  lists: PlannedList[];
  skipped: ImportSkipped[];
  memory: ExportMemory[];
}

/** An item as read from a line or entry: its text must be a name Listo can hold. */
export function checkedItem(item: PlannedItem): PlannedItem {
  if (item.content.length > ITEM_CONTENT_MAX_LENGTH) throw badRequest(`${item.where}: ${SERVER_MESSAGES.itemContentTooLong}`);
  if (!propertiesFit(item.properties)) throw badRequest(`${item.where}: ${SERVER_MESSAGES.itemPropertiesTooLarge}`);
  return item;
}

/** The plan's size limits, naming the first line or entry past them. */
export function checkPlanSize(file: string, plan: ImportPlan): void {
  let total = 0;
  for (const list of plan.lists) {
    if (list.items.length > LIST_ITEMS_MAX) throw tooLarge(TRANSFER_MESSAGES.listTooLong(list.items[LIST_ITEMS_MAX]!.where));
    total += list.items.length;
    if (total > IMPORT_ITEMS_MAX) throw tooLarge(TRANSFER_MESSAGES.tooManyItems(list.items[list.items.length - (total - IMPORT_ITEMS_MAX)]!.where));
  }
  if (plan.lists.length === 0) throw badRequest(TRANSFER_MESSAGES.nothingToImport(file));
}
