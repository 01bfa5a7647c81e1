import { UNDO_TEXT } from '../../../common/undo.ts';
import { IMAGE_TEXT } from '../../../common/image-uploads.ts';
import { MESSAGES, SERVER_MESSAGES } from '../../../common/messages.ts';
import { ApiError, newIdempotencyKey } from '../../core/net/client.ts';
import { foundGoneAlready } from '../../core/net/removals.ts';
import { imageRequests, isTransientUploadError, uploadItemImage } from './images-api.ts';
import { messageOf } from '../../core/net/errors.ts';
import type { ItemView } from '../../../common/schemas/items.ts';
import { appStore, type ClientItem } from '../../core/store/app-state.ts';
import { loadItems, heldItems, newUndoId, offerUndo } from '../items/index.ts';
import { isUploading, primaryImage, withPrimary, type PrimaryImage } from '../../core/store/item-images.ts';
import { mergedInto } from '../../core/sync/merged-items.ts';
import { answerIsCurrent, isUnconfirmed, newTempId } from '../../core/sync/optimistic.ts';
import { serverNow } from '../../core/net/server-clock.ts';
import { session } from '../../core/store/session.ts';
import { createStore, useStore } from '../../core/store/store.ts';
import { sendChange } from '../../core/sync/sync.ts';
import { notify } from '../../core/store/toasts.ts';
import { forgetOtherPhotosOf, forgetWaitingPhoto, keepWaitingPhoto, type WaitingPhoto } from './waiting-photos.ts';

/** Image actions on items: optimistic in the store first, then the server; reverted when it fails. */

/**
 * The uploads running, by item id: how much of the current try has gone (0 to 1), or null while
 * waiting to try again. Kept apart from the items: it changes many times a second and is not data.
 */
export const uploadProgress = createStore<Readonly<Record<string, number | null>>>({});

export function useUploadProgress(itemId: string): number | null | undefined {
  return useStore(uploadProgress, (uploads) => uploads[itemId]);
}

/** The uploads started or waiting to resume in this page, by Idempotency-Key: each runs once. */
const uploadsRunning = new Set<string>();

/**
 * The photos uploading that only this page holds: not stored on the device (yet, or at all where
 * IndexedDB refuses). Leaving the page (a reload, closing the tab) would lose them, so the browser
 * asks first.
 */
const heldOnlyHere = new Set<string>();

if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', (event) => {
    if (heldOnlyHere.size > 0) event.preventDefault();
  });
}

/** Why the uploads stop at a sign-out: not the user's cancel, so their photos are not forgotten here. */
const SIGNED_OUT = new Error('signed out');
session.onSignOut(() => uploadCancels.forEach((cancel) => cancel.abort(SIGNED_OUT)));

/** How to cancel each upload running, by the item it goes to. */
const uploadCancels = new Map<string, AbortController>();

/**
 * Stops the item's upload: the try on its way and any wait for the next. The image before it
 * comes back. A try whose whole body had already reached the server may still be stored; the live
 * feed then shows the photo, as for any other change.
 */
export function cancelUploadAction(itemId: string): void {
  uploadCancels.get(itemId)?.abort();
}

function setProgress(itemId: string, value: number | null | undefined) {
  uploadProgress.update(({ [itemId]: _old, ...others }) => (value === undefined ? others : { ...others, [itemId]: value }));
}

const findItem = (listId: string, itemId: string) => appStore.get().items[listId]?.find((item) => item.id === itemId);

function updateItem(listId: string, itemId: string, change: (item: ClientItem) => ClientItem) {
  appStore.update((state) => {
    const items = state.items[listId];
    if (!items?.some((item) => item.id === itemId)) return state;
    return { ...state, items: { ...state.items, [listId]: items.map((item) => (item.id === itemId ? change(item) : item)) } };
  });
}

/**
 * Photos and images wait until the server has the list. Says so (`message`: the
 * warning for what was refused) and answers true when the list is still being created.
 */
export function refusedOnTemporaryList(listId: string, message: string): boolean {
  const list = appStore.get().lists.find((entry) => entry.id === listId);
  if (!list || !isUnconfirmed(list)) return false;
  notify(message, 'warning');
  return true;
}

