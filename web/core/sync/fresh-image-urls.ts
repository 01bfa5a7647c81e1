import { MEDIA_URL_EXPIRY_PARAM } from '../../../common/images.ts';
import type { ItemImagesView } from '../../../common/schemas/images.ts';
import { serverNow } from '../net/server-clock.ts';

/** How long before the first of its image URLs expires a list's items are read again: time for a slow snapshot. */
export const IMAGE_URL_RENEW_MARGIN_MS = 2 * 60_000;
/**
 * The least time between two reads for fresh URLs. URLs live at least an hour, so this never holds
 * back a needed read; it stops a clock far ahead of the server's from making a loop of snapshots.
 */
export const IMAGE_URL_RENEW_MIN_MS = 5 * 60_000;

type ImageCarrier = { images?: ItemImagesView | null };

// A pattern, not `new URL`: this runs over every item of the list on each of its changes.
const EXPIRY = new RegExp(`[?&]${MEDIA_URL_EXPIRY_PARAM}=(\\d+)`);

/** When the first of these items' image URLs expires (ms since the epoch); undefined without any. */
export function earliestImageExpiry(items: Iterable<ImageCarrier>): number | undefined {
  let earliest: number | undefined;
  for (const item of items) {
    const image = item.images?.primary;
    if (!image) continue;
    for (const url of [image.thumbnailUrl, image.mediumUrl]) {
      const seconds = EXPIRY.exec(url)?.[1];
      if (seconds !== undefined) earliest = Math.min(earliest ?? Infinity, Number(seconds) * 1000);
    }
  }
  return earliest;
}

/**
 * Follows a list's items so that their image URLs never expire on screen. The URLs are signed for
 * one to two hours, and an item nobody changes brings no fresh ones: a page left open would show
 * "failed to load" where the picture was. So shortly before the first URL expires, the
 * subscription is made again (`renewal`: without the state it started from), and its snapshot
 * carries fresh URLs. `open` subscribes, passes every new state of the items to `onDocs`, and calls
 * `onEnd` when the server ends the subscription (the list is out of reach: nothing to renew).
 * Answers the stop function.
 */
export function keepImageUrlsFresh<Doc extends ImageCarrier>(
  open: (options: { renewal: boolean; onDocs: (docs: Iterable<Doc>) => void; onEnd: () => void }) => { unsubscribe(): void },
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let renewAt: number | undefined;
  let startedAt = 0;

  const cancel = () => {
    clearTimeout(timer);
    renewAt = undefined;
  };
  const start = (renewal: boolean) => {
    cancel();
    // The URLs' expiry is the server's time: a device clock minutes slow would renew after it.
    startedAt = serverNow().getTime();
    return open({ renewal, onDocs: schedule, onEnd: cancel });
  };
  let subscription = start(false);

  function schedule(docs: Iterable<Doc>): void {
    const expiry = earliestImageExpiry(docs);
    const at = expiry === undefined ? undefined : Math.max(expiry - IMAGE_URL_RENEW_MARGIN_MS, startedAt + IMAGE_URL_RENEW_MIN_MS);
    if (at === renewAt) return;
    clearTimeout(timer);
    renewAt = at;
    if (at === undefined) return;
    timer = setTimeout(() => {
      subscription.unsubscribe();
      subscription = start(true);
    }, at - serverNow().getTime());
  }

  return () => {
    cancel();
    subscription.unsubscribe();
  };
}
