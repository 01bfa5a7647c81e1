import { isDeepStrictEqual } from 'node:util';
import type { Kysely, Transaction } from 'kysely';
import { LIST_ITEMS_MAX } from '../../common/constants.ts';
import { newTimeOrderedId } from '../../common/ids.ts';
import { holdsAnd, type NameIndex } from '../../common/compound-names.ts';
import { itemNameKey, keptNames } from '../../common/item-input.ts';
import { planAdds, type AddStep } from '../../common/item-duplicates.ts';
import { itemActivity, LIST_ACTIVITY, type ItemActivity } from '../../common/list-activity.ts';
import type { ItemEventKind } from '../../common/push.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { departmentKey } from '../../common/store-order.ts';
import {
  propertiesFit,
  type BatchItemsResponse,
  type CreateItemResponse,
  type ItemsPageQuery,
  type ItemsResponse,
  type ItemView,
  type ReplaceItemsResponse,
  type UpdateItemBody,
} from '../../common/schemas/items.ts';
import { authorize } from '../access/access.ts';
import type { Actor } from '../access/actor.ts';
import { isMember, type ListRole } from '../access/permissions.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { DB, ItemRow, ListRow } from '../db/schema.ts';
import { fromJson, toBool, toJson } from '../db/values.ts';
import { badRequest, conflict, notFound, tooLarge } from '../domain/errors.ts';
import type { ChangeFeed } from '../writes/change-feed.ts';
import { activityOf } from '../writes/change-log.ts';
import { keepForUndo } from '../undo/undo.service.ts';
import type { ItemPresenter } from './item.presenter.ts';
import { draftFromPiece, draftsFromInputs, withMemory, type ItemDraft } from './item-drafts.ts';
import { readItemsResponse } from './item-pages.ts';
import * as queries from './items.queries.ts';
import type { StoreOrderService } from '../store-order/store-order.service.ts';
import { recallProperties, rememberProperties } from './property-memory.ts';

export interface ItemDeps {
  db: Kysely<DB>;
  now: () => Date;
  /** Every write goes through it, so live subscribers hear of it after the commit. */
  changes: ChangeFeed;
  /** The same presenter live subscriptions use (server/app.ts). */
  presentItem: ItemPresenter;
  /** Inside the write: items someone added or checked off, for the other members' notifications (server/push/). */
  onItemsChanged?: (trx: Transaction<DB>, listId: string, actorId: string, kind: ItemEventKind, names: readonly string[]) => Promise<void>;
  /** Hears each check-off, inside its write, for the learned store order. */
  storeOrder: Pick<StoreOrderService, 'checkedOff' | 'unchecked'>;
}

export type ItemService = ReturnType<typeof createItemService>;

/** An entry of an add call: typed text, with the id the client gave its optimistic row, if any. */
export interface ItemEntry {
  id?: string;
  content: string;
}

type Draft = ItemDraft & { id?: string };

type Audience = Parameters<ItemPresenter>[1];

/** What an add did, as its answer is made from it inside its write. */
interface Added {
  /** The entries as read, in order: the first is what POST /items answers for. */
  drafts: Draft[];
  results: ItemView[];
  warnings: BatchItemsResponse['warnings'];
  merged: BatchItemsResponse['merged'];
  /** The items the add removed first (a replace), of those it was asked to. */
  removed: string[];
  /** Whether anything changed (201), or every name was already on the list (200). */
  created: boolean;
  audience: Audience;
}

const listFull = () => tooLarge(SERVER_MESSAGES.listFull);

/** What an update did, as people say it: a check-off first, then a new name, else an edit. */
function updateKind(row: ItemRow, patch: UpdateItemBody, content: string): ItemActivity {
  if (patch.is_completed !== undefined && patch.is_completed !== toBool(row.is_completed)) {
    return patch.is_completed ? 'checked' : 'unchecked';
  }
  return content !== row.content ? 'renamed' : 'edited';
}

/**
 * Whether an update would leave the row as it is. Properties are compared as values: PostgreSQL's
 * jsonb gives them back in an order of its own.
 */
