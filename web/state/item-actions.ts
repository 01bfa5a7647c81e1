import { HISTORY_MAX } from '../../common/constants.ts';
import { itemNameKey, parseItemInput } from '../../common/item-input.ts';
import { MESSAGES, UI_TEXT } from '../../common/messages.ts';
import { rememberedProperties, withRememberedProperties } from '../../common/property-memory.ts';
import type { BatchItemsResponse, CreateItemResponse, ItemView } from '../../common/schemas/items.ts';
import { ApiError, newIdempotencyKey, sendRequest } from '../api/client.ts';
import { fetchItems, itemRequests } from '../api/items.ts';
import { messageOf } from '../components/errors.ts';
import { appStore, type AppState, type ClientItem } from './app-state.ts';
import { isTempId, newTempId } from './lists-merge.ts';
import { sendChange } from './sync.ts';
import { notify } from './toasts.ts';

/** Item actions: optimistic in the store first, then the server; rolled back when it refuses. */

const notFound = (error: unknown) => error instanceof ApiError && error.status === 404;

function setItems(listId: string, change: (items: ClientItem[]) => ClientItem[]) {
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

/** The server's items, plus optimistic ones still on their way (in flight, or queued offline). */
export function setServerItems(listId: string, server: ItemView[]) {
  appStore.update((state) => {
    const queued = new Set(state.pendingChanges.map((change) => change.key));
    const current = state.items[listId] ?? [];
    // The live feed can bring our own new items before the batch call answers: a temporary item
    // whose name just arrived as a new server item is that item, not a second row.
    const known = new Set(current.map((item) => item.id));
    const arrived = new Set(server.filter((item) => !known.has(item.id)).map((item) => itemNameKey(item.content)));
    const waiting = current.filter(
      (item) =>
        item.tempId !== undefined &&
        (item.pendingKey === undefined || queued.has(item.pendingKey)) &&
        !arrived.has(itemNameKey(item.content)),
    );
    return {
      ...state,
      items: { ...state.items, [listId]: [...server, ...waiting] },
      propertyCache: rememberProperties(state, server),
    };
  });
}

export async function loadItems(listId: string): Promise<void> {
  if (isTempId(listId)) return;
  setServerItems(listId, await fetchItems(listId));
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

/** Creates each parsed item alone, when the batch call is not there (404). */
async function addOneByOne(listId: string, contents: string[]): Promise<ItemView[]> {
  const created: ItemView[] = [];
  for (const content of contents) {
    const { additionalItems, warnings: _warnings, ...item } = await sendRequest<CreateItemResponse>(
      itemRequests.add(listId, content),
      newIdempotencyKey(),
    );
    created.push(item, ...additionalItems);
  }
  return created;
}

/** Adds every item of a typed line at once (common parser), replaced by the server's items. */
export async function addItemsAction(listId: string, input: string): Promise<void> {
  if (isTempId(listId)) return notify(MESSAGES.tempListNoItems, 'warning');
  const parsed = parseItemInput(input);
  if (parsed.length === 0) return;
  const { propertyCache, items } = appStore.get();
  const now = new Date().toISOString();
  const top = Math.max(-1, ...(items[listId] ?? []).map((item) => item.position));
  const temps: ClientItem[] = parsed.map((entry, index) => {
    const tempId = newTempId(index);
    const properties = withRememberedProperties(propertyCache[itemNameKey(entry.content)], entry.properties);
    const base = { id: tempId, tempId, list_id: listId, content: entry.content, is_completed: false };
    return { ...base, position: top + 1 + index, properties, images: null, created_by: null, created_at: now, updated_at: now };
  });
  const tempIds = new Set(temps.map((item) => item.id));
  const withoutTemps = (list: ClientItem[]) => list.filter((item) => !tempIds.has(item.id));
  setItems(listId, (list) => [...list, ...temps]);
  const newHistory = addToHistory(parsed.map((entry) => entry.content));
  try {
    const sent = await sendChange<BatchItemsResponse>(itemRequests.batch(listId, [input.trim()]), {
      listId,
      tempIds: [...tempIds],
      onQueued: (key) => setItems(listId, (list) => list.map((item) => (tempIds.has(item.id) ? { ...item, pendingKey: key } : item))),
    });
    if (sent.queued) return;
    setItems(listId, (list) => [...withoutTemps(list).filter((item) => !sent.value.results.some((r) => r.id === item.id)), ...sent.value.results]);
    if (sent.value.warnings[0]) notify(sent.value.warnings[0], 'warning');
  } catch (error) {
    try {
      if (!notFound(error)) throw error;
      const created = await addOneByOne(listId, parsed.map((entry) => entry.content));
      setItems(listId, (list) => [...withoutTemps(list), ...created]);
    } catch (failure) {
      setItems(listId, withoutTemps);
      appStore.update((state) => ({ ...state, history: state.history.filter((entry) => !newHistory.includes(entry)) }));
      notify(UI_TEXT.itemsAddFailed + messageOf(failure, ''), 'error');
    }
  }
}

function replaceItem(listId: string, item: ClientItem) {
  setItems(listId, (list) => list.map((entry) => (entry.id === item.id ? item : entry)));
}

async function updateAction(listId: string, before: ClientItem, optimistic: ClientItem, body: Parameters<typeof itemRequests.update>[2]) {
  replaceItem(listId, optimistic);
  try {
    const sent = await sendChange<ItemView>(itemRequests.update(listId, before.id, body), { listId });
    if (!sent.queued) replaceItem(listId, sent.value);
  } catch (error) {
    replaceItem(listId, before);
    notify(UI_TEXT.itemUpdateFailed + messageOf(error, ''), 'error');
  }
}

export function toggleItemAction(listId: string, item: ClientItem): Promise<void> {
  const is_completed = !item.is_completed;
  return updateAction(listId, item, { ...item, is_completed }, { is_completed });
}

/** A rename sends `{content, properties: {}}` (spec section 7); empty or unchanged does nothing. */
export function renameItemAction(listId: string, item: ClientItem, text: string): Promise<void> {
  const content = text.trim();
  if (!content || content === item.content) return Promise.resolve();
  return updateAction(listId, item, { ...item, content }, { content, properties: {} });
}

/** Removes at once; restored in place on failure (a 404 means already gone: success). */
export async function deleteItemAction(listId: string, item: ClientItem): Promise<void> {
  const index = (appStore.get().items[listId] ?? []).findIndex((entry) => entry.id === item.id);
  setItems(listId, (list) => list.filter((entry) => entry.id !== item.id));
  try {
    await sendChange(itemRequests.remove(listId, item.id), { listId });
  } catch (error) {
    if (notFound(error)) return;
    setItems(listId, (list) => [...list.slice(0, index), item, ...list.slice(index)]);
    notify(UI_TEXT.itemDeleteFailed + messageOf(error, ''), 'error');
  }
}