/**
 * Resolves once the server has the item, with its id there: at once for most, later for one made
 * on this device whose creation is still on its way (an upload for it would be refused with 404),
 * and the id of the item it was merged into when the server had one of its name already. Undefined
 * when it is gone; rejected with the signal's reason when the upload is cancelled meanwhile.
 */
function itemOnServer(listId: string, itemId: string, signal: AbortSignal): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const settled = () => {
      const item = findItem(listId, itemId);
      if (item && isUnconfirmed(item)) return false;
      const merged = mergedInto(itemId);
      resolve(item ? itemId : merged && findItem(listId, merged) ? merged : undefined);
      return true;
    };
    if (settled()) return;
    const stop = appStore.subscribe(() => {
      if (settled()) done();
    });
    const cancelled = () => {
      done();
      reject(signal.reason);
    };
    const done = () => {
      stop();
      signal.removeEventListener('abort', cancelled);
    };
    signal.addEventListener('abort', cancelled, { once: true });
  });
}

/**
 * Attaches a photo (a data URL) as the item's primary image. The row shows it at once, marked
 * `isOptimistic` with a `temp-<timestamp>` id, with the upload's progress; the server's item
 * replaces it. On failure the image before it comes back (none for a first photo) with the
 * "Failed to add image to item: " message. The photo is kept on the device until its upload ends
 * (waiting-photos.ts), so a reload does not lose it.
 */
export async function attachImageAction(listId: string, itemId: string, imageData: string): Promise<void> {
  const user = session.get().user;
  const item = findItem(listId, itemId);
  if (!user || !item || isUploading(item)) return;
  const photo: WaitingPhoto = { key: newIdempotencyKey(), userId: user.id, listId, itemId, imageData, keptAt: serverNow().toISOString() };
  heldOnlyHere.add(photo.key);
  const kept = keepWaitingPhoto(photo).then((stored) => {
    if (stored) heldOnlyHere.delete(photo.key);
    return stored;
  });
  // One kept for the item earlier (its tries ran out) must not land over this one later.
  void kept.then(() => forgetOtherPhotosOf(photo));
  await sendPhoto(photo, kept);
}

/**
 * Runs `work` unless another tab of the app is sending the same photo (it started it, or resumed
 * it first): Web Locks, which the browser releases when that tab goes. Without them (an old
 * browser), both tabs send it, which its Idempotency-Key makes one upload.
 */
function aloneAmongTabs(key: string, work: () => Promise<void>): Promise<void> {
  if (typeof navigator.locks === 'undefined') return work();
  return navigator.locks.request(`listo-photo-${key}`, { ifAvailable: true }, (lock) => (lock ? work() : undefined));
}

/**
 * What becomes of the kept photo when its upload stops: `forget` it (sent, refused, cancelled,
 * or its item gone) or `keep` it for the next try (the tries ran out while the server was out of
 * reach; the user signed out, or the session ended, and app-state.ts decides what the sign-out keeps).
 */
type Ending = 'forget' | 'keep';

/** Whether the photo kept under this key is being sent by this page (or waits here for its item). */
export const photoOnItsWay = (key: string): boolean => uploadsRunning.has(key);

/**
 * Sends a photo (just attached, or kept on the device: `kept` says whether it is stored there) and
 * forgets it on the device once that is over, unless it is to be tried again later.
 */
export async function sendPhoto(photo: WaitingPhoto, kept: Promise<boolean>): Promise<void> {
  if (uploadsRunning.has(photo.key)) return;
  uploadsRunning.add(photo.key);
  try {
    await aloneAmongTabs(photo.key, async () => {
      if ((await upload(photo, kept)) === 'forget') void forgetWaitingPhoto(photo.key);
    });
  } finally {
    uploadsRunning.delete(photo.key);
    heldOnlyHere.delete(photo.key);
  }
}

