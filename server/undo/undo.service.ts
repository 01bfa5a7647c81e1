import type { Kysely, Transaction } from 'kysely';
import { LIST_ITEMS_MAX } from '../../common/constants.ts';
import { itemActivity } from '../../common/list-activity.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import type { UndoResponse } from '../../common/schemas/undo.ts';
import { UNDO_KEEP_MS, UNDO_MESSAGES } from '../../common/undo.ts';
import { authorize } from '../access/access.ts';
import type { Actor } from '../access/actor.ts';
import { isMember } from '../access/permissions.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { DB, ItemRow } from '../db/schema.ts';
import { fromJson, toBool, toJson } from '../db/values.ts';
import { conflict, notFound, tooLarge } from '../domain/errors.ts';
import { detachItemImages, reattachImage } from '../images/images.queries.ts';
import type { ItemPresenter } from '../items/item.presenter.ts';
import * as items from '../items/items.queries.ts';
import type { ChangeFeed } from '../writes/change-feed.ts';
import { activityOf } from '../writes/change-log.ts';
import * as queries from './undo.queries.ts';

/**
 * Undo (docs/api.md, "Undo"; decision 049). A change that takes something away and names an undo
 * id keeps the rows it changed, as it found them, in its own transaction (`keepForUndo`); the undo
 * writes them back, in one change every member hears of. The record says whether it was used, so a
 * second undo changes nothing; it lives UNDO_KEEP_MS, and the images its rows had live as long.
 */

/**
 * Keeps `rows` (as the change found them) under the client's undo id, if it sent one; in the
 * change's transaction, so that nothing is kept of a change that failed. 409 for an id in use.
 */
export async function keepForUndo(
  trx: Transaction<DB>,
  keep: { undoId: string | undefined; listId: string; actor: Actor; rows: readonly ItemRow[]; at: string },
): Promise<void> {
  if (keep.undoId === undefined || keep.rows.length === 0) return;
  try {
    await queries.insertUndoRecord(trx, { id: keep.undoId, listId: keep.listId, userId: keep.actor.user.id, rows: keep.rows, at: keep.at });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(UNDO_MESSAGES.idTaken);
    throw error;
  }
}

export interface UndoDeps {
  db: Kysely<DB>;
  now: () => Date;
  changes: ChangeFeed;
  presentItem: ItemPresenter;
}

export type UndoService = ReturnType<typeof createUndoService>;

/** Whether the item as it is differs from the row kept, in what an undo puts back. */
function differs(kept: ItemRow, current: ItemRow): boolean {
  return (
    kept.content !== current.content ||
    toBool(kept.is_completed) !== toBool(current.is_completed) ||
    kept.position !== current.position ||
    toJson(fromJson(kept.properties)) !== toJson(fromJson(current.properties)) ||
    queries.imageIdOf(kept) !== queries.imageIdOf(current)
  );
}

export function createUndoService(deps: UndoDeps) {
  const { db, changes, presentItem } = deps;
  const nowIso = () => deps.now().toISOString();

  /**
   * The image the kept row had, back on its item (in place of one attached since), or none when
   * its files went meanwhile; answers the item's `images` to store.
   */
  async function imageBack(trx: Transaction<DB>, kept: ItemRow, current: ItemRow | undefined): Promise<string | null> {
    const keptImage = queries.imageIdOf(kept);
    if (current && queries.imageIdOf(current) === keptImage) return current.images === null ? null : toJson(fromJson(current.images));
    if (current) await detachItemImages(trx, kept.id, keptImage);
    if (keptImage === undefined || !(await reattachImage(trx, keptImage, kept.id))) return null;
    return toJson(fromJson(kept.images));
  }

  return {
    /**
     * POST /lists/{id}/undo/{undoId}: puts the kept items back as they were (name, properties,
     * position, check, image); those removed come back under their ids. Only its author may, while
     * they may edit the list's items; 404 for a record that is unknown, of another list or
     * another user, or expired. Once used, `undone: false` and nothing changes.
     */
    async undo(actor: Actor, listId: string, undoId: string): Promise<UndoResponse> {
      return changes.write([listId], async (trx, record) => {
        const { role, list } = await authorize(trx, actor, listId, 'edit-items');
        const kept = await queries.findUndoRecord(trx, undoId);
        if (!kept || kept.list_id !== listId || kept.user_id !== actor.user.id) throw notFound(UNDO_MESSAGES.notFound);
        if (kept.undone_at !== null) return { items: [], undone: false };
        const rows = fromJson(kept.items);
        const now = nowIso();
        const current = new Map((await items.findItemsByIds(trx, listId, rows.map((row) => row.id))).map((row) => [row.id, row]));
        const missing = rows.filter((row) => !current.has(row.id));
        if (list.item_count + missing.length > LIST_ITEMS_MAX) throw tooLarge(SERVER_MESSAGES.listFull);
        // The removed rows first, with no image: an image's row refers to its item.
        await items.insertItems(
          trx,
          missing.map(({ name_key: _, ...row }) => ({
            ...row,
            is_completed: toBool(row.is_completed),
            properties: toJson(fromJson(row.properties)),
            images: null,
            updated_at: now,
          })),
        );
        const restored: ItemRow[] = [];
        const touched: { id: string; added: boolean }[] = [];
        for (const row of rows) {
          const before = current.get(row.id);
          if (before && !differs(row, before)) continue;
          const set = {
            content: row.content,
            is_completed: toBool(row.is_completed),
            position: row.position,
            properties: toJson(fromJson(row.properties)),
            images: await imageBack(trx, row, before),
            updated_at: now,
          };
          await items.updateItem(trx, listId, row.id, set);
          restored.push({ ...row, ...set });
          touched.push({ id: row.id, added: before === undefined });
        }
        await queries.markUndone(trx, undoId, now);
        if (touched.length > 0) await record(
          touched.map(({ id, added }) => ({ listId, entity: 'item' as const, op: added ? ('added' as const) : ('modified' as const), entityId: id })),
          activityOf(actor, itemActivity('restored', restored.map((row) => row.content))),
        );
        const audience = { member: isMember(role) };
        return { items: restored.map((row) => presentItem(row, audience)), undone: true };
      });
    },

    /** Forgets the records older than UNDO_KEEP_MS (the maintenance timer); their images are swept after. */
    purgeExpired(): Promise<number> {
      return queries.purgeUndoRecords(db, new Date(deps.now().getTime() - UNDO_KEEP_MS).toISOString());
    },
  };
}
