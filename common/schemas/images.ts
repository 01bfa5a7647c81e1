import { z } from 'zod';
import { IMAGE_MESSAGES } from '../images.ts';

/** Payloads and answers of the image calls, shared by Fastify validation and the web client. */

/**
 * POST /lists/{id}/items/{itemId}/image: the picture as a data URL (`data:image/jpeg;base64,...`)
 * or bare base64. The declared type is ignored: the server reads the bytes.
 */
export const UploadImageBody = z.strictObject(
  { imageData: z.string({ error: IMAGE_MESSAGES.imageDataRequired }).min(1, { error: IMAGE_MESSAGES.imageDataRequired }) },
  { error: (issue) => (issue.code === 'invalid_type' ? IMAGE_MESSAGES.imageDataRequired : undefined) },
);
export type UploadImageBody = z.infer<typeof UploadImageBody>;

/**
 * An item's picture (docs/api.md, "Images"). The URLs are signed and work for one to two hours (the
 * same URL for a while, so browsers cache the picture); read the item again for fresh ones.
 */
export const ItemImageView = z.object({
  id: z.string(),
  thumbnailUrl: z.string(),
  mediumUrl: z.string(),
  uploadedAt: z.string(),
});
export type ItemImageView = z.infer<typeof ItemImageView>;

export const ItemImagesView = z.object({ primary: ItemImageView });
export type ItemImagesView = z.infer<typeof ItemImagesView>;

/** DELETE /lists/{id}/items/{itemId}/image. */
export const DeleteImageResponse = z.object({ success: z.literal(true) });
export type DeleteImageResponse = z.infer<typeof DeleteImageResponse>;

/**
 * GET /media/{key}: the signed URL of a picture (server/images/media-urls.ts). Wrong, over-long or
 * missing values are a link that is not valid (403), not a malformed request (400): the signature
 * check reads only values of the right shape, and the URL's own limit bounds them.
 */
export const MediaQuery = z.object({ exp: z.string().optional(), sig: z.string().optional() });
export const MediaParams = z.object({ '*': z.string() });

/** GET /media/{key}: the picture's bytes, or a redirect to the object store's signed URL. */
export const MediaFile = {
  description: 'The picture (JPEG, WebP...).',
  // The bytes are streamed (never serialised), so the schema only names them for the document.
  content: { 'image/*': { schema: z.custom<AsyncIterable<Uint8Array>>(() => true).meta({ format: 'binary' }) } },
};
