import { chunked } from '../../../common/chunked.ts';
import { HISTORY_MAX, ITEM_BATCH_MAX } from '../../../common/constants.ts';
import { newTimeOrderedId } from '../../../common/ids.ts';
import { planAdds, type AddStep } from '../../../common/item-duplicates.ts';
import type { NameIndex } from '../../../common/compound-names.ts';
import { editableName, itemNameKey, keptNames, parseItem, splitItemInput, type SplitOnAnd } from '../../../common/item-input.ts';
import { UI_TEXT } from '../../../common/messages.ts';
import { rememberedProperties, withRememberedProperties } from '../../../common/property-memory.ts';
import type { BatchItemsResponse, CreateItemResponse, ItemView } from '../../../common/schemas/items.ts';
import { trimUnseen } from '../../../common/unseen-text.ts';
import { ApiError, newIdempotencyKey, sendRequest } from '../../core/net/client.ts';
import { fetchItems, itemRequests, type ItemsRead } from './items-api.ts';
import { messageOf } from '../../core/net/errors.ts';
import { announce } from '../../core/store/announcements.ts';
import { appStore, type AppState, type ClientItem } from '../../core/store/app-state.ts';
import { keepUploadingImage, keepUploadingImages } from '../../core/store/item-images.ts';
import { keepUnchanged } from '../../core/sync/keep-unchanged.ts';
import { noteMerged } from '../../core/sync/merged-items.ts';
import { listRefused } from '../../core/sync/list-refusals.ts';
import { answerIsCurrent, isUnconfirmed, newTempId, stillOnTheirWay } from '../../core/sync/optimistic.ts';
import { serverNow } from '../../core/net/server-clock.ts';
import { storeOf } from '../store-order/index.ts';
import { sendChange } from '../../core/sync/sync.ts';
import { notify } from '../../core/store/toasts.ts';

/** Item actions: optimistic in the store first, then the server; rolled back when it refuses. */

const notFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export function setItems(listId: string, change: (items: ClientItem[]) => ClientItem[]) {
  appStore.update((state) => ({ ...state, items: { ...state.items, [listId]: change(state.items[listId] ?? []) } }));
}

/** Remembers the properties seen on items (common/property-memory.ts), for the next optimistic item. */
function rememberProperties(state: AppState, items: readonly ItemView[]): AppState['propertyCache'] {
  const cache = { ...state.propertyCache };
  for (const item of items) {
    const remembered = rememberedProperties(item.properties);
    if (Object.keys(remembered).length > 0) cache[itemNameKey(item.content)] = remembered;
  }
  return cache;
}

/**
 * The server's items, plus optimistic ones still on their way (in flight, or queued offline).
 * `readAt`: when the read of them started (the server's clock); the live feed's are current now.
 */
export function setServerItems(listId: string, server: ItemView[], readAt = serverNow().toISOString()) {
  appStore.update((state) => {
    // Our own new items carry their final ids, so one the live feed brings before the batch call
    // answers simply takes the place of its optimistic row.
    const current = state.items[listId] ?? [];
    const waiting = stillOnTheirWay(current, new Set(server.map((item) => item.id)), state.pendingChanges);
    return {
      ...state,
      items: { ...state.items, [listId]: keepUnchanged(current, [...keepUploadingImages(current, server), ...waiting]) },
      itemsReadAt: { ...state.itemsReadAt, [listId]: readAt },
      propertyCache: rememberProperties(state, server),
    };
  });
}

/**
 * Loads every item of a list and answers what was read, for the live feed to follow from there; a
 * list the server has not confirmed yet has none there.
 */
export async function loadItems(listId: string): Promise<ItemsRead | undefined> {
  const list = appStore.get().lists.find((entry) => entry.id === listId);
  if (list && isUnconfirmed(list)) return undefined;
  const readAt = serverNow().toISOString();
  const read = await fetchItems(listId);
  setServerItems(listId, read.items, readAt);
  return read;
}

/** Adds names to the front of the history; answers the ones that were new (to take back on failure). */
function addToHistory(names: string[]): string[] {
  const { history } = appStore.get();
  const known = new Set(history.map((entry) => entry.toLowerCase()));
  const added = names.filter((name) => !known.has(name.toLowerCase()));
  const rest = history.filter((entry) => !names.some((name) => name.toLowerCase() === entry.toLowerCase()));
  appStore.update((state) => ({ ...state, history: [...new Set(names), ...rest].slice(0, HISTORY_MAX) }));
  return added;
}

interface Entry {
  id: string;
  content: string;
}

