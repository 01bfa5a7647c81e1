import type { Kysely, Transaction } from 'kysely';
import {
  AI_ENRICHMENT_KEYS,
  AI_MESSAGES,
  AI_TIER_OF,
  languageName,
  translationKey,
  type AiEnrichmentKey,
  type AiProviderValue,
  type AiSortKind,
  type AiTier,
} from '../../common/ai.ts';
import { aiSortOrder } from '../../common/ai-sort.ts';
import { LIST_ITEMS_MAX } from '../../common/constants.ts';
import { itemNameKey } from '../../common/item-input.ts';
import { itemActivity, LIST_ACTIVITY } from '../../common/list-activity.ts';
import { MESSAGES, SERVER_MESSAGES } from '../../common/messages.ts';
import type { AiInfoResponse, PhotoItemsResponse, ProcessItemsResponse } from '../../common/schemas/ai.ts';
import { propertiesFit, type ItemsResponse, type ItemView } from '../../common/schemas/items.ts';
import { authorize } from '../access/access.ts';
import type { Actor } from '../access/actor.ts';
import { isMember, type ListRole } from '../access/permissions.ts';
import type { DB, ItemRow } from '../db/schema.ts';
import { fromJson, toJson } from '../db/values.ts';
import { badRequest, conflict, notFound } from '../domain/errors.ts';
import type { ItemPresenter } from '../items/item.presenter.ts';
import { readItemsResponse } from '../items/item-pages.ts';
import * as itemQueries from '../items/items.queries.ts';
import { recallProperties } from '../items/property-memory.ts';
import type { ChangeFeed } from '../writes/change-feed.ts';
import { activityOf } from '../writes/change-log.ts';
import { keepForUndo } from '../undo/undo.service.ts';
import type { AiProvider, PropertyValues } from './ai-provider.ts';
import { aiErrors } from './ai-errors.ts';
import { createAnswers } from './answers.ts';
import { decodePhoto } from './photo.ts';
import { photoEntries } from './photo-entries.ts';

/**
 * The AI calls (docs/api.md, "AI"). The provider is asked outside any transaction (a model may take
 * seconds); what it answered is then applied in one write, through the change feed, after the
 * permission check under the list's lock, so every member sees the change live and a refusal or a
 * failure applies nothing. Enrichment (department, category, priority) is stored on the items as
 * properties: a re-sort reads them and asks nothing.
 *
 * A user's own corrections win over every provider: what they set on an item is remembered for its
 * name (property memory, server/items/property-memory.ts) and applied over the provider's answer.
 */

export interface AiDeps {
  db: Kysely<DB>;
  now: () => Date;
  changes: ChangeFeed;
  provider: AiProvider;
  /** The items feature's presenter (signed image URLs included), as REST answers items. */
  presentItem: ItemPresenter;
}

export type AiService = ReturnType<typeof createAiService>;

const hasText = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** The properties a sort kind orders by; items without them are enriched first. */
const NEEDED: Record<AiSortKind, readonly AiEnrichmentKey[]> = {
  smart: ['department', 'category'],
  department: ['department'],
  category: ['category'],
  priority: ['priority'],
};


