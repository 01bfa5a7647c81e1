import { IDEMPOTENCY_TTL_MS, REQUEST_IN_PROGRESS } from '../../../common/constants.ts';
import { SERVER_MESSAGES, UI_TEXT } from '../../../common/messages.ts';
import { ApiError, isNetworkError, newIdempotencyKey, sendRequest, type ChangeRequest } from '../net/client.ts';
import { foundGoneAlready } from '../net/removals.ts';
import { appStore, onOthersChanges, settleChange } from '../store/app-state.ts';
import type { PendingChange } from './pending-change.ts';
import { noteMerged } from './merged-items.ts';
import { serverNow } from '../net/server-clock.ts';
import { session } from '../store/session.ts';
import { notify } from '../store/toasts.ts';

/**
 * Sends a change to the server, or queues it in `pendingChanges` when the server cannot be reached
 * (offline) or fails without refusing it (a fault, "later"). Queued changes are replayed in order,
 * with their own Idempotency-Key, when the connection returns or a little later; a replay that the
 * server already saw answers as before and changes nothing.
 */

export type SendResult<T> = { queued: true } | { queued: false; value: T };

/** Called once a replay has emptied the queue, with the lists its changes touched: the screens reload them. */
const afterReplayListeners = new Set<(listIds: string[]) => void>();
export function onReplayed(listener: (listIds: string[]) => void): () => void {
  afterReplayListeners.add(listener);
  return () => afterReplayListeners.delete(listener);
}

/** Queues a change; `unreachable`: it could not reach the server, which the banner tells as offline. */
function enqueue(change: PendingChange, unreachable: boolean) {
  appStore.update((state) => ({ ...state, online: state.online && !unreachable, pendingChanges: [...state.pendingChanges, change] }));
}

const request = <T>(change: PendingChange) => sendRequest<T>(change, change.key);

const withoutChange = (changes: readonly PendingChange[], key: string) => changes.filter((change) => change.key !== key);

/** The send under way of each path, settled or not: the next change of that path waits for it. */
const sendsByPath = new Map<string, Promise<unknown>>();

/**
 * Runs `send` once the change sent before it to the same path has been answered, whatever the
 * answer: two quick edits of one item (a rename, then another) reach the server in the order they
 * were made, where side by side the second could arrive first and be overwritten by the first.
 * Additions (POST) go side by side: each makes something new, under an id of its own.
 */
function inTurn<T>({ method, path }: ChangeRequest, send: () => Promise<T>): Promise<T> {
  if (method === 'POST') return send();
  const turn = (sendsByPath.get(path) ?? Promise.resolve()).then(send);
  const settled = turn.catch(() => undefined);
  sendsByPath.set(path, settled);
  void settled.then(() => {
    if (sendsByPath.get(path) === settled) sendsByPath.delete(path);
  });
  return turn;
}

/**
 * Sends a change that is not queued, kept in the cache's `inFlight` until it is answered: a reload
 * meanwhile leaves nothing to hear the answer, and the next start sends it again (app-state.ts).
 */
async function sendNow<T>(change: PendingChange): Promise<T> {
  const sent = { ...change, sentAt: serverNow().toISOString() };
  appStore.update((state) => ({ ...state, inFlight: [...state.inFlight, sent] }));
  try {
    return await inTurn(change, () => request<T>(change));
  } finally {
    appStore.update((state) => ({ ...state, inFlight: withoutChange(state.inFlight, change.key) }));
  }
}

/**
 * Lists being created right now, by id: a change to such a list (items added at once to a list
 * just made) waits for its creation, so the server never hears of the items before the list.
 */
const creations = new Map<string, Promise<unknown>>();

/** Sends the creation of a list; changes of that list sent meanwhile wait for it (see `creations`). */
export function sendCreation<T>(change: ChangeRequest, meta: ChangeMeta): Promise<SendResult<T>> {
  const sent = sendChange<T>(change, meta);
  const settled = sent.catch(() => undefined);
  creations.set(meta.listId, settled);
  void settled.then(() => {
    if (creations.get(meta.listId) === settled) creations.delete(meta.listId);
  });
  return sent;
}

interface ChangeMeta {
  listId: string;
  /** Runs before the promise settles, with the key, so optimistic entities can name their queued change. */
  onQueued?: (key: string) => void;
}

/**
 * Whether the user who made a change has signed out since (another account may be signed in now):
 * their queue went with the sign-out, and the change must never go out, nor wait, as the next one's.
 */
