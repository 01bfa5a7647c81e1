import { STORAGE_KEYS } from '../../../common/constants.ts';
import { newRandomId } from '../../../common/ids.ts';
import { LIST_ACTIVITY } from '../../../common/list-activity.ts';
import { UI_TEXT } from '../../../common/messages.ts';
import type { ListView, VisibilityBody } from '../../../common/schemas/lists.ts';
import { trimUnseen } from '../../../common/unseen-text.ts';
import { fetchList, fetchLists, listRequests } from './lists-api.ts';
import { ApiError, type ChangeRequest } from '../../core/net/client.ts';
import { foundGoneAlready } from '../../core/net/removals.ts';
import { messageOf } from '../../core/net/errors.ts';
import { appStore, type ClientList } from '../../core/store/app-state.ts';
import { localStore } from '../../core/store/local-storage.ts';
import { answerIsCurrent, newTempId } from '../../core/sync/optimistic.ts';
import { serverNow } from '../../core/net/server-clock.ts';
import { session } from '../../core/store/session.ts';
import { onListRefusal } from '../../core/sync/list-refusals.ts';
import { sendChange, sendCreation } from '../../core/sync/sync.ts';
import { notify } from '../../core/store/toasts.ts';
import { listsFromServer } from './renames-on-their-way.ts';

/** List actions: optimistic in the store first, then the server; rolled back when it refuses. */

function setLists(change: (lists: ClientList[]) => ClientList[]) {
  appStore.update((state) => ({ ...state, lists: change(state.lists) }));
}

/** Puts a list the server sent in place of the one with its id (the copy made here, if any). */
export function upsertList(list: ListView) {
  setLists((lists) => {
    const index = lists.findIndex((entry) => entry.id === list.id);
    return index < 0 ? [list, ...lists] : lists.with(index, list);
  });
}

/**
 * The server's answer to a write on a list in place of the copy held, unless the live feed brought
 * a later change meanwhile, or removed the list: a slow answer does not bring it back.
 */
function takeListAnswer(list: ListView) {
  setLists((lists) => {
    const index = lists.findIndex((entry) => entry.id === list.id);
    return index < 0 || !answerIsCurrent(lists[index]!, list) ? lists : lists.with(index, list);
  });
}

/**
 * A list that is not among the user's (a public list opened by its link): read with GET
 * /lists/{id}, kept apart from the dashboard's lists.
 */
export async function loadVisitedList(id: string): Promise<void> {
  const list = await fetchList(id);
  appStore.update((state) => ({ ...state, visited: { ...state.visited, [id]: list } }));
}

/**
 * A visited list's document as the live `list` topic brings it: the server's rules for this caller
 * (`can`), its name. Only while it is held: a copy arriving after the list went brings it not back.
 */
export function updateVisitedList(list: ListView): void {
  appStore.update((state) => (state.visited[list.id] ? { ...state, visited: { ...state.visited, [list.id]: list } } : state));
}

/** Forgets a list and its items, one of the user's or one visited by its link. */
export function removeListLocally(id: string) {
  appStore.update((state) => {
    const { [id]: _items, ...items } = state.items;
    const { [id]: _visited, ...visited } = state.visited;
    return { ...state, lists: state.lists.filter((list) => list.id !== id), items, visited };
  });
}

/**
 * After a write refused for the list's sake (403: editing was turned off or the caller's role
 * lowered; 404 `List not found or not accessible`: the list or the caller's access went), the list
 * is read again, so the screen follows: controls for what the caller may still do (greyed boxes, no
 * add bar, "view only"), or the page that says the list is gone. Members and visitors by link hear
 * this from the live topics at once (`lists`, `shares`, `list`); this covers a socket that is down.
 */
function rereadListAfterRefusal(listId: string, error: unknown): void {
  if (!(error instanceof ApiError)) return;
  // 409: changed elsewhere meanwhile (a rename), which the live feed may not have brought yet.
  if (error.status !== 403 && error.status !== 409 && !error.listOutOfReach) return;
  const { visited, lists } = appStore.get();
  const mine = lists.some((list) => list.id === listId);
  const read = visited[listId] ? loadVisitedList(listId) : mine ? fetchList(listId).then(takeListAnswer) : undefined;
  read?.catch((failure: unknown) => {
    if (failure instanceof ApiError && failure.status === 404) removeListLocally(listId);
  });
}

// Item and undo writes report their refusals to core, which hands them here.
onListRefusal(rereadListAfterRefusal);

