import { parseItem, type SplitOnAnd } from '../../../common/item-input.ts';
import { appStore } from '../../core/store/app-state.ts';
import { addItemPiecesAction, addLineAction, replaceItemsAction, type PiecesAdded } from './item-actions.ts';
import { createStore, useStore } from '../../core/store/store.ts';

/**
 * The add bar's notice after a line was split on "and" (decision 041): each stretch that became
 * several items, offered back as one ("Keep as one item"), and once kept, its Undo. Keeping it
 * replaces the items the stretch made by one item of its whole text, in one change every member
 * sees (POST /items/replace), and teaches the history the name, so the line splits no more: the
 * parser keeps whole the names in the history and on the list (common/item-input.ts).
 */

/** A stretch of a typed line that "and" split into items. */
export interface SplitOffer {
  /** The stretch as typed: "2 bags chips and salsa". */
  text: string;
  /** Its pieces as typed ("2 bags chips", "salsa"), as the Undo adds them back. */
  pieces: string[];
  /** The items the add made of it (not those that were on the list before). */
  itemIds: string[];
  /** The names of its pieces that the add put in the history first: they go when it is kept whole. */
  newHistory: string[];
}

/** What Undo puts back: the kept item goes, its pieces come back, its name leaves the history. */
export interface KeptWhole {
  itemId: string;
  pieces: string[];
  newHistory: string[];
}

export type SplitNotice =
  | { kind: 'split'; listId: string; offers: SplitOffer[] }
  /** `undo` only once the server made the item (a change still queued offline has none). */
  | { kind: 'kept'; listId: string; name: string; undo?: KeptWhole };

const noticeStore = createStore<SplitNotice | undefined>(undefined);

/** The stretches of an add that "and" split and that the server answered for: it made items of them. */
function offersOf(added: PiecesAdded, splitOnAnd: readonly SplitOnAnd[]): SplitOffer[] {
  // Queued, the ids may yet be merged into items already on the list: removing them then would
  // remove those (web/core/sync/sync.ts sends queued changes to what stands for an id).
  if (added.queued) return [];
  return splitOnAnd.flatMap(({ first, last, text }) => {
    const pieces = added.pieces.slice(first, last + 1);
    const itemIds = pieces.flatMap((piece) => (piece.fate === 'created' ? [piece.id] : []));
    if (itemIds.length === 0) return [];
    const names = new Set(pieces.map((piece) => piece.content));
    return [{ text, pieces: pieces.map((piece) => piece.piece), itemIds, newHistory: added.newHistory.filter((name) => names.has(name)) }];
  });
}

/** Takes names out of the history (they were put there by the change being taken back). */
function forget(names: readonly string[]): void {
  if (names.length === 0) return;
  appStore.update((state) => ({ ...state, history: state.history.filter((entry) => !names.includes(entry)) }));
}

/**
 * The add bar's add: the line split as the parser does with the names this device keeps whole,
 * then the notice for what "and" split. Answers whether the items were taken.
 */
export async function addTypedLineAction(listId: string, input: string): Promise<boolean> {
  const result = await addLineAction(listId, input);
  if (!result) return false;
  const offers = offersOf(result.added, result.splitOnAnd);
  noticeStore.set(offers.length > 0 ? { kind: 'split', listId, offers } : undefined);
  return true;
}

/**
 * "Keep as one item": the items the stretch made are replaced by one item of its whole text. Its
 * name enters the history, the pieces' names that the add put there leave it. Refused, everything
 * is put back (and told), and the offer stays.
 */
export async function keepAsOneAction(listId: string, offer: SplitOffer): Promise<void> {
  const before = noticeStore.get();
  const removing = (appStore.get().items[listId] ?? []).filter((item) => offer.itemIds.includes(item.id));
  noticeStore.set({ kind: 'kept', listId, name: parseItem(offer.text).content });
  const added = removing.length > 0 ? await replaceItemsAction(listId, removing, [offer.text]) : await addItemPiecesAction(listId, [offer.text]);
  if (!added) {
    noticeStore.set(before);
    return;
  }
  forget(offer.newHistory.filter((name) => !added.newHistory.includes(name)));
  const [whole] = added.pieces;
  const undo = !added.queued && whole?.fate === 'created' ? { itemId: whole.id, pieces: offer.pieces, newHistory: added.newHistory } : undefined;
  noticeStore.update((notice) => (notice?.kind === 'kept' && notice.listId === listId ? { ...notice, undo } : notice));
}

/** Undo of "Keep as one item": the pieces come back in place of the item, and its name leaves the history. */
export async function undoKeepAction(listId: string, kept: KeptWhole): Promise<void> {
  noticeStore.set(undefined);
  const removing = (appStore.get().items[listId] ?? []).filter((item) => item.id === kept.itemId);
  const added = removing.length > 0 ? await replaceItemsAction(listId, removing, kept.pieces) : await addItemPiecesAction(listId, kept.pieces);
  if (added) forget(kept.newHistory);
}

export function dismissSplitNotice(): void {
  noticeStore.set(undefined);
}

/** The notice of this list, if any. */
export function useSplitNotice(listId: string): SplitNotice | undefined {
  return useStore(noticeStore, (notice) => (notice?.listId === listId ? notice : undefined));
}