const signedOutSince = (madeBy: string | undefined) => session.get().user?.id !== madeBy;
const signedOut = () => new ApiError(401, 'unauthorized', SERVER_MESSAGES.notSignedIn);

/**
 * Sends now, or queues when offline. A send that fails without a refusal (no answer, a fault of
 * the server, "later": `sendAgain`) is queued too, and tried again like a change made offline;
 * only a refusal (4xx, or a fault met too often) is thrown to the caller, to roll back and say.
 */
export async function sendChange<T>(change: ChangeRequest, meta: ChangeMeta): Promise<SendResult<T>> {
  const madeBy = session.get().user?.id;
  await creations.get(meta.listId);
  if (signedOutSince(madeBy)) throw signedOut();
  const full: PendingChange = { ...change, listId: meta.listId, key: newIdempotencyKey() };
  const queue = (unreachable: boolean) => {
    enqueue(full, unreachable);
    meta.onQueued?.(full.key);
    return { queued: true } as const;
  };
  if (!navigator.onLine || appStore.get().pendingChanges.length > 0) {
    // Behind queued changes, a new one waits its turn: the order of a user's actions is kept.
    const queued = queue(!navigator.onLine);
    if (navigator.onLine) void replayPendingChanges();
    return queued;
  }
  try {
    return { queued: false, value: await sendNow<T>(full) };
  } catch (error) {
    if (!sendAgain(full, error)) throw error;
    if (signedOutSince(madeBy)) throw signedOut();
    // Sent already (its answer may be lost): sent again with its key, it is made once.
    const queued = queue(isNetworkError(error));
    if (isNetworkError(error)) awaitServer();
    else retryLater();
    return queued;
  }
}

/**
 * Answers that say nothing about the change itself: the server was busy, unreachable behind its
 * proxy or restarting (a 502 during an update; Listo's own 503 when its database or storage is
 * away), the first try of this change is still running there (a send cut off by the network), or
 * the session ended. The change waits instead of being dropped.
 */
const mustWait = (error: ApiError) => [401, 408, 429, 502, 503, 504].includes(error.status) || error.code === REQUEST_IN_PROGRESS;

/**
 * Tries of one change that meets a fault of the server (500) before it is dropped like a refusal:
 * a passing fault costs nothing, and one that the change meets every time cannot hold up the queue.
 */
export const REPLAY_FAULT_TRIES = 3;

/**
 * A change cut off on its way longer ago than this is not sent again: the server may have made it
 * and forgotten its key (IDEMPOTENCY_TTL_MS), and would make it twice, bringing back, say, an item
 * deleted since. An hour short of the server's window, for clocks and the time the replay takes.
 */
export const RESEND_WINDOW_MS = IDEMPOTENCY_TTL_MS - 60 * 60_000;
const tooOldToResend = (change: PendingChange) =>
  change.sentAt !== undefined && serverNow().getTime() - Date.parse(change.sentAt) > RESEND_WINDOW_MS;
const faultsByChange = new Map<string, number>();

/** Whether the change should be tried again after this answer: a fault it has not met too often. */
function mayPass(change: PendingChange, error: ApiError): boolean {
  if (error.status !== 500) return false;
  const faults = (faultsByChange.get(change.key) ?? 0) + 1;
  faultsByChange.set(change.key, faults);
  return faults < REPLAY_FAULT_TRIES;
}

/**
 * Whether a change sent online that failed so goes to the queue, to be sent again, rather than
 * back to its caller to be rolled back: it did not reach the server (or its answer did not come
 * back), or the server answered "later" or with a fault it has not met too often. Not after a 401:
 * the session ended, and the sign-out keeps the queue for the next sign-in (ended-session.ts).
 */
function sendAgain(change: PendingChange, error: unknown): boolean {
  if (isNetworkError(error)) return true;
  return error instanceof ApiError && error.status !== 401 && (mustWait(error) || mayPass(change, error));
}

/** How long a replay that the server could not take waits before trying again: doubling, capped. */
export const REPLAY_RETRY_FIRST_MS = 2_000;
const REPLAY_RETRY_MAX_MS = 60_000;
let retryDelay = REPLAY_RETRY_FIRST_MS;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function retryLater(): void {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => void replayPendingChanges(), retryDelay);
  retryDelay = Math.min(retryDelay * 2, REPLAY_RETRY_MAX_MS);
}