/** Creates each item alone, when the batch call is not there (404). */
async function addOneByOne(listId: string, entries: Entry[]): Promise<ItemView[]> {
  const created: ItemView[] = [];
  for (const entry of entries) {
    const { additionalItems, warnings: _warnings, ...item } = await sendRequest<CreateItemResponse>(
      itemRequests.add(listId, entry),
      newIdempotencyKey(),
    );
    created.push(item, ...additionalItems);
  }
  return created;
}

/** What became of one piece of an add: a new item, an item that was checked put back, or a name already on the list. */
export type PieceFate = 'created' | 'reopened' | 'skipped';

export interface AddedPiece {
  /** The entry's id (the new item's, when created). */
  id: string;
  /** As typed ("2 bags chips"), and the name read from it ("chips"). */
  piece: string;
  content: string;
  fate: PieceFate;
  /** The item that stands for the piece on the list now (none for a name skipped twice in one add). */
  itemId?: string;
}

/** What an add did, piece by piece, in order. */
export interface PiecesAdded {
  pieces: AddedPiece[];
  /** Only queued (offline, or the server out of reach): the fates are what this device expects. */
  queued: boolean;
  /** The names this add put in the history that were not there before. */
  newHistory: string[];
}

/**
 * The names this device keeps whole when it splits a line (common/item-input.ts `keptNames`): those
 * in the history (typed before, or kept as one item) and those on the list (someone kept them so).
 */
function namesKeptOn(listId: string): NameIndex {
  const { history, items } = appStore.get();
  return keptNames([...history, ...(items[listId] ?? []).map((item) => item.content)]);
}

/**
 * Adds every item of a typed line at once. Each piece becomes an entry with its final id, made
 * here (decision 008), so the list may itself still be on its way to the server. The duplicate
 * rule of common/item-duplicates.ts runs here too: a name already unchecked on the list gets no
 * optimistic row, a checked one comes back unchecked. The server's answer replaces all of it.
 * Answers what each piece became, and where an "and" split the line (undefined: refused).
 */
export async function addLineAction(listId: string, input: string): Promise<{ added: PiecesAdded; splitOnAnd: SplitOnAnd[] } | undefined> {
  const { pieces, splitOnAnd } = splitItemInput(input, namesKeptOn(listId));
  const added = await addItemPiecesAction(listId, pieces);
  return added && { added, splitOnAnd };
}

/** `addLineAction`, answering whether the items were taken (false: refused, rolled back and told). */
export async function addItemsAction(listId: string, input: string): Promise<boolean> {
  return (await addLineAction(listId, input)) !== undefined;
}

interface AddOptions {
  /** Items to remove in the same change (POST /items/replace): "Keep as one item", and its Undo. */
  removing?: readonly ClientItem[];
  /** Leaves the warning of a name already on the list untold: the caller says what happened itself. */
  quiet?: boolean;
}

/**
 * `addItemsAction` for items split already, one item each (those read from a photo: "mac and cheese"
 * stays one). Answers undefined when the items were refused (rolled back and told), so the input can
 * give the text back. More than the server takes in one call go in turns of ITEM_BATCH_MAX, in
 * their order; a turn refused stops the rest, and a second try of the text given back finds the
 * turns that went on the list already (duplicates, skipped).
 */
export async function addItemPiecesAction(listId: string, pieces: readonly string[], options: AddOptions = {}): Promise<PiecesAdded | undefined> {
  if (pieces.length === 0) return undefined;
  const all: PiecesAdded = { pieces: [], queued: false, newHistory: [] };
  for (const batch of chunked(pieces, ITEM_BATCH_MAX)) {
    const added = await addBatch(listId, batch, options);
    if (!added) return undefined;
    all.pieces.push(...added.pieces);
    all.queued ||= added.queued;
    all.newHistory.push(...added.newHistory);
  }
  return all;
}

/**
 * Removes `removing` and adds `pieces` in one change (POST /items/replace), optimistic as an add:
 * answers what each piece became, or undefined when refused (all of it put back and told).
 */
export function replaceItemsAction(listId: string, removing: readonly ClientItem[], pieces: readonly string[]): Promise<PiecesAdded | undefined> {
  return addBatch(listId, pieces, { removing });
}

/** What a queued add expects of each step of its plan (common/item-duplicates.ts). */
const PLANNED_FATE: Record<AddStep<unknown>['kind'], PieceFate> = { create: 'created', reopen: 'reopened', skip: 'skipped' };