function changesNothing(row: ItemRow, set: queries.ItemRowChanges, properties: Record<string, unknown>): boolean {
  return (
    (set.content === undefined || set.content === row.content) &&
    (set.properties === undefined || isDeepStrictEqual(properties, fromJson(row.properties))) &&
    (set.is_completed === undefined || set.is_completed === toBool(row.is_completed)) &&
    (set.position === undefined || set.position === row.position)
  );
}

/**
 * A new item's properties: what is remembered for its name, with what was typed. Each fits the
 * limit alone but not always both together; then what was typed wins alone.
 */
function startingProperties(draft: ItemDraft, remembered: Record<string, unknown> | undefined): Record<string, unknown> {
  const merged = withMemory(draft, remembered);
  return propertiesFit(merged) ? merged : draft.parsed;
}

/**
 * An entry with an id is one item (the client split the line); one without may hold several, and
 * keeps whole the names `kept` (those on the list, as the web app keeps them: common/item-input.ts).
 */
function draftsOf(entries: readonly ItemEntry[], kept?: NameIndex): Draft[] {
  return entries.flatMap((entry): Draft[] => {
    if (entry.id === undefined) return draftsFromInputs([entry.content], kept);
    const draft = draftFromPiece(entry.content);
    return draft ? [{ ...draft, id: entry.id }] : [];
  });
}

/**
 * The entries whose client id was not used because an item of the same name stands for them: the
 * one unchecked on the list, the checked one put back, or an earlier entry's. A device that queued
 * changes of its new item offline sends them to that item instead (web/core/sync/sync.ts).
 */
function standIns(
  steps: readonly AddStep<Draft>[],
  made: Map<Draft, ItemRow>,
  named: readonly Pick<ItemRow, 'id' | 'name_key' | 'is_completed'>[],
): Record<string, string> {
  const holders = new Map<string, string>();
  for (const row of named) if (!toBool(row.is_completed)) holders.set(row.name_key, row.id);
  const merged: Record<string, string> = {};
  for (const step of steps) {
    // A skipped name is held by an unchecked item or an earlier entry (common/item-duplicates.ts).
    const id = step.kind === 'skip' ? holders.get(step.draft.nameKey)! : made.get(step.draft)!.id;
    if (step.kind !== 'skip') holders.set(step.draft.nameKey, id);
    if (step.draft.id !== undefined && id !== step.draft.id) merged[step.draft.id] = id;
  }
  return merged;
}

