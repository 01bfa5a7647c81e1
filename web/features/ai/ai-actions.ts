import { UNDO_TEXT } from '../../../common/undo.ts';
import { AI_TIER_OF, DEFAULT_AI_PROVIDER, languageName, type AiProviderValue } from '../../../common/ai.ts';
import { AI_TEXT } from '../../../common/ai-ui.ts';
import { AI_PROVIDER_STORAGE_PREFIX } from '../../../common/constants.ts';
import { MESSAGES } from '../../../common/messages.ts';
import type { ItemAiBody } from '../../../common/schemas/ai.ts';
import { aiSortKindOf, type SortMode } from '../../../common/sorting.ts';
import { itemAi, processItems, readPhotoItems, sortList } from './ai-api.ts';
import { ApiError, isNetworkError } from '../../core/net/client.ts';
import { appStore, type ClientItem, type ClientList } from '../../core/store/app-state.ts';
import { refusedOnTemporaryList } from '../photos/index.ts';
import { addItemPiecesAction, takeItemAnswers, type AddedPiece, type PieceFate, type PiecesAdded, revealItems, heldItems, newUndoId, offerUndo } from '../items/index.ts';
import { session, useSession } from '../../core/store/session.ts';
import { createStore, useStore } from '../../core/store/store.ts';
import { notify } from '../../core/store/toasts.ts';
import { localStore } from '../../core/store/local-storage.ts';

/**
 * The AI actions of a list (docs/api.md, "AI"): AI sorts, translating an item,
 * filling its properties, custom prompts and items from a photo. None is optimistic (only the
 * model knows the answer): each shows as running (`useAiActivity`, `useAiBusy`) until the server
 * answers, and its answer goes into the store at once; the live feed brings it to every member.
 * Failures are logged and told in a toast (decision 007).
 */

/** The List Settings choice for the list; Standard when none, or an unknown one, is stored. */
export function storedAiProvider(listId: string): AiProviderValue {
  const stored = localStore.getItem(AI_PROVIDER_STORAGE_PREFIX + listId);
  return stored !== null && Object.hasOwn(AI_TIER_OF, stored) ? (stored as AiProviderValue) : DEFAULT_AI_PROVIDER;
}

/** Whether the user may use AI on the list: their `can_use_ai` (which changes live) and the list's edit-items permission. */
export function useAiAllowed(list: Pick<ClientList, 'can'> | undefined): boolean {
  const { user } = useSession();
  return user?.can_use_ai === true && list?.can.editItems === true;
}

/** What a running task works on: the list's order, its custom prompts, a photo, or one item (by id). */
type Subject = 'sort' | 'prompts' | 'photo' | (string & {});

interface AiTask {
  id: number;
  listId: string;
  subject: Subject;
  /** What the busy indicator says, e.g. "Sorting with AI…". */
  label: string;
}

const aiTasks = createStore<readonly AiTask[]>([]);
let nextTaskId = 1;

async function track<T>(listId: string, subject: Subject, label: string, work: () => Promise<T>): Promise<T> {
  const id = nextTaskId++;
  aiTasks.update((tasks) => [...tasks, { id, listId, subject, label }]);
  try {
    return await work();
  } finally {
    aiTasks.update((tasks) => tasks.filter((task) => task.id !== id));
  }
}

/** What AI work runs on the list now, in words ("" when none), for its busy indicator. */
export function useAiActivity(listId: string): string {
  return useStore(aiTasks, (tasks) => [...new Set(tasks.filter((task) => task.listId === listId).map((task) => task.label))].join(' · '));
}

/** Whether AI work on `subject` of the list is running. */
export function useAiBusy(listId: string, subject: Subject): boolean {
  return useStore(aiTasks, (tasks) => tasks.some((task) => task.listId === listId && task.subject === subject));
}

/** Forgets the running tasks (tests). */
export function resetAiTasks(): void {
  aiTasks.set([]);
}

function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (isNetworkError(error)) return AI_TEXT.unreachable;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Logs a failure and tells it in a toast; answers the message. A 403
 * `ai_not_allowed` means AI was turned off for this user and the live update has not come yet:
 * the AI controls go away at once.
 */
function reportFailure(prefix: string, error: unknown): string {
  const message = prefix + failureMessage(error);
  console.error(message, error);
  const user = session.get().user;
  if (error instanceof ApiError && error.code === 'ai_not_allowed' && user?.can_use_ai) session.setUser({ ...user, can_use_ai: false });
  notify(message, 'error');
  return message;
}

function setViewMode(listId: string, from: SortMode, to: SortMode) {
  appStore.update((state) => {
    const view = state.view[listId];
    return view?.mode === from ? { ...state, view: { ...state.view, [listId]: { ...view, mode: to } } } : state;
  });
}

/**
 * Called when the list's sort mode changed from `previous` to `mode`; for an AI sort (`ai-{kind}`)
 * asks the server to sort: it fills what the kind orders by and stores the order, and the list
 * shows it from the stored properties (common/ai-sort.ts). When the server refuses, the list goes
 * back to `previous` (if it still shows `mode`): the menu then names the order actually shown.
 */
