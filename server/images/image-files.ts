/**
 * Where an image's files live in the blob store: `images/{imageId}/{variant}.{ext}`. A new upload
 * is a new image id, so a key's bytes never change (browsers may cache them for good), and all of
 * an image's files are found from its row alone (the sweep needs nothing else).
 */

export const IMAGES_PREFIX = 'images/';

export type Variant = 'original' | 'medium' | 'thumbnail';

/** What the originals are stored as (HEIC, when readable at all, is stored as JPEG). */
export const ORIGINAL_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
} as const;
export type OriginalType = keyof typeof ORIGINAL_TYPES;

/** Thumbnail and medium are WebP whatever was sent. */
const VARIANT_TYPE = 'image/webp';

const TYPE_OF_EXTENSION: Record<string, string> = Object.fromEntries(
  Object.entries(ORIGINAL_TYPES).map(([type, ext]) => [ext, type]),
);

export function variantKey(imageId: string, variant: Exclude<Variant, 'original'>): string {
  return `${IMAGES_PREFIX}${imageId}/${variant}.webp`;
}

/** Every file of an image. */
export function imageKeys(imageId: string, originalType: OriginalType): Record<Variant, string> {
  return {
    original: `${IMAGES_PREFIX}${imageId}/original.${ORIGINAL_TYPES[originalType]}`,
    medium: variantKey(imageId, 'medium'),
    thumbnail: variantKey(imageId, 'thumbnail'),
  };
}

/** The content type a stored file is served with, from its key's extension. */
export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1);
  return ext === 'webp' ? VARIANT_TYPE : (TYPE_OF_EXTENSION[ext] ?? 'application/octet-stream');
}
