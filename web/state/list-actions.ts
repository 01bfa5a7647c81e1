import { UI_TEXT } from '../../common/messages.ts';
import type { ListView, VisibilityBody } from '../../common/schemas/lists.ts';
import { fetchLists, listRequests } from '../api/lists.ts';
import { ApiError } from '../api/client.ts';
import { messageOf } from '../components/errors.ts';
import { appStore, type ClientList } from './app-state.ts';
import { mergeServerLists, newTempId } from './lists-merge.ts';
import { session } from './session.ts';
import { sendChange } from './sync.ts';
import { notify } from './toasts.ts';

/** List actions: optimistic in the store first, then the server; rolled back when it refuses. */

function setLists(change: (lists: ClientList[]) => ClientList[]) {
  appStore.update((state) => ({ ...state, lists: change(state.lists) }));
}

/** Puts a list the server sent in place of the one with its id (or of the temp list it replaces). */
export function upsertList(list: ListView, replacesId = list.id) {
  setLists((lists) => {
    const others = lists.filter((entry) => entry.id !== replacesId && entry.id !== list.id);
    const index = lists.findIndex((entry) => entry.id === replacesId || entry.id === list.id);
    return index < 0 ? [list, ...others] : [...others.slice(0, index), list, ...others.slice(index)];
  });
}

export function removeListLocally(id: string) {
  appStore.update((state) => {
    const { [id]: _items, ...items } = state.items;
    return { ...state, lists: state.lists.filter((list) => list.id !== id), items };
  });
}

export async function loadLists(): Promise<void> {
  const server = await fetchLists();
  appStore.update((state) => ({
    ...state,
    listsLoaded: true,
    lists: mergeServerLists(state.lists, server, state.pendingChanges),
  }));
}

/** Creates a list at once with a temp id; replaced by the real one, removed if creation fails. */
export async function createListAction(rawName: string): Promise<void> {
  const name = rawName.trim();
  const user = session.get().user;
  if (!name || !user) return;
  const tempId = newTempId();
  const now = new Date().toISOString();
  const temp: ClientList = {
    id: tempId,
    tempId,
    name,
    owner_id: user.id,
    visibility: 'private',
    public_editable: false,
    allow_link_sharing: false,
    custom_prompts: [],
    created_at: now,
    updated_at: now,
    isOwner: true,
    shares: [],
  };
  setLists((lists) => [temp, ...lists]);
  try {
    const sent = await sendChange<{ list: ListView }>(listRequests.create(name), {
      listId: tempId,
      tempIds: [tempId],
      onQueued: (key) => setLists((lists) => lists.map((list) => (list.id === tempId ? { ...list, pendingKey: key } : list))),
    });
    if (!sent.queued) upsertList(sent.value.list, tempId);
  } catch (error) {
    setLists((lists) => lists.filter((list) => list.id !== tempId));
    notify(UI_TEXT.listCreateFailed + messageOf(error, ''), 'error');
  }
}

/** Deletes at once; restored when the server refuses (a 404 means already gone: success). */
export async function deleteListAction(id: string): Promise<void> {
  const before = appStore.get();
  removeListLocally(id);
  try {
    await sendChange(listRequests.remove(id), { listId: id });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return;
    appStore.update((state) => ({ ...state, lists: before.lists, items: { ...state.items, ...before.items } }));
    notify(UI_TEXT.listDeleteFailed + messageOf(error, ''), 'error');
  }
}

export async function renameListAction(id: string, rawName: string): Promise<void> {
  const list = appStore.get().lists.find((entry) => entry.id === id);
  const name = rawName.trim();
  if (!list || !name || name === list.name) return;
  upsertList({ ...list, name });
  try {
    const sent = await sendChange<{ list: ListView }>(listRequests.rename(id, name), { listId: id });
    if (!sent.queued) upsertList(sent.value.list);
  } catch (error) {
    upsertList(list);
    notify(UI_TEXT.listRenameFailed + messageOf(error, ''), 'error');
  }
}

/** Not optimistic: the Share List modal reports the outcome itself. */
export async function setVisibilityAction(id: string, body: VisibilityBody): Promise<void> {
  const sent = await sendChange<{ list: ListView }>(listRequests.visibility(id, body), { listId: id });
  if (!sent.queued) upsertList(sent.value.list);
}

export async function setCustomPromptsAction(id: string, prompts: string[]): Promise<void> {
  const sent = await sendChange<{ list: ListView }>(listRequests.customPrompts(id, prompts), { listId: id });
  if (!sent.queued) upsertList(sent.value.list);
}
