import { IMAGE_TEXT } from '../../common/image-uploads.ts';
import { MESSAGES } from '../../common/messages.ts';
import { newIdempotencyKey } from '../api/client.ts';
import { foundGoneAlready } from '../api/removals.ts';
import { imageRequests, uploadItemImage } from '../api/images.ts';
import { messageOf } from '../components/errors.ts';
import { appStore, type ClientItem } from './app-state.ts';
import { isUploading, primaryImage, withPrimary, type PrimaryImage } from './item-images.ts';
import { mergedInto } from './merged-items.ts';
import { isUnconfirmed, newTempId } from './optimistic.ts';
import { serverNow } from './server-clock.ts';
import { createStore, useStore } from './store.ts';
import { sendChange } from './sync.ts';
import { notify } from './toasts.ts';

/** Image actions on items (spec section 4): optimistic in the store first, then the server; reverted when it fails. */

/**
 * The uploads running, by item id: how much of the current try has gone (0 to 1), or null while
 * waiting to try again. Kept apart from the items: it changes many times a second and is not data.
 */
export const uploadProgress = createStore<Readonly<Record<string, number | null>>>({});

export function useUploadProgress(itemId: string): number | null | undefined {
  return useStore(uploadProgress, (uploads) => uploads[itemId]);
}

// A photo still uploading lives only in this page: its data URL (megabytes) is too big for the
// cache. Leaving the page (a reload, closing the tab) would lose it, so the browser asks first.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', (event) => {
    if (Object.keys(uploadProgress.get()).length > 0) event.preventDefault();
  });
}

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
 * Spec section 4: photos and images wait until the server has the list. Says so (`message`: the
 * spec's alert for what was refused) and answers true when the list is still being created.
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
 * replaces it. On failure the image before it comes back (none for a first photo) with the spec's
 * "Failed to add image to item: " message.
 */
export async function attachImageAction(listId: string, itemId: string, imageData: string): Promise<void> {
  const before = findItem(listId, itemId);
  if (!before || isUploading(before)) return;
  const photo: PrimaryImage = {
    id: newTempId(),
    thumbnailUrl: imageData,
    mediumUrl: imageData,
    uploadedAt: serverNow().toISOString(),
    isOptimistic: true,
  };
  updateItem(listId, itemId, (item) => ({ ...item, images: withPrimary(photo) }));
  setProgress(itemId, 0);
  const cancel = new AbortController();
  uploadCancels.set(itemId, cancel);
  let target = itemId;
  let previous = primaryImage(before);
  try {
    const onServer = await itemOnServer(listId, itemId, cancel.signal);
    if (onServer === undefined) return;
    if (onServer !== itemId) {
      // Merged into the item of its name: the photo goes there, in place of that item's own.
      setProgress(itemId, undefined);
      uploadCancels.delete(itemId);
      target = onServer;
      previous = primaryImage(findItem(listId, target)!);
      updateItem(listId, target, (item) => ({ ...item, images: withPrimary(photo) }));
      setProgress(target, 0);
      uploadCancels.set(target, cancel);
    }
    let toldToWait = false;
    const updated = await uploadItemImage(listId, target, imageData, {
      idempotencyKey: newIdempotencyKey(),
      onProgress: (fraction) => setProgress(target, fraction),
      signal: cancel.signal,
      onWait: () => {
        setProgress(target, null);
        // Unlike the changes queued offline, this one is lost with the page: the user must know.
        if (!toldToWait) notify(IMAGE_TEXT.uploadWaitKeepPageOpen, 'warning');
        toldToWait = true;
      },
    });
    updateItem(listId, target, () => updated);
  } catch (error) {
    updateItem(listId, target, (item) => ({ ...item, images: withPrimary(previous) }));
    if (cancel.signal.aborted) notify(IMAGE_TEXT.uploadCancelled);
    else notify(MESSAGES.imageAttachFailed + messageOf(error, error instanceof Error ? error.message : ''), 'error');
  } finally {
    setProgress(target, undefined);
    uploadCancels.delete(target);
  }
}

/** Removes the item's image at once; put back with a message when the server refuses (a 404 for the image: already gone). */
export async function removeImageAction(listId: string, itemId: string): Promise<void> {
  const before = findItem(listId, itemId);
  const image = before && primaryImage(before);
  if (!image || image.isOptimistic) return;
  updateItem(listId, itemId, (item) => ({ ...item, images: withPrimary(undefined) }));
  const request = imageRequests.remove(listId, itemId);
  try {
    await sendChange(request, { listId });
  } catch (error) {
    if (foundGoneAlready(request, error)) return;
    // Unless another image arrived meanwhile (someone else's upload, by the live feed).
    updateItem(listId, itemId, (item) => (primaryImage(item) ? item : { ...item, images: withPrimary(image) }));
    notify(IMAGE_TEXT.removeFailed + messageOf(error, ''), 'error');
  }
}