export function createItemService(deps: ItemDeps) {
  const { db, changes, presentItem } = deps;
  const nowIso = () => deps.now().toISOString();
  const presentFor = (role: ListRole) => (row: ItemRow) => presentItem(row, { member: isMember(role) });

  /** The steps of an add, carried out: rows created, checked items put back, duplicates skipped. */
  async function applySteps(
    trx: Transaction<DB>,
    list: ListRow,
    actor: Actor,
    steps: AddStep<Draft>[],
    memory: Map<string, Record<string, unknown>>,
  ): Promise<Map<Draft, ItemRow>> {
    const now = nowIso();
    const listId = list.id;
    const creates = steps.filter((step) => step.kind === 'create');
    // The count on the list's row was read under the list's lock (authorize), so it is current.
    if (list.item_count + creates.length > LIST_ITEMS_MAX) throw listFull();
    const last = await queries.lastPosition(trx, listId);
    const made = new Map<Draft, ItemRow>();
    const rows = creates.map((step, index) => {
      const row = {
        id: step.draft.id ?? newTimeOrderedId(),
        list_id: listId,
        content: step.draft.content,
        is_completed: false,
        position: last + 1 + index,
        properties: toJson(startingProperties(step.draft, memory.get(step.draft.nameKey))),
        images: null,
        created_by: actor.user.id,
        created_at: now,
        updated_at: now,
      };
      made.set(step.draft, { ...row, name_key: step.draft.nameKey });
      return row;
    });
    await queries.insertItems(trx, rows);
    for (const step of steps) {
      if (step.kind !== 'reopen') continue;
      const current = (await queries.findItem(trx, listId, step.itemId))!;
      // Back on the list, with a quantity if one was typed this time.
      const properties = { ...fromJson(current.properties), ...step.draft.parsed };
      const set = { is_completed: false, properties: toJson(properties), updated_at: now };
      await queries.updateItem(trx, listId, step.itemId, set);
      made.set(step.draft, { ...current, ...set });
    }
    return made;
  }

  /**
   * Parses the entries and adds what they hold in one transaction, after the permission check
   * under the list's lock. Duplicates follow common/item-duplicates.ts; an entry whose client id
   * is already on the list is a replay and answers that item as it is. The call's answer is made
   * inside the write (`answer`), so that an Idempotency-Key's answer commits with it.
   */
  async function addItems<T>(
    actor: Actor,
    listId: string,
    entries: readonly ItemEntry[],
    answer: (trx: Transaction<DB>, added: Added) => Promise<T> | T,
    remove: readonly string[] = [],
  ): Promise<T> {
    const drafts = draftsOf(entries, await namesKeptOn(listId, entries));
    if (drafts.length === 0) throw badRequest(SERVER_MESSAGES.itemContentRequired);
    if (drafts.length > LIST_ITEMS_MAX) throw listFull();
    const memory = await recallProperties(db, actor.user.id, drafts.map((draft) => draft.nameKey));
    try {
      return await changes.write([listId], async (trx, record) => {
        const { role, list } = await authorize(trx, actor, listId, 'edit-items');
        const removed = await removeItems(trx, listId, remove);
        const ids = drafts.flatMap((draft) => draft.id ?? []);
        const replayed = new Map((await queries.findItemsByIds(trx, listId, ids)).map((row) => [row.id, row]));
        const fresh = drafts.filter((draft) => draft.id === undefined || !replayed.has(draft.id));
        const named = await queries.itemsNamed(trx, listId, fresh.map((draft) => draft.nameKey));
        const existing = named.map((row) => ({ id: row.id, nameKey: row.name_key, isCompleted: toBool(row.is_completed) }));
        const plan = planAdds(fresh, existing);
        // The count on the list's row was read before the removals.
        const made = await applySteps(trx, { ...list, item_count: list.item_count - removed.length }, actor, plan.steps, memory);
        const done = plan.steps.filter((step) => step.kind !== 'skip');
        const addedNames = done.map((step) => step.draft.content);
        await record(
          [
            ...removed.map(({ id }) => ({ listId, entity: 'item' as const, op: 'removed' as const, entityId: id })),
            ...done.map((step) => ({
              listId,
              entity: 'item' as const,
              op: step.kind === 'create' ? ('added' as const) : ('modified' as const),
              entityId: made.get(step.draft)!.id,
            })),
          ],
          activityOf(actor, addedNames.length > 0 ? itemActivity('added', addedNames) : itemActivity('removed', removed.map(({ content }) => content))),
        );
        if (addedNames.length > 0) await deps.onItemsChanged?.(trx, listId, actor.user.id, 'added', addedNames);
        const rows = drafts.flatMap((draft) => made.get(draft) ?? (draft.id ? (replayed.get(draft.id) ?? []) : []));
        const audience = { member: isMember(role) };
        return answer(trx, {
          drafts,
          results: rows.map((row) => presentItem(row, audience)),
          warnings: plan.warnings,
          merged: standIns(plan.steps, made, named),
          removed: removed.map(({ id }) => id),
          created: done.length > 0 || removed.length > 0,
          audience,
        });
      });
    } catch (error) {
      // A client id that is some other list's item.
      if (isUniqueViolation(error)) throw conflict(SERVER_MESSAGES.clientIdTaken);
      throw error;
    }
  }

  /**
   * The names on the list that hold "and", which an entry without an id keeps whole (someone kept
   * them as one item, or typed them so); read only when such an entry could split on an "and".
   */
  async function namesKeptOn(listId: string, entries: readonly ItemEntry[]): Promise<NameIndex | undefined> {
    if (!entries.some((entry) => entry.id === undefined && holdsAnd(entry.content))) return undefined;
    return keptNames(await queries.namesHoldingAnd(db, listId));
  }

  /** Deletes those of the items that are on the list (one gone already is no refusal); answers them. */
  async function removeItems(trx: Transaction<DB>, listId: string, ids: readonly string[]): Promise<{ id: string; content: string }[]> {
    const removed = [];
    for (const id of ids) {
      const content = await queries.deleteItem(trx, listId, id);
      if (content !== undefined) removed.push({ id, content });
    }
    return removed;
  }

  /** The unchecked item of the list that carries this name (what a duplicate add stands for). */
  async function findOnList(trx: Transaction<DB>, listId: string, content: string, audience: Audience): Promise<ItemView[]> {
    const match = (await queries.itemsNamed(trx, listId, [itemNameKey(content)])).find((row) => !toBool(row.is_completed));
    const row = match && (await queries.findItem(trx, listId, match.id));
    return row ? [presentItem(row, audience)] : [];
  }

  return {
    /** One page of the list's items in display order; anyone who may read the list. */
    async list(actor: Actor, listId: string, page: ItemsPageQuery): Promise<ItemsResponse> {
      const { role } = await authorize(db, actor, listId, 'read');
      return readItemsResponse(db, changes, listId, presentFor(role), page);
    },

    /**
     * POST /items/batch: each entry may hold several items ("milk, eggs and bread"). `created`:
     * whether anything changed (201), or every name was already on the list (200).
     */
    addBatch(actor: Actor, listId: string, entries: readonly ItemEntry[]): Promise<{ body: BatchItemsResponse; created: boolean }> {
      return addItems(actor, listId, entries, (_trx, { results, warnings, merged, created }) => ({
        body: { results, warnings, merged },
        created,
      }));
    },

    /**
     * POST /items: the first item, with any further items of the same text beside it. When the
     * first name was already on the list, the item on the list stands in for it (with the warning).
     */
    addOne(actor: Actor, listId: string, entry: ItemEntry): Promise<{ body: CreateItemResponse; created: boolean }> {
      return addItems(actor, listId, [entry], async (trx, { drafts, results, warnings, created, audience }) => {
        const [first, ...additionalItems] = results.length > 0 ? results : await findOnList(trx, listId, drafts[0]!.content, audience);
        if (!first) throw notFound(SERVER_MESSAGES.itemNotFound);
        return { body: { ...first, additionalItems, warnings }, created };
      });
    },

    /**
     * A partial update. New content is parsed as one item: a leading quantity becomes `qty`. With
     * `properties: {}` beside it (the client's rename), the properties start afresh from what is
     * remembered for the new name. Properties sent are remembered for the item's name.
     */
    async update(actor: Actor, listId: string, itemId: string, patch: UpdateItemBody): Promise<ItemView> {
      const userId = actor.user.id;
      return changes.write([listId], async (trx, record) => {
        const { role } = await authorize(trx, actor, listId, 'edit-items');
        const row = await queries.findItem(trx, listId, itemId);
        if (!row) throw notFound(SERVER_MESSAGES.itemNotFound);
        const now = nowIso();
        const set: queries.ItemRowChanges = { updated_at: now };
        let content = row.content;
        let properties = patch.properties ?? fromJson(row.properties);

        if (patch.content !== undefined) {
          const draft = draftFromPiece(patch.content);
          if (!draft) throw badRequest(SERVER_MESSAGES.itemContentRequired);
          content = set.content = draft.content;
          const startAfresh = patch.properties !== undefined && Object.keys(patch.properties).length === 0;
          const base = startAfresh ? (await recallProperties(trx, userId, [draft.nameKey])).get(draft.nameKey) : properties;
          properties = withMemory(draft, base);
          // The item's properties and the quantity typed fit each alone, not always together.
          if (!propertiesFit(properties)) throw badRequest(SERVER_MESSAGES.itemPropertiesTooLarge);
        }
        if (patch.content !== undefined || patch.properties !== undefined) set.properties = toJson(properties);
        if (patch.is_completed !== undefined) set.is_completed = patch.is_completed;
        if (patch.position !== undefined) set.position = patch.position;
        // A stale screen or a replayed queue sends what is so already (a check-off of a checked
        // item): nothing is written, and no member reads that someone "edited" it.
        if (changesNothing(row, set, properties)) return presentItem(row, { member: isMember(role) });
        // Compared as the duplicate rule compares names: an item made offline that the server merged
        // into one of the same name ("Milk" into "milk") was not renamed by anyone.
        if (patch.expected_content !== undefined && itemNameKey(patch.expected_content) !== itemNameKey(row.content)) {
          throw conflict(SERVER_MESSAGES.itemRenamedMeanwhile(row.content));
        }

        await queries.updateItem(trx, listId, itemId, set);
        const kind = updateKind(row, patch, content);
        await record({ listId, entity: 'item', op: 'modified', entityId: itemId }, activityOf(actor, itemActivity(kind, [content])));
        if (kind === 'checked') {
          await deps.onItemsChanged?.(trx, listId, userId, 'checked', [content]);
          const department = departmentKey(properties.department);
          await deps.storeOrder.checkedOff(trx, { listId, userId, store: patch.store ?? '', nameKey: itemNameKey(content), department });
        } else if (kind === 'unchecked') {
          await deps.storeOrder.unchecked(trx, listId, userId, itemNameKey(content));
        }
        if (patch.properties !== undefined) {
          await rememberProperties(trx, userId, itemNameKey(content), properties, now);
        }
        const updated = {
          ...row,
          content,
          properties,
          is_completed: patch.is_completed ?? row.is_completed,
          position: patch.position ?? row.position,
          updated_at: now,
        };
        return presentItem(updated, { member: isMember(role) });
      });
    },

    /**
     * POST /items/replace: removes the items named (those still on the list) and adds the entries,
     * each one item, in one write: one change for every member. `created`: whether anything changed.
     */
    replace(actor: Actor, listId: string, remove: readonly string[], entries: readonly Required<ItemEntry>[]): Promise<{ body: ReplaceItemsResponse; created: boolean }> {
      return addItems(
        actor,
        listId,
        entries,
        (_trx, { results, warnings, merged, removed, created }) => ({ body: { results, warnings, merged, removed }, created }),
        remove,
      );
    },

    /**
     * The names of the list that a text typed without an id keeps whole (those on it that hold
     * "and": decision 041), for a caller that splits the text itself (the voice assistant).
     * Undefined when the text could not split on an "and" anyway.
     */
    namesKeptOn: (listId: string, text: string) => namesKeptOn(listId, [{ content: text }]),

    /**
     * Deletes one item; 404 when the list has no such item. With an undo id, the item is kept
     * under it as it was, for POST /lists/{id}/undo/{undoId} (server/undo/).
     */
    async remove(actor: Actor, listId: string, itemId: string, undoId?: string): Promise<void> {
      await changes.write([listId], async (trx, record) => {
        await authorize(trx, actor, listId, 'edit-items');
        const row = await queries.findItem(trx, listId, itemId);
        if (!row) throw notFound(SERVER_MESSAGES.itemNotFound);
        await keepForUndo(trx, { undoId, listId, actor, rows: [row], at: nowIso() });
        await queries.deleteItem(trx, listId, itemId);
        await record({ listId, entity: 'item', op: 'removed', entityId: itemId }, activityOf(actor, itemActivity('removed', [row.content])));
      });
    },

    /** Sets every position at once: `ids` must name each item of the list exactly once. Answers the first page. */
    async reorder(actor: Actor, listId: string, ids: string[]): Promise<ItemsResponse> {
      return changes.write([listId], async (trx, record) => {
        const { role } = await authorize(trx, actor, listId, 'edit-items');
        const current = new Set(await queries.itemIds(trx, listId));
        const wanted = new Set(ids);
        const exact = wanted.size === ids.length && wanted.size === current.size && ids.every((id) => current.has(id));
        if (!exact) throw badRequest(SERVER_MESSAGES.itemOrderMismatch);
        await queries.setPositions(trx, listId, ids, nowIso());
        await record(
          ids.map((id) => ({ listId, entity: 'item' as const, op: 'modified' as const, entityId: id })),
          activityOf(actor, LIST_ACTIVITY.reordered),
        );
        return readItemsResponse(trx, changes, listId, presentFor(role));
      });
    },
  };
}
