import type { Kysely } from 'kysely';
import type { Background } from '../background.ts';
import type { DB } from '../db/schema.ts';
import type { BlobStore } from './blob-store.ts';
import { imageKeys } from './image-files.ts';
import * as queries from './images.queries.ts';

/**
 * No file outlives its image: a row is written before its files and deleted only after them, and
 * whatever ends an image's life only detaches its row (`item_id` null), in the same transaction:
 * removal or replacement by the images service, or the foreign key when the item, its list or
 * the account is deleted. The sweep then deletes the files of detached rows, and the rows. It
 * runs right after deletions and on the maintenance timer, so a crash between the commit and
 * the files (or a store that was down) only delays it.
 */

/** An upload not finished after this is given up (its files are swept): far more than any upload takes. */
export const UPLOAD_GRACE_MS = 15 * 60 * 1000;
const SWEEP_BATCH = 100;

export type ImageSweep = ReturnType<typeof createImageSweep>;

export function createImageSweep(deps: { db: Kysely<DB>; store: BlobStore; now: () => Date; background: Background }) {
  const { db, store } = deps;

  async function sweepOnce(): Promise<number> {
    await queries.detachAbandonedUploads(db, new Date(deps.now().getTime() - UPLOAD_GRACE_MS).toISOString());
    let removed = 0;
    for (;;) {
      const rows = await queries.detachedImages(db, SWEEP_BATCH);
      await store.delete(rows.flatMap((row) => Object.values(imageKeys(row.id, row.original_type))));
      await queries.deleteDetached(db, rows.map((row) => row.id));
      removed += rows.length;
      if (rows.length < SWEEP_BATCH) return removed;
    }
  }

  // One sweep at a time in a process; calls while one waits to start share it.
  let queued: Promise<number> | undefined;
  let last: Promise<unknown> = Promise.resolve();

  /** Deletes the files and rows of every detached image; answers how many images went. */
  function sweep(): Promise<number> {
    if (queued) return queued;
    const next = last.then(() => {
      queued = undefined;
      return sweepOnce();
    });
    queued = next;
    last = next.catch(() => {});
    return next;
  }

  return {
    sweep,
    /** A sweep right after the answer of a request that detached images (drained at shutdown and by tests). */
    soon(): void {
      deps.background.run('image file clean-up', sweep);
    },
  };
}
