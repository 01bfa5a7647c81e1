import type { ItemView } from '../../common/schemas/items.ts';

/**
 * An item's primary image (spec section 3): signed URLs that expire (the live feed brings fresh
 * ones), or, while an upload runs, the photo itself as a data URL with `isOptimistic`.
 */
export interface PrimaryImage {
  id: string;
  thumbnailUrl: string;
  mediumUrl: string;
  uploadedAt: string;
  isOptimistic?: boolean;
}

type Images = ItemView['images'];

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The item's primary image, when it has a usable one. */
export function primaryImage(item: Pick<ItemView, 'images'>): PrimaryImage | undefined {
  const primary = item.images?.primary as Partial<PrimaryImage> | undefined;
  if (!primary || !isText(primary.id) || !isText(primary.thumbnailUrl) || !isText(primary.mediumUrl)) return undefined;
  return primary as PrimaryImage;
}

export const isUploading = (item: Pick<ItemView, 'images'>): boolean => primaryImage(item)?.isOptimistic === true;

/** `images` with `primary` set, or taken away (null when nothing else is left). */
export function withPrimary(images: Images, primary: PrimaryImage | undefined): Images {
  const { primary: _old, ...rest } = images ?? {};
  if (primary) return { ...rest, primary };
  return Object.keys(rest).length > 0 ? rest : null;
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
    list.some(isUploading) ? list.map((item) => (isUploading(item) ? { ...item, images: withPrimary(item.images, undefined) } : item)) : list;
  return Object.fromEntries(Object.entries(items).map(([listId, list]) => [listId, strip(list)]));
}
