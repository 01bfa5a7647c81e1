import { clear, createStore, del, set, values } from 'idb-keyval';
import { session } from '../../core/store/session.ts';
import { createStore as createStateStore } from '../../core/store/store.ts';

/**
 * Photos attached to items whose upload has not finished, kept in IndexedDB (decision 036) so a
 * reload, a closed tab or a session that ended does not lose them: the next start of the app for
 * the same user sends them again (image-actions.ts), with the same Idempotency-Key, so a photo
 * that had arrived is not stored twice. Apart from the offline cache, which localStorage holds
 * when it can: a photo is megabytes (decision 008). A database of its own, so the cache's
 * clearing never touches it and its clearing never touches the cache.
 */

export interface WaitingPhoto {
  /** The upload's Idempotency-Key, which also names the record. */
  key: string;
  userId: string;
  listId: string;
  itemId: string;
  /** The photo as a data URL. */
  imageData: string;
  /** When it was attached (ISO, the server's clock): the server remembers its key for a day only. */
  keptAt: string;
}

const photos = createStore('listo-photos', 'waiting');

/**
 * IndexedDB work that may fail (private mode, a full disk, no IndexedDB at all). A photo that
 * cannot be stored still uploads; it is only not kept past the page.
 */
async function attempt<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch {
    return undefined;
  }
}

/**
 * How many photos each user keeps on this device, by user id: what a sign-out would discard (the
 * sign-out asks first, features/account/SignOut.tsx). Counted again after every change of the database.
 */
export const keptPhotoCounts = createStateStore<Readonly<Record<string, number>>>({});

async function recount(): Promise<void> {
  const counts: Record<string, number> = {};
  for (const photo of await waitingPhotos()) counts[photo.userId] = (counts[photo.userId] ?? 0) + 1;
  keptPhotoCounts.set(counts);
}
void recount();

/** Stores the photo until its upload ends; answers whether it is stored. */
export async function keepWaitingPhoto(photo: WaitingPhoto): Promise<boolean> {
  const kept = (await attempt(async () => (await set(photo.key, photo, photos), true))) ?? false;
  // Not waited for: the upload goes on whether or not the count is read yet.
  void recount();
  return kept;
}

/** The upload ended: sent, refused or cancelled. */
export async function forgetWaitingPhoto(key: string): Promise<void> {
  await attempt(() => del(key, photos));
  await recount();
}

/** Forgets the photos stored for the item but the one named (a newer photo of it takes their place). */
export async function forgetOtherPhotosOf(kept: WaitingPhoto): Promise<void> {
  const others = (await waitingPhotos()).filter(
    (photo) => photo.key !== kept.key && photo.listId === kept.listId && photo.itemId === kept.itemId,
  );
  await Promise.all(others.map((photo) => forgetWaitingPhoto(photo.key)));
}

/** Every photo stored, of any user. */
export async function waitingPhotos(): Promise<WaitingPhoto[]> {
  return (await attempt(() => values<WaitingPhoto>(photos))) ?? [];
}

/** Sign-out and a deleted account: the photos go with the rest of the account's data on this device. */
export async function forgetAllWaitingPhotos(): Promise<void> {
  await attempt(() => clear(photos));
  await recount();
}

/**
 * The photos a sign-out leaves on the device (decision 036): Logout and a deleted account forget
 * them. When the server ended the session they stay for the same user's next sign-in
 * (image-actions.ts stops their uploads; the next sign-in's start sends them, or forgets them when
 * another account signs in).
 */
session.onSignOut((cause) => {
  if (cause === 'chosen' || cause === 'deleted') void forgetAllWaitingPhotos();
});