/** The fate of each entry from the server's answer: its id among the results, or what stands for it. */
function fatesOf(entries: readonly { id: string }[], answer: Pick<BatchItemsResponse, 'results' | 'merged'>): Pick<AddedPiece, 'fate' | 'itemId'>[] {
  const answered = new Set(answer.results.map((item) => item.id));
  return entries.map(({ id }) => {
    if (answered.has(id)) return { fate: 'created', itemId: id };
    const standIn = answer.merged[id];
    return { fate: standIn !== undefined && answered.has(standIn) ? 'reopened' : 'skipped', itemId: standIn };
  });
}

/** One batch call's worth of `addItemPiecesAction` (or a replace, when `removing`). */
async function addBatch(listId: string, pieces: readonly string[], { removing = [], quiet = false }: AddOptions): Promise<PiecesAdded | undefined> {
  const { propertyCache, items } = appStore.get();
  const removed = new Set(removing.map((item) => item.id));
  const held = items[listId] ?? [];
  const current = held.filter((item) => !removed.has(item.id));
  const drafts = pieces.map((piece) => {
    const parsed = parseItem(piece);
    return { id: newTimeOrderedId(), piece, content: parsed.content, nameKey: itemNameKey(parsed.content), typed: parsed.properties };
  });
  const plan = planAdds(drafts, current.map((item) => ({ id: item.id, nameKey: itemNameKey(item.content), isCompleted: item.is_completed })));
  const now = serverNow().toISOString();
  const top = Math.max(-1, ...held.map((item) => item.position));
  const temps: ClientItem[] = plan.steps.flatMap((step, index) => {
    if (step.kind !== 'create') return [];
    const { id, content, nameKey, typed } = step.draft;
    const properties = withRememberedProperties(propertyCache[nameKey], typed);
    const base = { id, tempId: newTempId(index), list_id: listId, content, is_completed: false, properties, images: null };
    return [{ ...base, position: top + 1 + index, created_by: null, created_at: now, updated_at: now }];
  });
  const reopened = new Set(plan.steps.flatMap((step) => (step.kind === 'reopen' ? [step.itemId] : [])));
  const before = current.filter((item) => reopened.has(item.id));
  const tempIds = new Set(temps.map((item) => item.id));
  const withoutTemps = (list: ClientItem[]) => list.filter((item) => !tempIds.has(item.id));
  const upsert = (list: ClientItem[], results: ItemView[]) => {
    const held = new Map(list.map((item) => [item.id, item]));
    const taken = results.flatMap((result): ItemView[] => {
      const current = held.get(result.id);
      // A new item the live feed removed before this answer came was deleted meanwhile: it stays gone.
      if (!current) return tempIds.has(result.id) ? [] : [result];
      return [answerIsCurrent(current, result) ? result : current];
    });
    const ids = new Set(taken.map((item) => item.id));
    return [...withoutTemps(list).filter((item) => !ids.has(item.id)), ...keepUploadingImages(list, taken)];
  };
  setItems(listId, (list) => [
    ...list.filter((item) => !removed.has(item.id)).map((item) => (reopened.has(item.id) ? { ...item, is_completed: false } : item)),
    ...temps,
  ]);
  const newHistory = addToHistory(plan.steps.flatMap((step) => (step.kind === 'skip' ? [] : [step.draft.content])));
  const entries = drafts.map(({ id, piece }) => ({ id, content: piece }));
  const request = removing.length > 0 ? itemRequests.replace(listId, [...removed], entries) : itemRequests.batch(listId, entries);
  const outcome = (fates: Pick<AddedPiece, 'fate' | 'itemId'>[], queued: boolean): PiecesAdded => ({
    pieces: drafts.map(({ id, piece, content }, index) => ({ id, piece, content, ...fates[index]! })),
    queued,
    newHistory,
  });
  try {
    const sent = await sendChange<BatchItemsResponse>(request, {
      listId,
      onQueued: (key) => setItems(listId, (list) => list.map((item) => (tempIds.has(item.id) ? { ...item, pendingKey: key } : item))),
    });
    const warning = sent.queued ? plan.warnings[0] : sent.value.warnings[0];
    if (!sent.queued) {
      noteMerged(sent.value);
      setItems(listId, (list) => upsert(list, sent.value.results));
    }
    const added = sent.queued
      ? plan.steps.flatMap((step) => (step.kind === 'skip' ? [] : [step.draft.content]))
      : sent.value.results.map((item) => item.content);
    if (added.length > 0) announce(UI_TEXT.itemsAddedAnnouncement(added));
    if (warning && !quiet) notify(warning, 'warning');
    const planned = plan.steps.map((step) => ({ fate: PLANNED_FATE[step.kind], itemId: step.kind === 'reopen' ? step.itemId : step.kind === 'create' ? step.draft.id : undefined }));
    return sent.queued ? outcome(planned, true) : outcome(fatesOf(entries, sent.value), false);
  } catch (error) {
    try {
      if (!notFound(error) || removing.length > 0) throw error;
      const created = await addOneByOne(listId, entries);
      setItems(listId, (list) => upsert(list, created));
      return outcome(fatesOf(entries, { results: created, merged: {} }), false);
    } catch (failure) {
      setItems(listId, (list) => [
        ...withoutTemps(list).map((item) => before.find((old) => old.id === item.id) ?? item),
        ...removing.filter((item) => !list.some((entry) => entry.id === item.id)),
      ]);
      appStore.update((state) => ({ ...state, history: state.history.filter((entry) => !newHistory.includes(entry)) }));
      notify(UI_TEXT.itemsAddFailed + messageOf(failure, ''), 'error');
      listRefused(listId, failure);
      return undefined;
    }
  }
}

