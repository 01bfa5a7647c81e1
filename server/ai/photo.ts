import sharp, { type Metadata } from 'sharp';
import { AI_MESSAGES, AI_PHOTO_MAX_BYTES, AI_PHOTO_MAX_PIXELS } from '../../common/ai.ts';
import { badRequest, tooLarge, unsupportedMediaType } from '../domain/errors.ts';
import { exceedsPixelLimit } from '../images/image-processing.ts';

/**
 * A photographed list, from the client's `photoData` to what a provider reads. The bytes decide
 * what the photo is, never a declared type; sharp refuses anything that is not an image it can
 * decode, and bounds the pixels it will decode (a small file can claim a huge image).
 */

export interface Photo {
  bytes: Buffer;
}

const DATA_URL_PREFIX = /^data:[\w/+.-]*(?:;[\w=.-]+)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;
/** Text on a list stays legible at this size, and OCR and the model's image tokens stay bounded. */
const LONGEST_SIDE = 2048;

const decodeOptions = { limitInputPixels: AI_PHOTO_MAX_PIXELS, failOn: 'error' } as const;

const notAnImage = () => unsupportedMediaType(AI_MESSAGES.photoNotImage);
/** Its header was a photo's (decodePhoto read it), its pixels would not decode: cut short or damaged. */
const damaged = () => badRequest(AI_MESSAGES.photoUnreadable, 'invalid_image');

/**
 * The photo formats the message names, as sharp reports them (AVIF is HEIF with AV1 inside). sharp
 * reads more (SVG, PDF): each is another parser fed a stranger's bytes, and none is a photo.
 */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff']);
const isPhotoFormat = ({ format, compression }: Metadata) => PHOTO_FORMATS.has(format) || (format === 'heif' && compression === 'av1');

/**
 * The photo's bytes, checked: 400 when it is not base64, 413 over 10 MB decoded or over
 * AI_PHOTO_MAX_PIXELS (read from its header, before any pixel is decoded), 415 when it is not an image.
 */
export async function decodePhoto(photoData: string): Promise<Photo> {
  const base64 = photoData.replace(DATA_URL_PREFIX, '').replace(/\s+/g, '');
  if (base64 === '' || !BASE64.test(base64)) throw badRequest(AI_MESSAGES.photoNotBase64);
  // Checked before decoding, so an oversized photo costs no allocation.
  if (Math.floor((base64.length * 3) / 4) > AI_PHOTO_MAX_BYTES + 2) {
    throw tooLarge(AI_MESSAGES.photoTooLarge);
  }
  const bytes = Buffer.from(base64, base64.includes('-') || base64.includes('_') ? 'base64url' : 'base64');
  if (bytes.length > AI_PHOTO_MAX_BYTES) throw tooLarge(AI_MESSAGES.photoTooLarge);
  const tooManyPixels = () => tooLarge(AI_MESSAGES.photoTooManyPixels);
  let metadata: Metadata;
  try {
    // sharp throws at once on some bytes (none at all), and rejects on others.
    metadata = await sharp(bytes, decodeOptions).metadata();
  } catch (error) {
    throw exceedsPixelLimit(error) ? tooManyPixels() : notAnImage();
  }
  const { width, height } = metadata;
  if (!isPhotoFormat(metadata) || !width || !height) throw notAnImage();
  if (width * height > AI_PHOTO_MAX_PIXELS) throw tooManyPixels();
  return { bytes };
}

function prepared(photo: Photo) {
  return sharp(photo.bytes, decodeOptions)
    .autoOrient()
    .resize({ width: LONGEST_SIDE, height: LONGEST_SIDE, fit: 'inside', withoutEnlargement: true });
}

/**
 * For OCR: upright, grey, contrast stretched. Without the stretch, JPEG artefacts around thin
 * strokes made tesseract read "eggs" as "€99s" on a printed list.
 */
export async function photoForOcr(photo: Photo): Promise<Buffer> {
  try {
    return await prepared(photo).greyscale().normalise().png().toBuffer();
  } catch {
    throw damaged();
  }
}

/** For a cloud model: upright JPEG, without its metadata (a phone photo's EXIF holds its location). */
export async function photoForModel(photo: Photo): Promise<{ mimeType: 'image/jpeg'; base64: string }> {
  try {
    const jpeg = await prepared(photo).jpeg({ quality: 85 }).toBuffer();
    return { mimeType: 'image/jpeg', base64: jpeg.toString('base64') };
  } catch {
    throw damaged();
  }
}
