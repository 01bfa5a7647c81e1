/**
 * Photos on items (docs/api.md, "Images"): the limits and the messages of the image calls,
 * defined once for the server and the web app.
 */

const MIB = 1024 * 1024;

/** An image as sent, once decoded from base64: a phone photo fits, a camera RAW does not. */
export const IMAGE_MAX_BYTES = 10 * MIB;
/**
 * Width x height of an image as sent. 50 MP takes the largest common phone sensors (48 and 50 MP)
 * and refuses a small file that would unpack into gigabytes of pixels (a decompression bomb).
 */
export const IMAGE_MAX_PIXELS = 50_000_000;
/** How many times its shorter side an image's longer side may be: a thumbnail of a 1-pixel strip cannot be made. */
export const IMAGE_MAX_ASPECT_RATIO = 100;
const imageBase64Length = Math.ceil(IMAGE_MAX_BYTES / 3) * 4;
/**
 * The body of a call that carries one image: IMAGE_MAX_BYTES in base64 (4 characters for every
 * 3), wrapped as MIME wraps it (a CRLF after every 76 characters, 4 characters once escaped in
 * JSON), plus room for a data URL's prefix and the JSON around it. Just past the image limit the
 * call answers 413 with its own message; far past it Fastify stops reading here (413 too).
 */
export const IMAGE_BODY_LIMIT_BYTES = imageBase64Length + 4 * Math.ceil(imageBase64Length / 76) + 64 * 1024;
/** The thumbnail of an item row: a square this wide, cropped to fill (WebP). */
export const IMAGE_THUMBNAIL_PX = 200;
/** The image viewer's picture: its longer side at most this (WebP), never enlarged. */
export const IMAGE_MEDIUM_PX = 1024;
/** The formats an upload may be in (HEIC only where the server can decode it); the bytes decide, never the declared type. */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'heic';

/** To a tenth of a MB: to the nearest, or up or down where the figures are compared with each other. */
const megabytes = (bytes: number, rounding: (tenths: number) => number = Math.round) => `${rounding((bytes / MIB) * 10) / 10} MB`;

/**
 * What a file picker offers for an item's image: the formats the server stores. On a phone, a
 * gallery then hands over a JPEG of a HEIC photo, and nothing is offered that would be refused.
 */
export const ITEM_IMAGE_FILE_TYPES = 'image/jpeg,image/png,image/webp';

/** The query parameter of a media URL that holds its expiry, in seconds since the epoch (clients renew before it). */
export const MEDIA_URL_EXPIRY_PARAM = 'exp';

export const IMAGE_MESSAGES = {
  imageDataRequired: 'Send the image as imageData: a data URL or base64 text',
  imageDataNotBase64: 'The image data is not valid base64 (or a data URL holding base64)',
  imageTooLarge: `An image can be at most ${megabytes(IMAGE_MAX_BYTES)}`,
  imageTooManyPixels: `An image can have at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels`,
  imageTooNarrow: `An image can be at most ${IMAGE_MAX_ASPECT_RATIO} times as long as it is wide`,
  imageUnsupported: 'This is not a JPEG, PNG or WebP image',
  heicUnsupported: 'HEIC photos cannot be read on this server: please send a JPEG, PNG or WebP image',
  imageUnreadable: 'The image could not be read: it may be damaged or incomplete',
  itemHasNoImage: 'This item has no image',
  quotaExceeded: (quotaBytes: number, usedBytes: number, neededBytes: number) =>
    neededBytes > quotaBytes
      ? `Storage quota exceeded: this image needs ${megabytes(neededBytes)} once stored, more than the ${megabytes(quotaBytes)} your images may use. Choose a smaller image.`
      : // Need up and room down: rounded each its own way, the figures could read as if the image fitted.
        `Storage quota exceeded: this image needs ${megabytes(neededBytes, Math.ceil)}, and ${megabytes(quotaBytes - usedBytes, Math.floor)} are left of the ${megabytes(quotaBytes)} your images may use. Remove some images to add new ones.`,
  mediaLinkExpired: 'This image link has expired: reload the list to get a fresh one',
  mediaLinkInvalid: 'This image link is not valid',
  mediaMissing: 'This image does not exist any more',
  storageUnavailable: 'The image storage cannot be reached right now. Please try again later.',
  uploadAbandoned: 'The upload took too long and was given up. Please try again.',
} as const;