export function createAiService(deps: AiDeps) {
  const { db, changes } = deps;
  const answers = createAnswers(deps);
  const nowIso = () => deps.now().toISOString();
  const allItems = (trx: Kysely<DB> | Transaction<DB>, listId: string) => itemQueries.listItemsAfter(trx, listId, undefined, LIST_ITEMS_MAX);
  const present = (row: ItemRow, role: ListRole) => deps.presentItem(row, { member: isMember(role) });

  /**
   * The provider's answers by name key, with the user's own corrections over them (docs/api.md,
   * Enrichment): a value the user set for a property of that name is kept, whatever any prompt or
   * provider answers for it.
   */
  async function correctedBy(actor: Actor, answered: Map<string, PropertyValues>): Promise<Map<string, PropertyValues>> {
    const memory = await recallProperties(db, actor.user.id, [...answered.keys()]);
    return new Map(
      [...answered].map(([key, values]) => {
        const remembered = memory.get(key) ?? {};
        return [key, Object.fromEntries(Object.entries(values).map(([name, value]) => [name, hasText(remembered[name]) ? String(remembered[name]) : value]))];
      }),
    );
  }

  /** Department, category and priority for each name, by name key, corrected by the user. `keys` limits what is answered. */
  async function enrichment(actor: Actor, names: readonly string[], tier: AiTier, keys: readonly AiEnrichmentKey[], fresh = false) {
    const classified = await answers.classifications(names, tier, fresh);
    return correctedBy(actor, new Map([...classified].map(([key, classification]) => [key, Object.fromEntries(keys.map((name) => [name, classification[name]]))])));
  }

  /**
   * Merges property values into the rows (by name key, or per row) and writes the rows that
   * changed, each within the size limit; answers them as they are now. A row the values would take
   * past the limit refuses the whole write (422), or, with `skipTooLarge`, keeps what it has.
   */
  async function writeValues(
    trx: Transaction<DB>,
    listId: string,
    rows: readonly ItemRow[],
    valuesOf: (row: ItemRow) => PropertyValues | undefined,
    { skipTooLarge = false } = {},
  ) {
    const now = nowIso();
    const changed: ItemRow[] = [];
    for (const row of rows) {
      const values = valuesOf(row);
      const before = fromJson(row.properties);
      if (!values || Object.entries(values).every(([key, value]) => before[key] === value)) continue;
      const properties = { ...before, ...values };
      if (!propertiesFit(properties)) {
        if (skipTooLarge) continue;
        throw aiErrors.propertiesTooLarge();
      }
      await itemQueries.updateItem(trx, listId, row.id, { properties: toJson(properties), updated_at: now });
      changed.push({ ...row, properties, updated_at: now });
    }
    return changed;
  }

  /** One item's new values, computed from its content, written under the lock; answers the item. */
  async function updateOneItem(
    actor: Actor,
    listId: string,
    itemId: string,
    compute: (row: ItemRow) => Promise<PropertyValues>,
  ): Promise<ItemView> {
    await authorize(db, actor, listId, 'edit-items');
    const row = await itemQueries.findItem(db, listId, itemId);
    if (!row) throw notFound(SERVER_MESSAGES.itemNotFound);
    const values = await compute(row);
    return changes.write([listId], async (trx, record) => {
      const { role } = await authorize(trx, actor, listId, 'edit-items');
      const current = await itemQueries.findItem(trx, listId, itemId);
      if (!current) throw notFound(SERVER_MESSAGES.itemNotFound);
      // The model answered for the name it was given: not for one someone typed meanwhile.
      if (current.content !== row.content) throw conflict(AI_MESSAGES.renamedMeanwhile);
      const [changed] = await writeValues(trx, listId, [current], () => values);
      if (changed) {
        await record({ listId, entity: 'item', op: 'modified', entityId: itemId }, activityOf(actor, itemActivity('edited', [changed.content])));
      }
      return present(changed ?? current, role);
    });
  }

  /** Properties other than the enrichment keys, by asking the provider as if it were a prompt. */
  async function otherProperties(names: readonly string[], row: ItemRow, tier: AiTier) {
    const prompt = `Give each item these properties: ${names.join(', ')}.`;
    const values = (await answers.promptValues(prompt, [row.content], tier)).get(itemNameKey(row.content)) ?? {};
    return Object.fromEntries(Object.entries(values).filter(([key]) => names.includes(key)));
  }

  return {
    /**
     * POST /lists/{id}/sort: enriches the items that lack what `kind` orders by, stores the new
     * order as positions, and answers the first page in that order. With an undo id, the items it
     * changed are kept as they were, for POST /lists/{id}/undo/{undoId} (server/undo/).
     */
    async sort(actor: Actor, listId: string, provider: AiProviderValue, kind: AiSortKind, undoId?: string): Promise<ItemsResponse> {
      const tier = AI_TIER_OF[provider];
      await authorize(db, actor, listId, 'edit-items');
      const lacking = (row: ItemRow) => NEEDED[kind].some((key) => !hasText(fromJson(row.properties)[key]));
      const names = (await allItems(db, listId)).filter(lacking).map((row) => row.content);
      const values = names.length > 0 ? await enrichment(actor, names, tier, AI_ENRICHMENT_KEYS) : new Map<string, PropertyValues>();

      return changes.write([listId], async (trx, record) => {
        const { role } = await authorize(trx, actor, listId, 'edit-items');
        const rows = await allItems(trx, listId);
        // Only what an item lacks is filled: a department set by hand stays as it is.
        // One item too full for more properties is sorted by what it has, not a reason to refuse the list.
        const enriched = await writeValues(
          trx,
          listId,
          rows,
          (row) => {
            const found = values.get(itemNameKey(row.content));
            const properties = fromJson(row.properties);
            return found && Object.fromEntries(Object.entries(found).filter(([key]) => !hasText(properties[key])));
          },
          { skipTooLarge: true },
        );
        const current = new Map(rows.map((row) => [row.id, row]));
        for (const row of enriched) current.set(row.id, row);
        const ordered = aiSortOrder(
          [...current.values()].map((row) => ({ row, content: row.content, position: row.position, properties: fromJson(row.properties) })),
          kind,
        );
        const moved = new Map(ordered.flatMap(({ row }, index) => (row.position === index ? [] : [[row.id, index] as const])));
        await itemQueries.setItemPositions(trx, listId, moved, nowIso());
        const touched = new Set([...enriched.map((row) => row.id), ...moved.keys()]);
        await keepForUndo(trx, { undoId, listId, actor, rows: rows.filter((row) => touched.has(row.id)), at: nowIso() });
        await record(
          [...touched].map((id) => ({ listId, entity: 'item' as const, op: 'modified' as const, entityId: id })),
          activityOf(actor, LIST_ACTIVITY.sorted),
        );
        return readItemsResponse(trx, changes, listId, (row) => present(row, role));
      });
    },

    /**
     * POST .../properties `add_properties`: fills the named properties (department, category and
     * priority by default) afresh from the provider, the user's corrections winning.
     */
    addProperties(actor: Actor, listId: string, itemId: string, provider: AiProviderValue, names: readonly string[] = AI_ENRICHMENT_KEYS) {
      const tier = AI_TIER_OF[provider];
      const standard = AI_ENRICHMENT_KEYS.filter((key) => names.includes(key));
      const others = names.filter((name) => !(AI_ENRICHMENT_KEYS as readonly string[]).includes(name));
      return updateOneItem(actor, listId, itemId, async (row) => ({
        ...(standard.length > 0 ? (await enrichment(actor, [row.content], tier, standard)).get(itemNameKey(row.content)) : {}),
        ...(others.length > 0 ? await otherProperties(others, row, tier) : {}),
      }));
    },

    /** POST .../properties `translate`: the item's name in `language`, stored as `name_{language}`. */
    translate(actor: Actor, listId: string, itemId: string, provider: AiProviderValue, language: string) {
      return updateOneItem(actor, listId, itemId, async (row) => {
        const translated = (await answers.translations([row.content], language, AI_TIER_OF[provider])).get(itemNameKey(row.content));
        if (translated === undefined) throw aiErrors.unknownItem(row.content, languageName(language) ?? language);
        return { [translationKey(language)]: translated };
      });
    },

    /** POST .../reprocess: department, category and priority asked afresh (the cache is refreshed too). */
    reprocess(actor: Actor, listId: string, itemId: string, provider: AiProviderValue) {
      const tier = AI_TIER_OF[provider];
      return updateOneItem(actor, listId, itemId, async (row) => {
        return (await enrichment(actor, [row.content], tier, AI_ENRICHMENT_KEYS, true)).get(itemNameKey(row.content)) ?? {};
      });
    },

    /**
     * POST /lists/{id}/process-items: every custom prompt of the list over every item, in the
     * order the prompts are listed (a later prompt's value wins); answers the items that changed.
     * A prompt the provider cannot run (offline, one it does not understand) is skipped and named;
     * when it can run none, nothing runs (501).
     */
    async processItems(actor: Actor, listId: string, provider: AiProviderValue): Promise<ProcessItemsResponse> {
      const tier = AI_TIER_OF[provider];
      const { list } = await authorize(db, actor, listId, 'edit-items');
      const names = (await allItems(db, listId)).map((row) => row.content);
      if (names.length === 0) throw badRequest(MESSAGES.customPromptsNoItems, 'no_items');
      const prompts = fromJson(list.custom_prompts);
      if (prompts.length === 0) throw badRequest(MESSAGES.customPromptsNoPrompts, 'no_prompts');
      const runnable = prompts.filter((prompt) => deps.provider.runsPrompt(prompt));
      const skippedPrompts = prompts.filter((prompt) => !deps.provider.runsPrompt(prompt));
      if (runnable.length === 0) throw aiErrors.notConfigured(AI_MESSAGES.offlinePrompt(...skippedPrompts));
      // A later prompt's value wins over an earlier one's; the user's own correction over both.
      const answered = new Map<string, PropertyValues>();
      for (const prompt of runnable) {
        for (const [key, values] of await answers.promptValues(prompt, names, tier)) answered.set(key, { ...answered.get(key), ...values });
      }
      const values = await correctedBy(actor, answered);

      return changes.write([listId], async (trx, record) => {
        const { role } = await authorize(trx, actor, listId, 'edit-items');
        const updated = await writeValues(trx, listId, await allItems(trx, listId), (row) => values.get(itemNameKey(row.content)));
        await record(
          updated.map((row) => ({ listId, entity: 'item' as const, op: 'modified' as const, entityId: row.id })),
          activityOf(actor, itemActivity('edited', updated.map((row) => row.content))),
        );
        return { updatedItems: updated.map((row) => present(row, role)), skippedPrompts };
      });
    },

    /** GET /ai: the provider, and whether Standard and Expensive run two models here. */
    info(): AiInfoResponse {
      const { provider } = deps;
      return { provider: provider.kind, model_choice: provider.cacheModel('standard') !== provider.cacheModel('expensive') };
    },

    /** POST /lists/{id}/items/photo: the entries of a photographed list, for the client to add (nothing is written). */
    async readPhoto(actor: Actor, listId: string, provider: AiProviderValue, photoData: string): Promise<PhotoItemsResponse> {
      await authorize(db, actor, listId, 'edit-items');
      const photo = await decodePhoto(photoData);
      const entries = await deps.provider.readPhoto(photo, AI_TIER_OF[provider], actor.user.id);
      return { items: photoEntries(entries).map((content) => ({ content })) };
    },
  };
}
