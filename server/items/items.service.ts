import crypto from 'node:crypto';
import type { Kysely, Updateable } from 'kysely';
import { itemNameKey } from '../../common/item-input.ts';
import { LIST_ITEMS_MAX } from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import type {
  BatchItemsResponse,
  CreateItemResponse,
  ItemView,
  UpdateItemBody,
} from '../../common/schemas/items.ts';
import type { Access } from '../access/access.ts';
import type { DB, ItemsTable } from '../db/schema.ts';
import { fromJson, toJson } from '../db/values.ts';
import { AppError, badRequest, notFound } from '../http/errors.ts';
import type { ChangeFeed } from '../realtime/change-feed.ts';
import { presentItem } from './item.presenter.ts';
import { draftFromPiece, draftsFromInputs, duplicateWarnings, withMemory } from './item-drafts.ts';
import * as queries from './items.queries.ts';
import { recallProperties, rememberProperties } from './property-memory.ts';

export interface ItemDeps {
  db: Kysely<DB>;
  access: Access;
  now: () => Date;
  /** Every write goes through it, so live subscribers hear of it after the commit. */
  changes: ChangeFeed;
}

export type ItemService = ReturnType<typeof createItemService>;

const listFull = () => new AppError(413, 'too_large', SERVER_MESSAGES.listFull);

export function createItemService(deps: ItemDeps) {
  const { db, access, changes } = deps;
  const nowIso = () => deps.now().toISOString();

  /** Parses the entries, appends every item they hold in one transaction, and warns of duplicates. */
  async function addItems(listId: string, userId: string, inputs: string[]): Promise<BatchItemsResponse> {
    await access.authorize(listId, userId, 'edit-items');
    const drafts = draftsFromInputs(inputs);
    if (drafts.length === 0) throw badRequest(SERVER_MESSAGES.itemContentRequired);
    if (drafts.length > LIST_ITEMS_MAX) throw listFull();
    const memory = await recallProperties(db, userId, drafts.map((draft) => draft.nameKey));
    const now = nowIso();

    return changes.write([listId], async (trx, record) => {
      await queries.lockList(trx, listId);
      const { count, last } = await queries.countAndLastPosition(trx, listId);
      if (count + drafts.length > LIST_ITEMS_MAX) throw listFull();
      const unchecked = (await queries.uncheckedContents(trx, listId)).map(itemNameKey);
      const rows = drafts.map((draft, index) => ({
        id: crypto.randomUUID(),
        list_id: listId,
        content: draft.content,
        is_completed: false,
        position: last + 1 + index,
        properties: toJson(withMemory(draft, memory.get(draft.nameKey))),
        images: null,
        created_by: userId,
        created_at: now,
        updated_at: now,
      }));
      await queries.insertItems(trx, rows);
      await record(rows.map((row) => ({ listId, entity: 'item' as const, op: 'added' as const, entityId: row.id })));
      return { results: rows.map(presentItem), warnings: duplicateWarnings(drafts, unchecked) };
    });
  }

  return {
    /** The list's items in position order; anyone who may read the list. */
    async list(listId: string, userId: string): Promise<ItemView[]> {
      await access.authorize(listId, userId, 'read');
      return (await queries.listItems(db, listId)).map(presentItem);
    },

    /** POST /items/batch: each entry may hold several items ("milk, eggs and bread"). */
    addBatch(listId: string, userId: string, contents: string[]): Promise<BatchItemsResponse> {
      return addItems(listId, userId, contents);
    },

    /** POST /items: the first item, with any further items of the same text beside it. */
    async addOne(listId: string, userId: string, content: string): Promise<CreateItemResponse> {
      const { results, warnings } = await addItems(listId, userId, [content]);
      const [first, ...additionalItems] = results;
      return { ...first!, additionalItems, warnings };
    },

    /**
     * A partial update. New content is parsed as one item: a leading quantity becomes `qty`. With
     * `properties: {}` beside it (the client's rename), the properties start afresh from what is
     * remembered for the new name. Properties sent are remembered for the item's name.
     */
    async update(listId: string, itemId: string, userId: string, patch: UpdateItemBody): Promise<ItemView> {
      await access.authorize(listId, userId, 'edit-items');
      return changes.write([listId], async (trx, record) => {
        const row = await queries.findItem(trx, listId, itemId);
        if (!row) throw notFound(SERVER_MESSAGES.itemNotFound);
        await record({ listId, entity: 'item', op: 'modified', entityId: itemId });
        const now = nowIso();
        const set: Updateable<ItemsTable> = { updated_at: now };
        let content = row.content;
        let properties = patch.properties ?? fromJson(row.properties);

        if (patch.content !== undefined) {
          const draft = draftFromPiece(patch.content);
          if (!draft) throw badRequest(SERVER_MESSAGES.itemContentRequired);
          content = set.content = draft.content;
          const startAfresh = patch.properties !== undefined && Object.keys(patch.properties).length === 0;
          const base = startAfresh ? (await recallProperties(trx, userId, [draft.nameKey])).get(draft.nameKey) : properties;
          properties = withMemory(draft, base);
        }
        if (patch.content !== undefined || patch.properties !== undefined) set.properties = toJson(properties);
        if (patch.is_completed !== undefined) set.is_completed = patch.is_completed;
        if (patch.position !== undefined) set.position = patch.position;

        await queries.updateItem(trx, listId, itemId, set);
        if (patch.properties !== undefined) {
          await rememberProperties(trx, userId, itemNameKey(content), properties, now);
        }
        return presentItem({
          ...row,
          content,
          properties,
          is_completed: patch.is_completed ?? row.is_completed,
          position: patch.position ?? row.position,
          updated_at: now,
        });
      });
    },

    /** Deletes one item; 404 when the list has no such item. */
    async remove(listId: string, itemId: string, userId: string): Promise<void> {
      await access.authorize(listId, userId, 'edit-items');
      await changes.write([listId], async (trx, record) => {
        if (!(await queries.deleteItem(trx, listId, itemId))) throw notFound(SERVER_MESSAGES.itemNotFound);
        await record({ listId, entity: 'item', op: 'removed', entityId: itemId });
      });
    },

    /** Sets every position at once: `ids` must name each item of the list exactly once. */
    async reorder(listId: string, userId: string, ids: string[]): Promise<ItemView[]> {
      await access.authorize(listId, userId, 'edit-items');
      return changes.write([listId], async (trx, record) => {
        await queries.lockList(trx, listId);
        const current = new Set(await queries.itemIds(trx, listId));
        const wanted = new Set(ids);
        const exact = wanted.size === ids.length && wanted.size === current.size && ids.every((id) => current.has(id));
        if (!exact) throw badRequest(SERVER_MESSAGES.itemOrderMismatch);
        await queries.setPositions(trx, listId, ids, nowIso());
        await record(ids.map((id) => ({ listId, entity: 'item' as const, op: 'modified' as const, entityId: id })));
        return (await queries.listItems(trx, listId)).map(presentItem);
      });
    },
  };
}
