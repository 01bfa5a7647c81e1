import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { createUser, type TestUser } from './factories.ts';
import type { TestApp } from './test-app.ts';
import { BLOBS_DIR } from '../images/blob-storage.ts';

/** Test helpers of the images feature: real pictures made with sharp, and the files on disk. */

/**
 * A real HEIC photo (HEVC-coded), 64x48, made with libheif's `heif-enc` (Debian's
 * libheif-examples): sharp's own libvips cannot write, nor read, HEVC.
 */
export const HEIC_FIXTURE = path.join(import.meta.dirname, '..', 'images', 'test-fixtures', 'photo.heic');

export type MadeFormat = 'jpeg' | 'png' | 'webp';

/** A position and a camera, written into EXIF so tests can prove they never come out. */
export const GPS_EXIF = {
  IFD0: { Make: 'ListoTestCam', Model: 'GPS-9000' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 300/100' },
};

/**
 * A `width` x `height` picture, left half red and right half blue (so a rotation shows), with
 * EXIF GPS and a camera name, and an EXIF orientation when asked.
 */
export async function makeImage(
  format: MadeFormat,
  options: { width?: number; height?: number; orientation?: number } = {},
): Promise<Buffer> {
  const { width = 300, height = 200 } = options;
  const half = Math.floor(width / 2);
  const blue = await sharp({ create: { width: width - half, height, channels: 3, background: { r: 0, g: 0, b: 255 } } })
    .png()
    .toBuffer();
  let image = sharp({ create: { width, height, channels: 3, background: { r: 255, g: 0, b: 0 } } })
    .composite([{ input: blue, left: half, top: 0 }])
    .withExif(GPS_EXIF);
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toFormat(format).toBuffer();
}

/** A PNG of exactly `totalBytes`: a small picture with a private ancillary chunk of padding, which decoders skip. */
export async function pngOfSize(totalBytes: number): Promise<Buffer> {
  const png = await makeImage('png');
  const iend = png.subarray(png.length - 12);
  const padding = Buffer.alloc(totalBytes - png.length - 12);
  const chunk = Buffer.alloc(12 + padding.length);
  chunk.writeUInt32BE(padding.length, 0);
  chunk.write('prVt', 4, 'latin1');
  padding.copy(chunk, 8);
  chunk.writeUInt32BE(zlib.crc32(chunk.subarray(4, 8 + padding.length)), 8 + padding.length);
  return Buffer.concat([png.subarray(0, png.length - 12), chunk, iend]);
}

/** Base64 as MIME writes it: a CRLF after every 76 characters. */
export const mimeWrapped = (bytes: Buffer) => bytes.toString('base64').replace(/.{76}/g, '$&\r\n');

export const dataUrlOf = (bytes: Buffer, type = 'image/jpeg') => `data:${type};base64,${bytes.toString('base64')}`;

/** Every image file the app stores (local storage under its DATA_DIR), as keys. */
export function storedFiles(t: TestApp): string[] {
  const root = path.join(t.dataDir, BLOBS_DIR);
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((key) => key.startsWith('images/'))
    .sort();
}

export function readStored(t: TestApp, key: string): Buffer {
  return fs.readFileSync(path.join(t.dataDir, BLOBS_DIR, ...key.split('/')));
}

/** A user with a list of one item, made through the API. */
export async function listWithItem(t: TestApp, owner?: TestUser) {
  const user = owner ?? (await createUser(t));
  const list = await t.request({ method: 'POST', path: '/lists', token: user.token, body: { name: 'Groceries' } });
  const listId: string = list.body.list.id;
  const item = await t.request({ method: 'POST', path: `/lists/${listId}/items`, token: user.token, body: { content: 'milk' } });
  return { user, listId, itemId: item.body.id as string };
}

/** POST .../image, answering the raw response. */
export function upload(t: TestApp, token: string | undefined, listId: string, itemId: string, imageData: string, headers?: Record<string, string>) {
  return t.request({ method: 'POST', path: `/lists/${listId}/items/${itemId}/image`, token, body: { imageData }, headers });
}
