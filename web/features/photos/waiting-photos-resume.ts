import { IMAGE_TEXT } from '../../../common/image-uploads.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { ApiError } from '../../core/net/client.ts';
import { isTransientUploadError } from './images-api.ts';
import { messageOf } from '../../core/net/errors.ts';
import { appStore, cacheRestored } from '../../core/store/app-state.ts';
import { photoOnItsWay, sendPhoto } from './image-actions.ts';
import { loadItems } from '../items/index.ts';
import { mergedInto } from '../../core/sync/merged-items.ts';
import { serverNow } from '../../core/net/server-clock.ts';
import { session } from '../../core/store/session.ts';
import { RESEND_WINDOW_MS } from '../../core/sync/sync.ts';
import { notify } from '../../core/store/toasts.ts';
import { forgetWaitingPhoto, waitingPhotos, type WaitingPhoto } from './waiting-photos.ts';
import { whenIdle } from '../../core/net/when-idle.ts';

/**
 * The photos kept on the device (waiting-photos.ts, decision 036) sent again: at the signed-in
 * app's start, which is also each sign-in, and whenever the connection returns.
 */

/** The photos whose list is being read before they are sent again, by key. */
const resuming = new Set<string>();

/**
 * Sends the photos kept on the device for the user signed in: those a reload, a closed page or an
 * ended session cut off, and those whose tries ran out. The other accounts' go (their owner signed
 * out, or another account signed in after their session ended), and so do those kept longer than
 * the server remembers their key, with a word. A photo already on its way is left to its upload.
 */
export async function resumeWaitingPhotos(): Promise<void> {
  const userId = session.get().user?.id;
  if (!userId) return;
  await cacheRestored;
  const photos = await waitingPhotos();
  if (session.get().user?.id !== userId) return;
  let tooOld = 0;
  for (const photo of photos) {
    if (resuming.has(photo.key) || photoOnItsWay(photo.key)) continue;
    if (photo.userId !== userId) {
      void forgetWaitingPhoto(photo.key);
    } else if (serverNow().getTime() - Date.parse(photo.keptAt) > RESEND_WINDOW_MS) {
      tooOld += 1;
      void forgetWaitingPhoto(photo.key);
    } else {
      void resume(photo);
    }
  }
  if (tooOld > 0) notify(IMAGE_TEXT.keptPhotosTooOld(tooOld), 'warning');
}

/** Sends the photos kept on the device once the first screen is drawn, and again whenever the connection returns. */
export function startPhotoResumes(): () => void {
  let stopped = false;
  const resumeAll = () => void resumeWaitingPhotos();
  void whenIdle().then(() => stopped || resumeAll());
  window.addEventListener('online', resumeAll);
  return () => {
    stopped = true;
    window.removeEventListener('online', resumeAll);
  };
}

/** A refusal that trying again cannot change: the list is gone, or access to it went. */
const refused = (error: unknown): error is ApiError => error instanceof ApiError && error.status !== 401 && !isTransientUploadError(error);

const holds = (listId: string, itemId: string | undefined) => appStore.get().items[listId]?.some((item) => item.id === itemId) === true;

/**
 * Sends a kept photo again once its list's items are here: from the cache, or read now. A list
 * gone meanwhile, or out of reach, forgets it with a word (so does an item gone: image-actions.ts);
 * a server out of reach leaves it for the next try.
 */
async function resume(photo: WaitingPhoto): Promise<void> {
  const { key, userId, listId, itemId } = photo;
  resuming.add(key);
  try {
    if (!appStore.get().items[listId]) await loadItems(listId);
  } catch (error) {
    if (refused(error)) {
      void forgetWaitingPhoto(key);
      notify(MESSAGES.imageAttachFailed + messageOf(error, error.message), 'error');
    }
    return;
  } finally {
    resuming.delete(key);
  }
  if (session.get().user?.id !== userId || !appStore.get().items[listId]) return;
  // An item made here that the server merged into the item of its name (this page heard so): the photo goes there.
  const target = holds(listId, itemId) ? itemId : (mergedInto(itemId) ?? itemId);
  await sendPhoto({ ...photo, itemId: target }, Promise.resolve(true));
}