// The list last opened goes with the session that opened it; another tab's sign-out removed it already.
session.onSignOut((cause) => {
  if (cause !== 'elsewhere') localStore.removeItem(STORAGE_KEYS.selectedList);
});

export async function loadLists(): Promise<void> {
  const server = await fetchLists();
  appStore.update((state) => ({
    ...state,
    listsLoaded: true,
    lists: listsFromServer(state, server),
  }));
}

/**
 * Until the server confirms a new list, its maker may add items to it (they wait for the list);
 * what else they may do, the server's answer says.
 */
const UNCONFIRMED_LIST_CAN = { editItems: true, manageList: false, manageShares: false, deleteList: false, leaveList: false };

/**
 * Creates a list at once, with its final id made here (decision 008); replaced by the server's
 * copy, removed if creation fails. Items can be added to it at once, online or offline.
 */
export async function createListAction(rawName: string): Promise<string | undefined> {
  const name = trimUnseen(rawName);
  const user = session.get().user;
  if (!name || !user) return undefined;
  const id = newRandomId();
  const now = serverNow().toISOString();
  const made: ClientList = {
    id,
    tempId: newTempId(),
    name,
    owner_id: user.id,
    visibility: 'private',
    public_editable: false,
    allow_link_sharing: false,
    custom_prompts: [],
    created_at: now,
    updated_at: now,
    isOwner: true,
    can: UNCONFIRMED_LIST_CAN,
    shares: [],
    item_count: 0,
    done_count: 0,
    last_change: { by: user.first_name ?? '', by_me: true, summary: LIST_ACTIVITY.created, app: null, at: now },
  };
  setLists((lists) => [made, ...lists]);
  try {
    const sent = await sendCreation<{ list: ListView }>(listRequests.create(id, name), {
      listId: id,
      onQueued: (key) => setLists((lists) => lists.map((list) => (list.id === id ? { ...list, pendingKey: key } : list))),
    });
    if (!sent.queued) takeListAnswer(sent.value.list);
  } catch (error) {
    removeListLocally(id);
    notify(UI_TEXT.listCreateFailed + messageOf(error, ''), 'error');
  }
  return id;
}

/** Takes a list off the dashboard at once; restored when the server refuses (a 404 means already gone: success). */
export async function dropList(id: string, request: ChangeRequest, failure: string): Promise<void> {
  const before = appStore.get();
  removeListLocally(id);
  try {
    await sendChange(request, { listId: id });
  } catch (error) {
    if (foundGoneAlready(request, error)) return;
    appStore.update((state) => ({ ...state, lists: before.lists, items: { ...state.items, ...before.items } }));
    notify(failure + messageOf(error, ''), 'error');
  }
}

export function deleteListAction(id: string): Promise<void> {
  return dropList(id, listRequests.remove(id), UI_TEXT.listDeleteFailed);
}

/** `startedFrom`: the name when the editor opened; the server refuses the rename (409) if someone changed it since. */
export async function renameListAction(id: string, rawName: string, startedFrom?: string): Promise<void> {
  const list = appStore.get().lists.find((entry) => entry.id === id);
  const name = trimUnseen(rawName);
  if (!list || !name || name === list.name) return;
  upsertList({ ...list, name });
  try {
    const sent = await sendChange<{ list: ListView }>(listRequests.rename(id, name, startedFrom ?? list.name), { listId: id });
    if (!sent.queued) takeListAnswer(sent.value.list);
  } catch (error) {
    // Put back as it was, unless the live feed brought a later version meanwhile (a rename refused
    // because someone renamed it first): that one stays.
    setLists((lists) => lists.map((entry) => (entry.id === id && entry.updated_at === list.updated_at ? list : entry)));
    notify(UI_TEXT.listRenameFailed + messageOf(error, ''), 'error');
    rereadListAfterRefusal(id, error);
  }
}

/** Not optimistic: the Share List modal reports the outcome itself. Answers whether it was only queued (offline). */
export async function setVisibilityAction(id: string, body: VisibilityBody): Promise<{ queued: boolean }> {
  const sent = await sendChange<{ list: ListView }>(listRequests.visibility(id, body), { listId: id });
  if (!sent.queued) takeListAnswer(sent.value.list);
  return { queued: sent.queued };
}

export async function setCustomPromptsAction(id: string, prompts: string[]): Promise<void> {
  const sent = await sendChange<{ list: ListView }>(listRequests.customPrompts(id, prompts), { listId: id });
  if (!sent.queued) takeListAnswer(sent.value.list);
}
