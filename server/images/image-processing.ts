import sharp, { type Sharp } from 'sharp';
import {
  IMAGE_MAX_ASPECT_RATIO,
  IMAGE_MAX_PIXELS,
  IMAGE_MEDIUM_PX,
  IMAGE_MESSAGES,
  IMAGE_THUMBNAIL_PX,
  type ImageFormat,
} from '../../common/images.ts';
import { DomainError, badRequest, tooLarge, unsupportedMediaType } from '../domain/errors.ts';
import type { OriginalType, Variant } from './image-files.ts';

/**
 * Decoding and encoding with sharp (libvips). Every output is turned upright first (EXIF
 * orientation) and carries no metadata at all: no EXIF (so no GPS position), no XMP, no IPTC.
 * Decoding refuses more than IMAGE_MAX_PIXELS and stops at the first error in the pixel data.
 */

export interface ProcessedImage {
  originalType: OriginalType;
  /** Of the upright original. */
  width: number;
  height: number;
  files: Record<Variant, Buffer>;
}

/**
 * Images decoded at once. Each may take a few hundred MB (a 50 MP photo turned on its side is
 * held whole) and keeps a thread of libuv's pool busy, which password hashing needs too: two
 * keep both cores of a small server working and its memory bounded however many upload at once.
 */
const PROCESSING_CONCURRENCY = 2;

const QUALITY = { original: 90, variant: 80 };

/** What sharp calls each accepted format (`metadata().format`). */
const DECODER: Record<ImageFormat, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', heic: 'heif' };

const inSlot = createLimiter(PROCESSING_CONCURRENCY);

/** The upright, metadata-free original, a medium variant and a thumbnail of an upload whose bytes are `format`. */
export function processImage(input: Buffer, format: ImageFormat): Promise<ProcessedImage> {
  return inSlot(async () => {
    try {
      return await encodeAll(input, format);
    } catch (error) {
      throw refusal(error, format);
    }
  });
}

async function encodeAll(input: Buffer, format: ImageFormat): Promise<ProcessedImage> {
  const load = () => sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' });
  const metadata = await load().metadata();
  // A file that starts like one format but is another underneath is not what it claims.
  if (metadata.format !== DECODER[format]) throw unsupportedMediaType(IMAGE_MESSAGES.imageUnsupported);
  if (metadata.width * metadata.height > IMAGE_MAX_PIXELS) throw tooLarge(IMAGE_MESSAGES.imageTooManyPixels);
  if (Math.max(metadata.width, metadata.height) > Math.min(metadata.width, metadata.height) * IMAGE_MAX_ASPECT_RATIO) {
    throw badRequest(IMAGE_MESSAGES.imageTooNarrow, 'image_too_narrow');
  }

  const upright = load().autoOrient();
  const [original, medium, thumbnail] = await Promise.all([
    encodeOriginal(upright.clone(), format).toBuffer({ resolveWithObject: true }),
    upright
      .clone()
      .resize(IMAGE_MEDIUM_PX, IMAGE_MEDIUM_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: QUALITY.variant })
      .toBuffer(),
    upright
      .clone()
      .resize(IMAGE_THUMBNAIL_PX, IMAGE_THUMBNAIL_PX, { fit: 'cover' })
      .webp({ quality: QUALITY.variant })
      .toBuffer(),
  ]);
  return {
    originalType: originalTypeOf(format),
    width: original.info.width,
    height: original.info.height,
    files: { original: original.data, medium, thumbnail },
  };
}

/** The original keeps its format (browsers cannot show HEIC: that becomes JPEG). */
function encodeOriginal(image: Sharp, format: ImageFormat): Sharp {
  if (format === 'png') return image.png();
  if (format === 'webp') return image.webp({ quality: QUALITY.original });
  return image.jpeg({ quality: QUALITY.original });
}

function originalTypeOf(format: ImageFormat): OriginalType {
  return format === 'png' ? 'image/png' : format === 'webp' ? 'image/webp' : 'image/jpeg';
}

/** sharp's refusal of an image whose header claims more pixels than `limitInputPixels`. */
export function exceedsPixelLimit(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/** A decoder's failure as the client's error: too many pixels 413, HEIC without its codec 415, damage 400. */
function refusal(error: unknown, format: ImageFormat): Error {
  if (!(error instanceof Error) || error instanceof DomainError) return error as Error;
  if (exceedsPixelLimit(error)) return tooLarge(IMAGE_MESSAGES.imageTooManyPixels);
  // sharp's own libvips reads HEIF containers but has no HEVC decoder (no libde265).
  if (format === 'heic') return unsupportedMediaType(IMAGE_MESSAGES.heicUnsupported);
  return badRequest(IMAGE_MESSAGES.imageUnreadable, 'invalid_image');
}

/** Runs at most `slots` tasks at a time, the others in the order they came. */
function createLimiter(slots: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
