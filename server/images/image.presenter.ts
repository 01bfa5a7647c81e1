import { z } from 'zod';
import type { ItemImagesView } from '../../common/schemas/images.ts';
import { variantKey } from './image-files.ts';
import type { MediaUrls } from './media-urls.ts';

/**
 * What an item row keeps of its picture (the `images` column): the image's id and upload time.
 * URLs are never stored: they are signed as the item is presented, for a reader of its list.
 */
const StoredItemImages = z.object({ primary: z.object({ id: z.string(), uploadedAt: z.string() }) });
export type StoredItemImages = z.infer<typeof StoredItemImages>;

export type ImagesPresenter = (stored: unknown) => ItemImagesView | null;

/** The `images` of an item as clients see it: signed thumbnail and medium URLs (media-urls.ts). */
export function createImagesPresenter(urls: Pick<MediaUrls, 'url'>): ImagesPresenter {
  return (stored) => {
    const parsed = StoredItemImages.safeParse(stored);
    if (!parsed.success) return null;
    const { id, uploadedAt } = parsed.data.primary;
    return {
      primary: {
        id,
        thumbnailUrl: urls.url(variantKey(id, 'thumbnail')),
        mediumUrl: urls.url(variantKey(id, 'medium')),
        uploadedAt,
      },
    };
  };
}
