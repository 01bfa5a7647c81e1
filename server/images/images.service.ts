import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { IMAGE_MESSAGES } from '../../common/images.ts';
import { itemActivity } from '../../common/list-activity.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import type { ItemView } from '../../common/schemas/items.ts';
import { authorize } from '../access/access.ts';
import type { Actor } from '../access/actor.ts';
import { isMember } from '../access/permissions.ts';
import type { DB } from '../db/schema.ts';
import { toJson } from '../db/values.ts';
import { DomainError, notFound, unsupportedMediaType } from '../domain/errors.ts';
import type { ItemPresenter } from '../items/item.presenter.ts';
import { findItem, updateItem } from '../items/items.queries.ts';
import type { ChangeFeed } from '../writes/change-feed.ts';
import { activityOf } from '../writes/change-log.ts';
import type { BlobStore } from './blob-store.ts';
import { lockUserRow } from '../writes/user-lock.ts';
import { storeFailure } from './blob-storage.ts';
import { contentTypeOf, imageKeys, type Variant } from './image-files.ts';
import { decodeImageData, sniffImageFormat } from './image-input.ts';
import { processImage, type ProcessedImage } from './image-processing.ts';
import type { StoredItemImages } from './image.presenter.ts';
import type { ImageSweep } from './image-sweep.ts';
import * as queries from './images.queries.ts';
import { keepForUndo } from '../undo/undo.service.ts';

export interface ImageDeps {
  db: Kysely<DB>;
  now: () => Date;
  changes: ChangeFeed;
  store: BlobStore;
  sweep: ImageSweep;
  presentItem: ItemPresenter;
  /** Bytes one user's images may take; 0: no limit. */
  quotaBytes: number;
  log: Pick<FastifyBaseLogger, 'error'>;
}

export type ImageService = ReturnType<typeof createImageService>;

const quotaExceeded = (quotaBytes: number, usedBytes: number, neededBytes: number) =>
  new DomainError('quotaExceeded', 'quota_exceeded', IMAGE_MESSAGES.quotaExceeded(quotaBytes, usedBytes, neededBytes));

export function createImageService(deps: ImageDeps) {
  const { db, changes, store, sweep, presentItem } = deps;

  /** The item, for a caller who may edit the list's items: 404 or 403 otherwise. */
  async function editableItem(dbOrTrx: queries.Db, actor: Actor, listId: string, itemId: string) {
    const access = await authorize(dbOrTrx, actor, listId, 'edit-items');
    const item = await findItem(dbOrTrx, listId, itemId);
    if (!item) throw notFound(SERVER_MESSAGES.itemNotFound);
    return { access, item };
  }

  /** The image's row, as an upload in progress: after the rights, the item and the quota are checked. */
  async function reserve(actor: Actor, listId: string, itemId: string, imageId: string, image: ProcessedImage, bytes: number) {
    await changes.write([listId], async (trx) => {
      await editableItem(trx, actor, listId, itemId);
      if (deps.quotaBytes > 0) {
        // Uploads of one user to items of different lists hold different list locks: they count one after the other.
        await lockUserRow(trx, actor.user.id);
        const held = await queries.bytesHeldBy(trx, actor.user.id, itemId);
        if (held + bytes > deps.quotaBytes) throw quotaExceeded(deps.quotaBytes, held, bytes);
      }
      await queries.insertImage(trx, {
        id: imageId,
        item_id: itemId,
        owner_id: actor.user.id,
        original_type: image.originalType,
        bytes,
        width: image.width,
        height: image.height,
        created_at: deps.now().toISOString(),
        attached_at: null,
      });
    });
  }

  /** Puts the image on its item, in place of the one it had; its files are written already. */
  function attachReserved(actor: Actor, listId: string, itemId: string, imageId: string): Promise<ItemView> {
    return changes.write([listId], async (trx, record) => {
      const { access, item } = await editableItem(trx, actor, listId, itemId);
      const now = deps.now().toISOString();
      if (!(await queries.markAttached(trx, imageId, itemId, now))) {
        throw new DomainError('unavailable', 'upload_abandoned', IMAGE_MESSAGES.uploadAbandoned);
      }
      await queries.detachItemImages(trx, itemId, imageId);
      const images = toJson({ primary: { id: imageId, uploadedAt: now } } satisfies StoredItemImages);
      await updateItem(trx, listId, itemId, { images, updated_at: now });
      await record({ listId, entity: 'item', op: 'modified', entityId: itemId }, activityOf(actor, itemActivity('photo-added', [item.content])));
      return presentItem({ ...item, images, updated_at: now }, { member: isMember(access.role) });
    });
  }

  return {
    /**
     * POST .../image: checks and converts the picture (413 too large, 415 not an image, 400
     * damaged), checks the caller's rights and quota (402), writes its files, and sets it as the
     * item's primary image in place of any earlier one, whose files then go. Answers the item.
     */
    async attach(actor: Actor, listId: string, itemId: string, imageData: string): Promise<ItemView> {
      const input = decodeImageData(imageData);
      const format = sniffImageFormat(input);
      if (!format) throw unsupportedMediaType(IMAGE_MESSAGES.imageUnsupported);
      // Refused callers are refused before the decoding work; the write checks again.
      await editableItem(db, actor, listId, itemId);
      const image = await processImage(input, format);
      const imageId = crypto.randomUUID();
      const keys = imageKeys(imageId, image.originalType);
      const bytes = Object.values(image.files).reduce((sum, file) => sum + file.length, 0);
      await reserve(actor, listId, itemId, imageId, image, bytes);
      try {
        // Every write settles before any clean-up, so none can land after it.
        const writes = await Promise.allSettled(
          (Object.entries(keys) as [Variant, string][]).map(([variant, key]) =>
            store.put(key, image.files[variant], contentTypeOf(key)),
          ),
        );
        const failed = writes.find((write) => write.status === 'rejected');
        if (failed) throw failed.reason;
        return await attachReserved(actor, listId, itemId, imageId);
      } catch (error) {
        // The files go now, and the row at the next sweep. Should the sweep have given this
        // upload up already (it took UPLOAD_GRACE_MS), the row is gone: only this removes them.
        await queries.detachImage(db, imageId).catch(() => {});
        await store.delete(Object.values(keys)).catch(() => {});
        throw storeFailure(error, deps.log);
      } finally {
        // The replaced image's files, or this one's row after a failure.
        sweep.soon();
      }
    },

    /**
     * DELETE .../image: the item loses its picture (404 when it has none); the files go right
     * after, unless an undo id keeps the item as it was (server/undo/): then when that record goes.
     */
    async remove(actor: Actor, listId: string, itemId: string, undoId?: string): Promise<void> {
      await changes.write([listId], async (trx, record) => {
        const { item } = await editableItem(trx, actor, listId, itemId);
        if (item.images === null) throw notFound(IMAGE_MESSAGES.itemHasNoImage);
        await keepForUndo(trx, { undoId, listId, actor, rows: [item], at: deps.now().toISOString() });
        await queries.detachItemImages(trx, itemId);
        await updateItem(trx, listId, itemId, { images: null, updated_at: deps.now().toISOString() });
        await record({ listId, entity: 'item', op: 'modified', entityId: itemId }, activityOf(actor, itemActivity('photo-removed', [item.content])));
      });
      sweep.soon();
    },
  };
}