/**
 * A change that could not reach the server waits for the connection. When the device has one, the
 * server is what is away (restarting, its network down), and no `online` event will come: the
 * replay is tried again a little later, and as soon as the live socket opens again (live-sync.ts).
 */
function awaitServer(): void {
  if (navigator.onLine) retryLater();
}

function stopRetrying(): void {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  retryDelay = REPLAY_RETRY_FIRST_MS;
}

/**
 * An answer's `merged` names ids this device made that the server did not use, each with the id of
 * what stands for it: an item added offline whose name another device added meanwhile (the batch
 * call, common/schemas/items.ts). The changes queued behind it go to that one instead, so edits of
 * the item made offline are not lost.
 */
function retargetQueue(answer: unknown): void {
  const renames = Object.entries(noteMerged(answer));
  if (renames.length === 0) return;
  // Ids are UUIDs: one found anywhere in a path or a body is that item.
  const retarget = (change: PendingChange): PendingChange => {
    let text = JSON.stringify([change.path, change.body ?? null]);
    for (const [from, to] of renames) text = text.replaceAll(from, to);
    const [path, body] = JSON.parse(text) as [string, unknown];
    return { ...change, path, body: body ?? undefined };
  };
  appStore.update((state) => ({ ...state, pendingChanges: state.pendingChanges.map(retarget) }));
}

let replaying: Promise<void> | undefined;

/**
 * Lists a replay sent changes of, announced (to reload them) only once the queue is empty: a reload
 * while changes still wait would bring the server's copy without them and undo them on screen.
 */
const replayedUntilDrained = new Set<string>();

/**
 * Replays the queue in order. Stops at the first change that cannot reach the server, to go on
 * when the connection returns, and at one the server cannot take now, to try again a little later
 * (or, when the session ended, at the next sign-in: ended-session.ts).
 */
export function replayPendingChanges(): Promise<void> {
  replaying ??= (async () => {
    const touched = new Set<string>();
    const refused: ApiError[] = [];
    let tooOld = 0;
    try {
      for (;;) {
        const change = appStore.get().pendingChanges[0];
        if (!change) break;
        try {
          if (tooOldToResend(change)) tooOld += 1;
          else retargetQueue(await request(change));
        } catch (error) {
          if (isNetworkError(error)) {
            awaitServer();
            return;
          }
          if (!(error instanceof ApiError)) throw error;
          if (mustWait(error) || mayPass(change, error)) {
            if (error.status !== 401) retryLater();
            return;
          }
          // Refused (e.g. 404 for an edit of a deleted item, 403 after losing access) or failed
          // again and again (500): dropped, and the reload below shows the server's truth.
          if (!foundGoneAlready(change, error)) refused.push(error);
        }
        touched.add(change.listId);
        faultsByChange.delete(change.key);
        settleChange(change.key);
      }
      stopRetrying();
      appStore.update((state) => ({ ...state, online: navigator.onLine }));
    } finally {
      replaying = undefined;
      // Each reason once: "2 changes waiting to be sent could not be saved: Item not found; List not found or not accessible".
      // A reason that is a sentence loses its full stop there: "…not saved; Item not found", not ".;".
      const reasons = [...new Set(refused.map((error) => error.message.replace(/\.$/, '')))].join('; ');
      if (refused.length > 0) notify(UI_TEXT.queuedChangesRefused(refused.length, reasons), 'error');
      if (tooOld > 0) notify(UI_TEXT.cutOffChangesTooOld(tooOld), 'warning');
      touched.forEach((listId) => replayedUntilDrained.add(listId));
      if (replayedUntilDrained.size > 0 && appStore.get().pendingChanges.length === 0) {
        const listIds = [...replayedUntilDrained];
        replayedUntilDrained.clear();
        afterReplayListeners.forEach((listener) => listener(listIds));
      }
    }
  })();
  return replaying;
}

/** Follows the browser's connection state; call once at start. */
export function startConnectionWatch(): () => void {
  const online = () => {
    appStore.update((state) => ({ ...state, online: true }));
    void replayPendingChanges();
  };
  const offline = () => appStore.update((state) => ({ ...state, online: false }));
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  // Another tab's changes taken in go out from here too, should that tab be gone before it can.
  const stopTakingOthers = onOthersChanges(() => {
    if (navigator.onLine) void replayPendingChanges();
  });
  if (navigator.onLine && appStore.get().pendingChanges.length > 0) void replayPendingChanges();
  return () => {
    stopRetrying();
    replayedUntilDrained.clear();
    stopTakingOthers();
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
}