function replaceItem(listId: string, item: ClientItem) {
  setItems(listId, (list) => list.map((entry) => (entry.id === item.id ? keepUploadingImage(entry, item) : entry)));
}

/**
 * The server's answers to a write in place of the items held, unless the live feed brought a later
 * change of one meanwhile; an item it removed meanwhile is not brought back.
 */
export function takeItemAnswers(listId: string, answers: readonly ItemView[]) {
  const byId = new Map(answers.map((item) => [item.id, item]));
  appStore.update((state) => {
    const held = state.items[listId];
    if (!held) return state;
    const taken = held.map((item) => {
      const answer = byId.get(item.id);
      return answer && answerIsCurrent(item, answer) ? keepUploadingImage(item, answer) : item;
    });
    return { ...state, items: { ...state.items, [listId]: taken } };
  });
}

/**
 * Puts back the item as it was before a refused change, unless the live feed brought a later
 * version meanwhile (a rename refused because someone renamed it first): that one stays.
 */
function rollBackItem(listId: string, optimistic: ClientItem, before: ClientItem) {
  setItems(listId, (list) =>
    list.map((entry) => (entry.id === before.id && entry.updated_at === optimistic.updated_at ? keepUploadingImage(entry, before) : entry)),
  );
}

async function updateAction(listId: string, before: ClientItem, optimistic: ClientItem, body: Parameters<typeof itemRequests.update>[2]) {
  replaceItem(listId, optimistic);
  try {
    const sent = await sendChange<ItemView>(itemRequests.update(listId, before.id, body), { listId });
    if (!sent.queued) takeItemAnswers(listId, [sent.value]);
  } catch (error) {
    rollBackItem(listId, optimistic, before);
    // Refused for a change made elsewhere meanwhile (a rename): if the live feed has not brought it
    // yet, the row would show the old name under a notice naming the new one.
    if (error instanceof ApiError && error.status === 409) void loadItems(listId).catch(() => undefined);
    notify(UI_TEXT.itemUpdateFailed + messageOf(error, ''), 'error');
    listRefused(listId, error);
  }
}

/** A check-off names the store the device shops the list in, for the learned store order. */
export function toggleItemAction(listId: string, item: ClientItem): Promise<void> {
  const is_completed = !item.is_completed;
  const store = is_completed ? storeOf(listId) : '';
  return updateAction(listId, item, { ...item, is_completed }, { is_completed, ...(store === '' ? {} : { store }) });
}

/**
 * A rename sends `{content, properties: {}}` (docs/api.md, "Items"); empty or unchanged (its quantity
 * included, `editableName`) does nothing. The row shows at once what the server will make of it:
 * the name and typed quantity read from the text, with the properties remembered for the name.
 */
export function renameItemAction(listId: string, item: ClientItem, text: string, startedFrom = item.content): Promise<void> {
  const content = trimUnseen(text);
  if (!content || content === editableName(item)) return Promise.resolve();
  const parsed = parseItem(content);
  const properties = withRememberedProperties(appStore.get().propertyCache[itemNameKey(parsed.content)], parsed.properties);
  // Sent with the name the editor started from: a rename made by someone else meanwhile is not
  // overwritten unseen, the server refuses this one (409) and says what the item is called now.
  return updateAction(listId, item, { ...item, content: parsed.content, properties }, { content, properties: {}, expected_content: startedFrom });
}
