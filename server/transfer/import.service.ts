import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { LIST_ITEMS_MAX, LISTS_OWNED_MAX } from '../../common/constants.ts';
import { newTimeOrderedId } from '../../common/ids.ts';
import { itemNameKey } from '../../common/item-input.ts';
import { itemActivity, LIST_ACTIVITY } from '../../common/list-activity.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import type { ImportListPreview, ImportPreview, ImportQuery, ImportResult, ImportSkipped } from '../../common/schemas/transfer.ts';
import { TRANSFER_MESSAGES } from '../../common/transfer.ts';
import { authorize, requireScope } from '../access/access.ts';
import type { Actor } from '../access/actor.ts';
import type { DB } from '../db/schema.ts';
import { toBool, toJson } from '../db/values.ts';
import { DomainError, badRequest, tooLarge } from '../domain/errors.ts';
import type { BlobStore } from '../images/blob-store.ts';
import { contentTypeOf, imageKeys, type Variant } from '../images/image-files.ts';
import { insertItems, itemsNamed, lastPosition } from '../items/items.queries.ts';
import { countOwnedLists, insertList } from '../lists/lists.queries.ts';
import type { ChangeFeed } from '../writes/change-feed.ts';
import { activityOf } from '../writes/change-log.ts';
import type { ListChange } from '../writes/change-log.ts';
import { checkPlanSize, type ImportPlan, type PlannedItem, type PlannedList } from './import-plan.ts';
import { isListoExport, readListoExport } from './listo-source.ts';
import { readTextList } from './text-source.ts';
import { isKeepTakeout, readKeepNote, readKeepTakeout } from './keep-source.ts';
import { readTodoistCsv } from './todoist-source.ts';
import { sha256 } from './checksums.ts';
import { decodeText } from './decode-text.ts';
import * as queries from './transfer.queries.ts';
import { looksLikeZip, readZip } from './zip-reader.ts';

export interface ImportDeps {
  db: Kysely<DB>;
  now: () => Date;
  changes: ChangeFeed;
  store: BlobStore;
}

export type ImportService = ReturnType<typeof createImportService>;

const TEXT_EXTENSIONS = new Set(['txt', 'md', 'markdown', 'text']);

const extensionOf = (file: string) => /\.([^./\\]+)$/.exec(file)?.[1]?.toLowerCase() ?? '';

/** What the file is, read whole and checked before anything is written (docs/api.md, "Import and export"). */
export function readPlan(file: string, bytes: Uint8Array, options: { includeTrashed: boolean }): ImportPlan {
  if (bytes.length === 0) throw badRequest(TRANSFER_MESSAGES.emptyUpload);
  const plan = planOf(file, bytes, options.includeTrashed);
  checkPlanSize(file, plan);
  return plan;
}

function planOf(file: string, bytes: Uint8Array, includeTrashed: boolean): ImportPlan {
  if (looksLikeZip(bytes)) {
    const zip = readZip(file, bytes);
    if (isListoExport(zip)) return readListoExport(file, zip);
    if (isKeepTakeout(zip)) return readKeepTakeout(file, zip, includeTrashed);
    throw badRequest(TRANSFER_MESSAGES.unknownFormat(file));
  }
  const extension = extensionOf(file);
  if (extension === 'json') return readKeepNote(file, bytes, includeTrashed);
  if (extension === 'csv') return readTodoistCsv(file, decodeText(file, bytes));
  if (TEXT_EXTENSIONS.has(extension)) return readTextList(file, decodeText(file, bytes));
  throw badRequest(TRANSFER_MESSAGES.unknownFormat(file));
}

const alreadyImported = (at: string) => new DomainError('conflict', 'already_imported', TRANSFER_MESSAGES.alreadyImported(at.slice(0, 10)));

