import { REQUEST_IN_PROGRESS } from '../../../common/constants.ts';
import type { ItemView } from '../../../common/schemas/items.ts';
import { UPLOAD_BACKOFF_BASE_MS, UPLOAD_BACKOFF_MAX_MS, UPLOAD_RETRY_MAX_MS } from '../../../common/image-uploads.ts';
import { api, ApiError, isNetworkError, type ChangeRequest } from '../../core/net/client.ts';
import { retryWithBackoff } from '../../core/net/retry.ts';
import { undoQuery } from '../../core/net/undo-requests.ts';

/** The image calls of an item (`/lists/{id}/items/{itemId}/image`). */

const imagePath = (listId: string, itemId: string) =>
  `/lists/${encodeURIComponent(listId)}/items/${encodeURIComponent(itemId)}/image`;

/**
 * Failures that may pass: no answer, a server fault, and the answers that say "later" (408, 429,
 * and 409 `request_in_progress`: the first try with this Idempotency-Key reached the server and
 * is still running, docs/api.md "Safe retries"). Any other refusal stays a refusal.
 */
export function isTransientUploadError(error: unknown): boolean {
  if (isNetworkError(error)) return true;
  if (!(error instanceof ApiError)) return false;
  return error.status >= 500 || error.status === 408 || error.status === 429 || error.code === REQUEST_IN_PROGRESS;
}

export interface UploadOptions {
  /** One per photo, the same on every try, so a try whose answer was lost is not stored twice. */
  idempotencyKey: string;
  /** 0 to 1 as the current try's body goes out. */
  onProgress: (fraction: number) => void;
  /** Before each wait for another try. */
  onWait: (delayMs: number) => void;
  /** Cancels the upload: the try on its way and any wait for the next (rejects with its reason). */
  signal?: AbortSignal;
}

/**
 * Sends a photo (a data URL) as the item's primary image and answers the updated item. Tried again
 * on transient failures, waits doubling up to 64 s with jitter, for at most 10 minutes. Not in the
 * offline queue, which must fit in localStorage (decision 008): the photo is kept on the device
 * apart, and sent again from there (web/features/photos/waiting-photos.ts, decision 036).
 */
export function uploadItemImage(listId: string, itemId: string, imageData: string, options: UploadOptions): Promise<ItemView> {
  return retryWithBackoff(
    () =>
      api<ItemView>(imagePath(listId, itemId), {
        method: 'POST',
        body: { imageData },
        idempotencyKey: options.idempotencyKey,
        onUploadProgress: options.onProgress,
        signal: options.signal,
      }),
    {
      baseMs: UPLOAD_BACKOFF_BASE_MS,
      maxMs: UPLOAD_BACKOFF_MAX_MS,
      giveUpAfterMs: UPLOAD_RETRY_MAX_MS,
      isTransient: isTransientUploadError,
      onWait: options.onWait,
      signal: options.signal,
    },
  );
}

export const imageRequests = {
  /** Answers `{success: true}`; the item without its image comes by the live feed. */
  /** With an undo id, the server keeps the item as it was for POST /lists/{id}/undo/{undoId} (core/net/undo-requests.ts). */
  remove: (listId: string, itemId: string, undoId?: string): ChangeRequest => ({
    method: 'DELETE',
    path: `${imagePath(listId, itemId)}${undoQuery(undoId)}`,
  }),
};
