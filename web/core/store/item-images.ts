import type { ItemImageView } from '../../../common/schemas/images.ts';
import type { ItemView } from '../../../common/schemas/items.ts';

/**
 * An item's primary image: signed URLs that expire (the live feed brings fresh
 * ones), or, while an upload runs, the photo itself as a data URL with `isOptimistic`.
 */
export type PrimaryImage = ItemImageView & { isOptimistic?: boolean };

type Images = ItemView['images'];

/** The item's primary image, if it has one. */
export function primaryImage(item: Pick<ItemView, 'images'>): PrimaryImage | undefined {
  return item.images?.primary;
}

export const isUploading = (item: Pick<ItemView, 'images'>): boolean => primaryImage(item)?.isOptimistic === true;

/** `images` with `primary` set, or none. */
export function withPrimary(primary: PrimaryImage | undefined): Images {
  return primary ? { primary } : null;
}

/**
 * The server's copy of an item, keeping the photo that is still uploading from this device: a live
 * update or the answer of another change made meanwhile does not know of it yet, and must not make
 * it blink away. The upload's own answer replaces it.
 */
export function keepUploadingImage<T extends Pick<ItemView, 'images'>>(current: Pick<ItemView, 'images'> | undefined, server: T): T {
  return current && isUploading(current) ? { ...server, images: current.images } : server;
}

/** `keepUploadingImage` for each of the server's items, by id. */
export function keepUploadingImages<T extends Pick<ItemView, 'id' | 'images'>>(current: readonly Pick<ItemView, 'id' | 'images'>[], server: T[]): T[] {
  const uploading = new Map(current.filter(isUploading).map((item) => [item.id, item]));
  return uploading.size === 0 ? server : server.map((item) => keepUploadingImage(uploading.get(item.id), item));
}

/**
 * Items without the photos still uploading, for the cache: a data URL is megabytes (localStorage
 * holds about five), and after a reload no upload is running any more to confirm it.
 */
export function withoutUploadingImages<T extends Pick<ItemView, 'images'>>(items: Record<string, T[]>): Record<string, T[]> {
  const strip = (list: T[]) =>
    list.some(isUploading) ? list.map((item) => (isUploading(item) ? { ...item, images: withPrimary(undefined) } : item)) : list;
  return Object.fromEntries(Object.entries(items).map(([listId, list]) => [listId, strip(list)]));
}
