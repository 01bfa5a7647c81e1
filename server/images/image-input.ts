import { IMAGE_MAX_BYTES, IMAGE_MESSAGES, type ImageFormat } from '../../common/images.ts';
import { badRequest, tooLarge } from '../domain/errors.ts';

/**
 * An upload as the client sends it, checked before any decoder sees it: base64 (bare, or in a
 * data URL whose declared type is ignored), at most IMAGE_MAX_BYTES once decoded (measured before
 * decoding, so an oversized upload allocates nothing), and bytes that start like one of the
 * accepted formats.
 */

const DATA_URL_PREFIX = /^data:[^,]{0,200},/i;
/** Standard or URL-safe alphabet, padding only at the end. */
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;
const WHITESPACE = /\s/;

/** The bytes of `imageData`: 400 for text that is not base64, 413 past IMAGE_MAX_BYTES. */
export function decodeImageData(imageData: string): Buffer {
  let text = imageData;
  const prefix = DATA_URL_PREFIX.exec(text)?.[0];
  if (prefix) {
    if (!/;base64,$/i.test(prefix)) throw badRequest(IMAGE_MESSAGES.imageDataNotBase64);
    text = text.slice(prefix.length);
  }
  // Line breaks of MIME-style base64 are fine; removing them copies the text, so only when present.
  if (WHITESPACE.test(text)) text = text.replace(/\s+/g, '');
  if (!BASE64.test(text) || text.length % 4 === 1) throw badRequest(IMAGE_MESSAGES.imageDataNotBase64);
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  if (Math.floor((text.length * 3) / 4) - padding > IMAGE_MAX_BYTES) throw tooLarge(IMAGE_MESSAGES.imageTooLarge);
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length === 0) throw badRequest(IMAGE_MESSAGES.imageDataRequired);
  return bytes;
}

const startsWith = (bytes: Buffer, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** ISO base media brands of HEVC-coded HEIF ("HEIC"); AVIF and others are not accepted. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);

/** Which accepted format the bytes are, by their signature; undefined for anything else. */
export function sniffImageFormat(bytes: Buffer): ImageFormat | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, ...ascii('PNG\r\n\x1a\n')])) return 'png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, ascii('ftyp'), 4) && ftypBrands(bytes).some((brand) => HEIC_BRANDS.has(brand))) return 'heic';
  return undefined;
}

/** The major and compatible brands of the leading `ftyp` box. */
function ftypBrands(bytes: Buffer): string[] {
  const size = Math.min(bytes.readUInt32BE(0), bytes.length, 4096);
  const brands = [bytes.toString('latin1', 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(bytes.toString('latin1', at, at + 4));
  return brands;
}
