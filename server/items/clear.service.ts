import type { Kysely } from 'kysely';
import type { AiEnrichmentKey } from '../../common/ai.ts';
import { LIST_ITEMS_MAX } from '../../common/constants.ts';
import { itemActivity } from '../../common/list-activity.ts';
import type { ClearResponse } from '../../common/schemas/undo.ts';
import { authorize } from '../access/access.ts';
import type { Actor } from '../access/actor.ts';
import type { DB } from '../db/schema.ts';
import { fromJson, toBool, toJson } from '../db/values.ts';
import type { ChangeFeed } from '../writes/change-feed.ts';
import { activityOf } from '../writes/change-log.ts';
import { keepForUndo } from '../undo/undo.service.ts';
import * as queries from './items.queries.ts';

/**
 * The calls that clear many items at once (docs/api.md, "Items"): the checked items, and the
 * properties AI sorts added. Each keeps what it changed under the client's undo id, if any, for
 * POST /lists/{id}/undo/{undoId} (server/undo/, decision 049).
 */

export type ClearService = ReturnType<typeof createClearService>;

export function createClearService(deps: { db: Kysely<DB>; now: () => Date; changes: ChangeFeed }) {
  const { changes } = deps;
  const nowIso = () => deps.now().toISOString();

  return {
    /**
     * POST /items/clear-completed: removes those of `ids` that are on the list and checked (the
     * checked items the user saw: one unchecked or added since stays). Answers the ids removed.
     */
    async clearCompleted(actor: Actor, listId: string, ids: readonly string[], undoId?: string): Promise<ClearResponse> {
      return changes.write([listId], async (trx, record) => {
        await authorize(trx, actor, listId, 'edit-items');
        const rows = (await queries.findItemsByIds(trx, listId, ids)).filter((row) => toBool(row.is_completed));
        await keepForUndo(trx, { undoId, listId, actor, rows, at: nowIso() });
        for (const row of rows) await queries.deleteItem(trx, listId, row.id);
        await record(
          rows.map((row) => ({ listId, entity: 'item' as const, op: 'removed' as const, entityId: row.id })),
          activityOf(actor, itemActivity('removed', rows.map((row) => row.content))),
        );
        return { ids: rows.map((row) => row.id) };
      });
    },

    /**
     * POST /items/clear-properties: takes `keys` (the properties AI sorts add: department,
     * category, priority) off every item that has them. Answers the ids changed.
     */
    async clearProperties(actor: Actor, listId: string, keys: readonly AiEnrichmentKey[], undoId?: string): Promise<ClearResponse> {
      return changes.write([listId], async (trx, record) => {
        await authorize(trx, actor, listId, 'edit-items');
        const rows = (await queries.listItemsAfter(trx, listId, undefined, LIST_ITEMS_MAX)).filter((row) =>
          keys.some((key) => key in fromJson(row.properties)),
        );
        await keepForUndo(trx, { undoId, listId, actor, rows, at: nowIso() });
        const now = nowIso();
        for (const row of rows) {
          const properties = Object.fromEntries(Object.entries(fromJson(row.properties)).filter(([key]) => !(keys as readonly string[]).includes(key)));
          await queries.updateItem(trx, listId, row.id, { properties: toJson(properties), updated_at: now });
        }
        await record(
          rows.map((row) => ({ listId, entity: 'item' as const, op: 'modified' as const, entityId: row.id })),
          activityOf(actor, itemActivity('edited', rows.map((row) => row.content))),
        );
        return { ids: rows.map((row) => row.id) };
      });
    },
  };
}
