import { newTimeOrderedId } from '../../../common/ids.ts';
import type { UndoResponse } from '../../../common/schemas/undo.ts';
import { UNDO_MS, UNDO_TEXT } from '../../../common/undo.ts';
import { undoRequests } from '../../core/net/undo-requests.ts';
import { messageOf } from '../../core/net/errors.ts';
import { announce } from '../../core/store/announcements.ts';
import { appStore, type ClientItem } from '../../core/store/app-state.ts';
import { loadItems, takeItemAnswers } from './item-actions.ts';
import { sendChange } from '../../core/sync/sync.ts';
import { dismissToast, notify } from '../../core/store/toasts.ts';

/**
 * The notice with Undo after a change that takes something away (decision 049): an item removed,
 * an image removed, checked items cleared, an AI sort, a sort's labels cleared. The change names an
 * undo id made here; Undo puts the items back on this screen at once and sends
 * POST /lists/{id}/undo/{undoId}, a change like any other (queued offline, in order after the
 * change it takes back). The server puts back what it kept, for every member, once.
 */

/** An item as it was, and where it stood in the list held. */
export interface HeldItem {
  item: ClientItem;
  index: number;
}

export interface UndoOffer {
  listId: string;
  undoId: string;
  message: string;
  /** The items the change touched, as they were. */
  before: HeldItem[];
  /** The change's send: Undo waits for it, and does nothing if it was refused (it rolled back). */
  sent: Promise<unknown>;
  /** What else Undo takes back on this screen (an AI sort's view mode). */
  alsoUndo?: () => void;
}

export const newUndoId = (): string => newTimeOrderedId();

/** The items of the list held, as they were before the change: each back in its place, a removed one where it stood. */
export function putBack(list: readonly ClientItem[], before: readonly HeldItem[]): ClientItem[] {
  const byId = new Map(before.map(({ item }) => [item.id, item]));
  const next = list.map((item) => byId.get(item.id) ?? item);
  const present = new Set(list.map((item) => item.id));
  for (const { item, index } of [...before].sort((a, b) => a.index - b.index)) {
    if (!present.has(item.id)) next.splice(Math.min(index, next.length), 0, item);
  }
  return next;
}

/** The items of `listId` that `pick` chooses, with where each stands. */
export function heldItems(listId: string, pick: (item: ClientItem) => boolean): HeldItem[] {
  return (appStore.get().items[listId] ?? []).flatMap((item, index) => (pick(item) ? [{ item, index }] : []));
}

/**
 * Shows the notice with Undo for UNDO_MS (longer while the pointer or the focus is on it). A
 * change the server refuses was rolled back and says why itself: its notice goes at once, as there
 * is nothing to undo.
 */
export function offerUndo(offer: UndoOffer): void {
  let used = false;
  const toast = notify(offer.message, 'info', UNDO_MS, {
    label: UNDO_TEXT.undo,
    altText: UNDO_TEXT.undoLabel(offer.message),
    run: () => {
      // One Undo per change, however often the button is reached.
      if (used) return;
      used = true;
      void undoAction(offer);
    },
  });
  offer.sent.catch(() => dismissToast(toast));
}

/** Puts the items back here, then asks the server to (queued offline like any change). */
export async function undoAction(offer: UndoOffer): Promise<void> {
  const { listId } = offer;
  const made = await offer.sent.then(
    () => true,
    () => false,
  );
  if (!made) return;
  appStore.update((state) => ({ ...state, items: { ...state.items, [listId]: putBack(state.items[listId] ?? [], offer.before) } }));
  offer.alsoUndo?.();
  announce(UNDO_TEXT.undone);
  try {
    const sent = await sendChange<UndoResponse>(undoRequests.undo(listId, offer.undoId), { listId });
    if (!sent.queued) takeItemAnswers(listId, sent.value.items);
  } catch (error) {
    notify(UNDO_TEXT.failed + messageOf(error, ''), 'error');
    void loadItems(listId).catch(() => undefined);
  }
}