async function upload(photo: WaitingPhoto, kept: Promise<boolean>): Promise<Ending> {
  const { listId, itemId, imageData, key } = photo;
  const before = findItem(listId, itemId);
  if (!before) {
    notify(MESSAGES.imageAttachFailed + SERVER_MESSAGES.itemNotFound, 'error');
    return 'forget';
  }
  // Another photo of the item on its way (one taken since this one was kept) takes its place.
  if (isUploading(before)) return 'forget';
  const shown: PrimaryImage = {
    id: newTempId(),
    thumbnailUrl: imageData,
    mediumUrl: imageData,
    uploadedAt: serverNow().toISOString(),
    isOptimistic: true,
  };
  updateItem(listId, itemId, (item) => ({ ...item, images: withPrimary(shown) }));
  setProgress(itemId, 0);
  const cancel = new AbortController();
  uploadCancels.set(itemId, cancel);
  let target = itemId;
  let previous = primaryImage(before);
  try {
    const onServer = await itemOnServer(listId, itemId, cancel.signal);
    if (onServer === undefined) return 'forget';
    if (onServer !== itemId) {
      // Merged into the item of its name: the photo goes there, in place of that item's own.
      setProgress(itemId, undefined);
      uploadCancels.delete(itemId);
      target = onServer;
      previous = primaryImage(findItem(listId, target)!);
      updateItem(listId, target, (item) => ({ ...item, images: withPrimary(shown) }));
      setProgress(target, 0);
      uploadCancels.set(target, cancel);
    }
    let toldToWait = false;
    const updated = await uploadItemImage(listId, target, imageData, {
      idempotencyKey: key,
      onProgress: (fraction) => setProgress(target, fraction),
      signal: cancel.signal,
      onWait: () => {
        setProgress(target, null);
        if (toldToWait) return;
        toldToWait = true;
        // The user must know whether the photo outlives the page, which it does only once stored;
        // an upload over by then (sent, cancelled) has nothing to wait for.
        void kept.then((stored) => {
          if (uploadCancels.get(target) === cancel) notify(stored ? IMAGE_TEXT.uploadWaitKept : IMAGE_TEXT.uploadWaitKeepPageOpen, 'warning');
        });
      },
    });
    takeAnswer(listId, target, updated);
    return 'forget';
  } catch (error) {
    // Signed out, or the session ended: nothing to show, the account's screens are gone.
    if (cancel.signal.reason === SIGNED_OUT || (error instanceof ApiError && error.status === 401)) return 'keep';
    updateItem(listId, target, (item) => ({ ...item, images: withPrimary(previous) }));
    if (cancel.signal.aborted) {
      notify(IMAGE_TEXT.uploadCancelled);
      return 'forget';
    }
    if (isTransientUploadError(error) && (await kept)) {
      notify(IMAGE_TEXT.uploadPausedKept, 'warning');
      return 'keep';
    }
    notify(MESSAGES.imageAttachFailed + messageOf(error, error instanceof Error ? error.message : ''), 'error');
    return 'forget';
  } finally {
    setProgress(target, undefined);
    uploadCancels.delete(target);
  }
}

/**
 * The upload's answer in place of the item, unless the item changed since the answer was made:
 * the first answer replayed for a key sent again after a reload (decision 036) can be older than
 * the item held. Then only its image is taken, and the list is read again for the rest.
 */
function takeAnswer(listId: string, itemId: string, answer: ItemView): void {
  const held = findItem(listId, itemId);
  if (!held || answerIsCurrent(held, answer)) return updateItem(listId, itemId, () => answer);
  updateItem(listId, itemId, (item) => ({ ...item, images: answer.images }));
  loadItems(listId).catch(() => undefined);
}

/**
 * Removes the item's image at once, with Undo (features/items/undo.ts); put back with a message when the
 * server refuses (a 404 for the image: already gone).
 */
export async function removeImageAction(listId: string, itemId: string): Promise<void> {
  const before = findItem(listId, itemId);
  const image = before && primaryImage(before);
  if (!image || image.isOptimistic) return;
  const held = heldItems(listId, (item) => item.id === itemId);
  updateItem(listId, itemId, (item) => ({ ...item, images: withPrimary(undefined) }));
  const undoId = newUndoId();
  const request = imageRequests.remove(listId, itemId, undoId);
  const sent = sendChange(request, { listId });
  offerUndo({ listId, undoId, message: UNDO_TEXT.imageRemoved(before.content), before: held, sent });
  try {
    await sent;
  } catch (error) {
    if (foundGoneAlready(request, error)) return;
    // Unless another image arrived meanwhile (someone else's upload, by the live feed).
    updateItem(listId, itemId, (item) => (primaryImage(item) ? item : { ...item, images: withPrimary(image) }));
    notify(IMAGE_TEXT.removeFailed + messageOf(error, ''), 'error');
  }
}
