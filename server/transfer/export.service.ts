import type { Kysely } from 'kysely';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { listAsCsv, listAsMarkdown } from '../../common/list-formats.ts';
import type { ItemProperties } from '../../common/schemas/items.ts';
import type { ExportDocument, ExportItem, ExportList, ListExportQuery } from '../../common/schemas/transfer.ts';
import { EXPORT_FILES, EXPORT_FORMAT, EXPORT_FORMAT_VERSION } from '../../common/transfer.ts';
import { authorize, requireScope } from '../access/access.ts';
import type { Actor } from '../access/actor.ts';
import type { DB, ImageRow, ItemRow } from '../db/schema.ts';
import { fromJson, toBool } from '../db/values.ts';
import type { BlobStore } from '../images/blob-store.ts';
import { imageKeys, type Variant } from '../images/image-files.ts';
import { readAllItemPages } from '../items/item-pages.ts';
import { checksumsOf } from './checksums.ts';
import * as queries from './transfer.queries.ts';

export interface ExportDeps {
  db: Kysely<DB>;
  store: BlobStore;
  now: () => Date;
}

export type ExportService = ReturnType<typeof createExportService>;

/** Where a photo's file goes in the zip: beside its siblings, under the image's id. */
const photoPath = (key: string) => `${EXPORT_FILES.photosDir}${key.slice(key.indexOf('/') + 1)}`;

const day = (date: Date) => date.toISOString().slice(0, 10);

export function createExportService(deps: ExportDeps) {
  const { db, store } = deps;

  /** An item as the export file holds it; its photo's files are added to `files` under the paths it names. */
  async function exportItem(row: ItemRow, image: ImageRow | undefined, emails: Map<string, string>, files: Zippable): Promise<ExportItem> {
    let photo: ExportItem['photo'] = null;
    const stored = row.images === null ? null : fromJson<{ primary?: { uploadedAt?: string } }>(row.images);
    if (image && stored?.primary?.uploadedAt) {
      const keys = imageKeys(image.id, image.original_type);
      const paths = {} as Record<Variant, string>;
      for (const [variant, key] of Object.entries(keys) as [Variant, string][]) {
        paths[variant] = photoPath(key);
        // Photos are compressed already: stored, not deflated again.
        files[paths[variant]] = [await store.read(key), { level: 0 }];
      }
      photo = { type: image.original_type, width: image.width, height: image.height, uploaded_at: stored.primary.uploadedAt, files: paths };
    }
    return {
      content: row.content,
      is_completed: toBool(row.is_completed),
      position: row.position,
      properties: fromJson<ItemProperties>(row.properties),
      created_at: row.created_at,
      updated_at: row.updated_at,
      created_by: row.created_by === null ? null : (emails.get(row.created_by) ?? null),
      photo,
    };
  }

  return {
    /**
     * The account's export (docs/api.md, "Export format"): one zip of `listo.json` (the lists the
     * caller owns with their items, shares, custom prompts and last change, and their property
     * memory), the photos' files, and `checksums.sha256` over both. Read in one pass, not one snapshot:
     * a change made meanwhile may or may not be in it, as with any download of a live list.
     */
    async exportAccount(actor: Actor): Promise<{ fileName: string; zip: Uint8Array }> {
      requireScope(actor, 'lists:read');
      const userId = actor.user.id;
      const lists = await queries.ownedLists(db, userId);
      const listIds = lists.map((list) => list.id);
      const [items, shares, memory] = await Promise.all([
        queries.itemsOfLists(db, listIds),
        queries.sharesOfLists(db, listIds),
        queries.propertyMemory(db, userId),
      ]);
      const images = new Map((await queries.imagesOfItems(db, items.map((item) => item.id))).map((image) => [image.item_id, image]));
      const people = [...items.flatMap((item) => item.created_by ?? []), ...lists.flatMap((list) => list.last_change_by ?? [])];
      const emails = await queries.emailsOf(db, people);
      const itemsByList = Map.groupBy(items, (item) => item.list_id);
      const sharesByList = Map.groupBy(shares, (share) => share.list_id);
      const files: Zippable = {};
      const exported: ExportList[] = [];
      for (const list of lists) {
        const rows = itemsByList.get(list.id) ?? [];
        const listItems: ExportItem[] = [];
        for (const row of rows) listItems.push(await exportItem(row, images.get(row.id), emails, files));
        exported.push({
          name: list.name,
          visibility: list.visibility,
          public_editable: toBool(list.public_editable),
          allow_link_sharing: toBool(list.allow_link_sharing),
          custom_prompts: fromJson(list.custom_prompts),
          created_at: list.created_at,
          updated_at: list.updated_at,
          last_change:
            list.last_change_summary === null || list.last_change_at === null
              ? null
              : { by: list.last_change_by === null ? null : (emails.get(list.last_change_by) ?? null), summary: list.last_change_summary, at: list.last_change_at },
          shares: (sharesByList.get(list.id) ?? []).map(({ email, permission, status }) => ({ email, permission, status })),
          items: listItems,
        });
      }
      const document: ExportDocument = {
        format: EXPORT_FORMAT,
        version: EXPORT_FORMAT_VERSION,
        exported_at: deps.now().toISOString(),
        account: { email: actor.user.email, first_name: actor.user.first_name },
        lists: exported,
        property_memory: memory.map((row) => ({ name_key: row.name_key, properties: fromJson<ItemProperties>(row.properties), updated_at: row.updated_at })),
      };
      files[EXPORT_FILES.document] = strToU8(JSON.stringify(document, null, 2));
      const contents = Object.entries(files).map(([path, value]): [string, Uint8Array] => [path, Array.isArray(value) ? (value[0] as Uint8Array) : (value as Uint8Array)]);
      files[EXPORT_FILES.checksums] = strToU8(checksumsOf(contents));
      return { fileName: `listo-export-${day(deps.now())}.zip`, zip: zipSync(files) };
    },

    /** One list as Markdown or CSV (common/list-formats.ts), for anyone who may read it. */
    async exportList(actor: Actor, listId: string, { format }: ListExportQuery): Promise<{ fileName: string; contentType: string; text: string }> {
      const { list } = await authorize(db, actor, listId, 'read');
      const rows: ItemRow[] = [];
      for await (const page of readAllItemPages(db, listId)) rows.push(...page);
      const view = {
        name: list.name,
        items: rows.map((row) => ({ content: row.content, is_completed: toBool(row.is_completed), properties: fromJson(row.properties) })),
      };
      const base = list.name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'list';
      return format === 'markdown'
        ? { fileName: `${base}.md`, contentType: 'text/markdown; charset=utf-8', text: listAsMarkdown(view) }
        : { fileName: `${base}.csv`, contentType: 'text/csv; charset=utf-8', text: listAsCsv(view) };
    },
  };
}
