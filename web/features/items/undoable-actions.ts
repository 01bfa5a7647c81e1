import { UI_TEXT } from '../../../common/messages.ts';
import type { ClearResponse } from '../../../common/schemas/undo.ts';
import { AI_ENRICHMENT_KEYS } from '../../../common/ai.ts';
import { UNDO_TEXT } from '../../../common/undo.ts';
import { itemRequests } from './items-api.ts';
import { foundGoneAlready } from '../../core/net/removals.ts';
import { messageOf } from '../../core/net/errors.ts';
import { announce } from '../../core/store/announcements.ts';
import type { ClientItem } from '../../core/store/app-state.ts';
import { setItems } from './item-actions.ts';
import { listRefused } from '../../core/sync/list-refusals.ts';
import { sendChange } from '../../core/sync/sync.ts';
import { notify } from '../../core/store/toasts.ts';
import { heldItems, newUndoId, offerUndo, putBack } from './undo.ts';

/**
 * The item changes that take something away, each with its notice and Undo (features/items/undo.ts):
 * optimistic here first, then the server; put back in place when the server refuses.
 */

/** Removes at once, with Undo; restored in place on failure (a 404 for the item means already gone: success). */
export async function deleteItemAction(listId: string, item: ClientItem): Promise<void> {
  const before = heldItems(listId, (entry) => entry.id === item.id);
  if (before.length === 0) before.push({ item, index: 0 });
  setItems(listId, (list) => list.filter((entry) => entry.id !== item.id));
  announce(UI_TEXT.itemDeletedAnnouncement(item.content));
  const undoId = newUndoId();
  const request = itemRequests.remove(listId, item.id, undoId);
  const sent = sendChange(request, { listId });
  offerUndo({ listId, undoId, message: UNDO_TEXT.removed(item.content), before, sent });
  try {
    await sent;
  } catch (error) {
    if (foundGoneAlready(request, error)) return;
    setItems(listId, (list) => putBack(list, before));
    notify(UI_TEXT.itemDeleteFailed + messageOf(error, ''), 'error');
    listRefused(listId, error);
  }
}

/**
 * Removes the items that `pick` chooses by one change (`request`), with Undo saying `message`;
 * put back when the server refuses.
 */
async function changeMany(
  listId: string,
  pick: (item: ClientItem) => boolean,
  change: (item: ClientItem) => ClientItem | undefined,
  request: (ids: string[], undoId: string) => Parameters<typeof sendChange>[0],
  message: (count: number) => string,
): Promise<void> {
  const before = heldItems(listId, pick);
  if (before.length === 0) return;
  setItems(listId, (list) => list.flatMap((item) => (pick(item) ? (change(item) ?? []) : [item])));
  const undoId = newUndoId();
  const sent = sendChange<ClearResponse>(request(before.map(({ item }) => item.id), undoId), { listId });
  offerUndo({ listId, undoId, message: message(before.length), before, sent });
  try {
    await sent;
  } catch (error) {
    setItems(listId, (list) => putBack(list, before));
    notify(UNDO_TEXT.clearFailed + messageOf(error, ''), 'error');
    listRefused(listId, error);
  }
}

/** "Clear checked items": the checked items go, in one change, with Undo. */
export function clearCompletedAction(listId: string): Promise<void> {
  return changeMany(
    listId,
    (item) => item.is_completed,
    () => undefined,
    (ids, undoId) => itemRequests.clearCompleted(listId, ids, undoId),
    UNDO_TEXT.cleared,
  );
}

const SORT_KEYS: readonly string[] = AI_ENRICHMENT_KEYS;

/** Whether an item carries what AI sorts add (department, category, priority). */
export const hasSortLabels = (item: ClientItem): boolean => SORT_KEYS.some((key) => key in item.properties);

/** "Clear sort labels": department, category and priority off every item, in one change, with Undo. */
export function clearSortLabelsAction(listId: string): Promise<void> {
  return changeMany(
    listId,
    hasSortLabels,
    (item) => ({ ...item, properties: Object.fromEntries(Object.entries(item.properties).filter(([key]) => !SORT_KEYS.includes(key))) }),
    (_ids, undoId) => itemRequests.clearSortProperties(listId, undoId),
    UNDO_TEXT.propertiesCleared,
  );
}