/** Each item either added, or merged into an unchecked item of its name on the list or earlier in the import. */
function mergeInto(items: readonly PlannedItem[], onList: ReadonlySet<string>): { added: PlannedItem[]; merged: number } {
  const seen = new Set(onList);
  const added = items.filter((item) => {
    const key = itemNameKey(item.content);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { added, merged: items.length - added.length };
}

/** Who each share names, here: shares of accounts that exist (not the importer) are made again; the rest are skipped. */
function sharesHere(plan: ImportPlan, accounts: ReadonlyMap<string, string>, importer: string) {
  const skipped: ImportSkipped[] = [];
  const kept = plan.lists.map((list) =>
    list.shares.filter((share) => {
      if (share.email === importer) return false;
      if (accounts.has(share.email)) return true;
      skipped.push({ where: list.name, reason: TRANSFER_MESSAGES.skippedShareNoAccount(share.email) });
      return false;
    }),
  );
  return { kept, skipped };
}

export function createImportService(deps: ImportDeps) {
  const { db, changes, store } = deps;

  /** The plan as it would land for this caller: into which list, what merges, which shares. */
  async function arrange(actor: Actor, query: ImportQuery, bytes: Uint8Array) {
    requireScope(actor, 'lists:manage');
    const plan = readPlan(query.file_name, bytes, { includeTrashed: query.include_trashed === 'true' });
    const digest = sha256(bytes);
    const importedAt = (await queries.importedAt(db, actor.user.id, digest)) ?? null;
    const emails = [...plan.lists.flatMap((list) => [...list.shares.map((share) => share.email), ...list.items.flatMap((item) => item.createdBy ?? [])]), ...plan.lists.flatMap((list) => list.settings?.last_change?.by ?? [])];
    const accounts = await queries.usersByEmail(db, emails);
    const shares = sharesHere(plan, accounts, actor.user.email);
    return { plan, digest, importedAt, accounts, shares, target: query.list_id };
  }

  /** The items that go into the target list, and how many merge into what it holds. */
  async function intoTarget(reader: Kysely<DB> | Transaction<DB>, listId: string, plan: ImportPlan) {
    const items = plan.lists.flatMap((list) => list.items);
    const named = await itemsNamed(reader, listId, items.map((item) => itemNameKey(item.content)));
    return mergeInto(items, new Set(named.filter((row) => !toBool(row.is_completed)).map((row) => row.name_key)));
  }

  function previewOf(arranged: Awaited<ReturnType<typeof arrange>>, target?: { name: string; merged: number; added: PlannedItem[] }): ImportPreview {
    const { plan, digest, importedAt, shares } = arranged;
    const count = (items: readonly PlannedItem[]): Pick<ImportListPreview, 'items' | 'checked' | 'photos'> => ({
      items: items.length,
      checked: items.filter((item) => item.isCompleted).length,
      photos: items.filter((item) => item.photo).length,
    });
    const lists = target
      ? [{ name: target.name, list_id: arranged.target!, ...count(target.added), shares: 0, merged: target.merged }]
      : plan.lists.map((list, index) => ({ name: list.name, list_id: null, ...count(list.items), shares: shares.kept[index]!.length, merged: 0 }));
    return { kind: plan.kind, digest, lists, skipped: [...plan.skipped, ...shares.skipped], imported_at: importedAt };
  }

  /** Writes the photos' files under new image ids, before the write that points at them; answers the keys by item. */
  async function storePhotos(plan: ImportPlan): Promise<Map<PlannedItem, { id: string; keys: string[] }>> {
    const stored = new Map<PlannedItem, { id: string; keys: string[] }>();
    for (const item of plan.lists.flatMap((list) => list.items)) {
      if (!item.photo) continue;
      const id = crypto.randomUUID();
      const keys = imageKeys(id, item.photo.type);
      stored.set(item, { id, keys: Object.values(keys) });
      for (const [variant, key] of Object.entries(keys) as [Variant, string][]) {
        await store.put(key, Buffer.from(item.photo.files[variant]), contentTypeOf(key));
      }
    }
    return stored;
  }

  return {
    /** POST /imports/preview: what the file holds and what an import would do with it; writes nothing. */
    async preview(actor: Actor, query: ImportQuery, bytes: Uint8Array): Promise<ImportPreview> {
      const arranged = await arrange(actor, query, bytes);
      if (query.list_id === undefined) return previewOf(arranged);
      const { list } = await authorize(db, actor, query.list_id, 'edit-items');
      return previewOf(arranged, { name: list.name, ...(await intoTarget(db, query.list_id, arranged.plan)) });
    },

    /**
     * POST /imports: the whole file in one transaction, each list one change its members hear of
     * live; nothing of it when any part is refused. The same file again is refused (409
     * `already_imported`) unless `again=true`.
     */
    async apply(actor: Actor, query: ImportQuery, bytes: Uint8Array): Promise<ImportResult> {
      const arranged = await arrange(actor, query, bytes);
      if (arranged.importedAt !== null && query.again !== 'true') throw alreadyImported(arranged.importedAt);
      const { plan, accounts } = arranged;
      const userId = actor.user.id;
      const now = deps.now().toISOString();
      const photos = await storePhotos(plan);
      const idOf = (email: string | null | undefined) => (email ? (accounts.get(email) ?? null) : null);
      const itemRow = (listId: string, item: PlannedItem, position: number) => {
        const photo = photos.get(item);
        return {
          id: newTimeOrderedId(),
          list_id: listId,
          content: item.content,
          is_completed: item.isCompleted,
          position,
          properties: toJson(item.properties),
          images: photo ? toJson({ primary: { id: photo.id, uploadedAt: item.photo!.uploadedAt } }) : null,
          created_by: item.createdBy === undefined ? userId : idOf(item.createdBy),
          created_at: item.createdAt ?? now,
          updated_at: item.updatedAt ?? now,
        };
      };
      const imageRows = (rows: { id: string }[], items: readonly PlannedItem[]) =>
        items.flatMap((item, index) => {
          const photo = photos.get(item);
          if (!photo) return [];
          const { type, width, height, files } = item.photo!;
          const bytesHeld = Object.values(files).reduce((sum, file) => sum + file.length, 0);
          return [{ id: photo.id, item_id: rows[index]!.id, owner_id: userId, original_type: type, bytes: bytesHeld, width, height, created_at: now, attached_at: now }];
        });

      /** One new list with its items and shares, recorded as one change. */
      async function addList(trx: Transaction<DB>, record: (change: readonly ListChange[]) => Promise<void>, list: PlannedList, shares: PlannedList['shares']) {
        const listId = crypto.randomUUID();
        const settings = list.settings;
        const lastChange = settings?.last_change;
        await insertList(trx, {
          id: listId,
          name: list.name,
          owner_id: userId,
          visibility: settings?.visibility ?? 'private',
          public_editable: settings?.public_editable ?? false,
          allow_link_sharing: settings?.allow_link_sharing ?? false,
          custom_prompts: toJson(settings?.custom_prompts ?? []),
          created_at: settings?.created_at ?? now,
          updated_at: settings?.updated_at ?? now,
          last_change_by: lastChange === undefined ? userId : idOf(lastChange?.by),
          last_change_summary: lastChange === undefined ? LIST_ACTIVITY.imported : (lastChange?.summary ?? null),
          last_change_at: lastChange === undefined ? now : (lastChange?.at ?? null),
        });
        const rows = list.items.map((item, index) => itemRow(listId, item, item.position ?? index));
        await insertItems(trx, rows);
        await queries.insertImages(trx, imageRows(rows, list.items));
        await queries.insertShares(
          trx,
          shares.map((share) => ({ list_id: listId, user_id: accounts.get(share.email)!, email: share.email, permission: share.permission, status: share.status, shared_by: userId, created_at: now })),
        );
        await record([
          { listId, entity: 'list', op: 'added', entityId: listId },
          ...rows.map((row) => ({ listId, entity: 'item' as const, op: 'added' as const, entityId: row.id })),
          ...shares.map((share) => ({ listId, entity: 'share' as const, op: 'added' as const, entityId: share.email })),
        ]);
        return listId;
      }

      try {
        const result = await changes.write(query.list_id === undefined ? [] : [query.list_id], async (trx, record) => {
          let listIds: string[];
          let preview: ImportPreview;
          if (query.list_id !== undefined) {
            const listId = query.list_id;
            const { list } = await authorize(trx, actor, listId, 'edit-items');
            const target = await intoTarget(trx, listId, plan);
            if (list.item_count + target.added.length > LIST_ITEMS_MAX) throw tooLarge(SERVER_MESSAGES.listFull);
            const last = await lastPosition(trx, listId);
            const rows = target.added.map((item, index) => itemRow(listId, { ...item, createdBy: undefined, createdAt: undefined, updatedAt: undefined }, last + 1 + index));
            await insertItems(trx, rows);
            await queries.insertImages(trx, imageRows(rows, target.added));
            if (rows.length > 0) {
              await record(
                rows.map((row) => ({ listId, entity: 'item' as const, op: 'added' as const, entityId: row.id })),
                activityOf(actor, itemActivity('added', rows.map((row) => row.content))),
              );
            }
            listIds = [listId];
            preview = previewOf(arranged, { name: list.name, ...target });
          } else {
            if ((await countOwnedLists(trx, userId)) + plan.lists.length > LISTS_OWNED_MAX) throw tooLarge(TRANSFER_MESSAGES.tooManyLists);
            listIds = [];
            for (const [index, list] of plan.lists.entries()) {
              listIds.push(await addList(trx, (change) => record(change), list, arranged.shares.kept[index]!));
            }
            preview = previewOf(arranged);
          }
          await queries.mergePropertyMemory(
            trx,
            plan.memory.map((row) => ({ user_id: userId, name_key: row.name_key, properties: toJson(row.properties), updated_at: row.updated_at })),
          );
          await queries.recordImport(trx, { user_id: userId, digest: arranged.digest, file_name: query.file_name, created_at: now });
          return { ...preview, list_ids: listIds };
        });
        return result;
      } catch (error) {
        await store.delete([...photos.values()].flatMap((photo) => photo.keys)).catch(() => {});
        throw error;
      }
    },
  };
}