export async function aiSortAction(listId: string, mode: SortMode, previous: SortMode): Promise<void> {
  const kind = aiSortKindOf(mode);
  if (kind === undefined || mode === previous) return;
  if (refusedOnTemporaryList(listId, AI_TEXT.tempListNoAi)) return setViewMode(listId, mode, previous);
  const before = heldItems(listId, () => true);
  const undoId = newUndoId();
  try {
    const sorting = track(listId, 'sort', AI_TEXT.sorting, () => sortList(listId, { provider: storedAiProvider(listId), prompt: kind, undo_id: undoId }));
    const page = await sorting;
    takeItemAnswers(listId, page.items);
    // Undo puts the order and the labels back, and the menu on the order shown before.
    offerUndo({ listId, undoId, message: UNDO_TEXT.sorted, before, sent: sorting, alsoUndo: () => setViewMode(listId, mode, previous) });
  } catch (error) {
    setViewMode(listId, mode, previous);
    reportFailure(AI_TEXT.sortFailed, error);
  }
}

async function itemAiAction(listId: string, item: ClientItem, label: string, failedPrefix: string, body: ItemAiBody): Promise<void> {
  try {
    takeItemAnswers(listId, [await track(listId, item.id, label, () => itemAi(listId, item.id, body))]);
  } catch (error) {
    reportFailure(failedPrefix, error);
  }
}

/** Translates the item's name into `language`, stored as `name_{language}` and shown on its row. */
export function translateItemAction(listId: string, item: ClientItem, language: string): Promise<void> {
  const label = AI_TEXT.translating(item.content, languageName(language) ?? language);
  const body: ItemAiBody = { action: 'translate', language, provider: storedAiProvider(listId) };
  return itemAiAction(listId, item, label, AI_TEXT.translateFailed, body);
}

/** Fills the item's department, category and priority afresh (shown as tags on its row). */
export function addPropertiesAction(listId: string, item: ClientItem): Promise<void> {
  const body: ItemAiBody = { action: 'add_properties', provider: storedAiProvider(listId) };
  return itemAiAction(listId, item, AI_TEXT.addingProperties(item.content), AI_TEXT.propertiesFailed, body);
}

/**
 * Runs the list's custom prompts over its items: a message of its own when
 * the list has no items or no prompts (no call then), else how many items changed, with the
 * prompts the server's assistant could not run and skipped, or why nothing ran.
 */
export async function runCustomPromptsAction(list: ClientList): Promise<void> {
  if (refusedOnTemporaryList(list.id, AI_TEXT.tempListNoAi)) return;
  const nothingToRun =
    (appStore.get().items[list.id] ?? []).length === 0 ? MESSAGES.customPromptsNoItems : list.custom_prompts.length === 0 ? MESSAGES.customPromptsNoPrompts : undefined;
  if (nothingToRun) {
    notify(nothingToRun, 'warning');
    return;
  }
  try {
    const provider = storedAiProvider(list.id);
    const { updatedItems, skippedPrompts } = await track(list.id, 'prompts', AI_TEXT.runningCustomPrompts, () => processItems(list.id, { provider }));
    takeItemAnswers(list.id, updatedItems);
    const done = MESSAGES.customPromptsDone(updatedItems.length);
    if (skippedPrompts.length === 0) notify(done, 'success');
    else notify(`${done} ${AI_TEXT.promptsSkipped(skippedPrompts)}`, 'warning');
  } catch (error) {
    reportFailure(MESSAGES.customPromptsRunFailed, error);
  }
}

/**
 * Says what a photo's items did to the list (added, put back, already there: the add's own
 * warning is left untold), and scrolls to the new ones, else to those put back.
 */
function tellPhotoItems({ pieces }: PiecesAdded): void {
  const of = (fate: PieceFate) => pieces.filter((piece) => piece.fate === fate);
  const [added, putBack, already] = [of('created'), of('reopened'), of('skipped')];
  const names = (list: AddedPiece[]) => list.map((piece) => piece.content);
  notify(AI_TEXT.photoItemsAdded({ added: names(added), putBack: names(putBack), already: names(already) }), added.length > 0 ? 'success' : 'info');
  revealItems((added.length > 0 ? added : putBack).flatMap((piece) => piece.itemId ?? []));
}

/**
 * Reads a photographed list and adds its items the way typed ones are added (duplicates, ids made
 * here); answers how many the photo held. On failure the "Failed to analyze photo: " toast,
 * and the error rethrown with that message, for the dialog.
 */
export async function addItemsFromPhotoAction(listId: string, photoData: string, signal?: AbortSignal): Promise<number> {
  try {
    const provider = storedAiProvider(listId);
    const { items } = await track(listId, 'photo', AI_TEXT.analyzingPhoto, () => readPhotoItems(listId, { photoData, provider }, signal));
    // Given up (the dialog closed) while the answer was on its way: nothing is added.
    if (signal?.aborted) return 0;
    void addItemPiecesAction(listId, items.map((item) => item.content), { quiet: true }).then((added) => added && tellPhotoItems(added));
    return items.length;
  } catch (error) {
    if (signal?.aborted) return 0;
    throw new Error(reportFailure(MESSAGES.photoAnalysisFailed, error), { cause: error });
  }
}
