import fs from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES } from '../../common/images.ts';
import { useTestApp } from '../test/test-app.ts';
import {
  dataUrlOf,
  GPS_EXIF,
  HEIC_FIXTURE,
  listWithItem,
  makeImage,
  mimeWrapped,
  pngOfSize,
  readStored,
  storedFiles,
  upload,
  type MadeFormat,
} from '../test/images.ts';

const t = useTestApp();

/** Whether raw EXIF holds a GPS directory (tag 0x8825, a LONG), in either byte order. */
const hasGpsTag = (exif: Buffer) =>
  exif.includes(Buffer.from([0x25, 0x88, 0x04, 0x00])) || exif.includes(Buffer.from([0x88, 0x25, 0x00, 0x04]));

const imageRows = (itemId: string) => t.database.db.selectFrom('images').selectAll().where('item_id', '=', itemId).execute();

describe('POST /lists/{id}/items/{itemId}/image', () => {
  it.each<[MadeFormat, string, string]>([
    ['jpeg', 'image/jpeg', 'jpg'],
    ['png', 'image/png', 'png'],
    ['webp', 'image/webp', 'webp'],
  ])('takes a %s photo: the item gets signed URLs, and the original, medium and thumbnail are stored', async (format, type, ext) => {
    const { user, listId, itemId } = await listWithItem(t);
    const photo = await makeImage(format, { width: 1600, height: 1200 });

    const response = await upload(t, user.token, listId, itemId, dataUrlOf(photo, type));

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const primary = response.body.images.primary;
    expect(response.body).toMatchObject({ id: itemId, list_id: listId, content: 'milk' });
    expect(primary).toEqual({
      id: expect.any(String),
      thumbnailUrl: expect.stringMatching(new RegExp(`^/api/v1/media/images/${primary.id}/thumbnail\\.webp\\?exp=\\d+&sig=[\\w-]{43}$`)),
      mediumUrl: expect.stringMatching(new RegExp(`^/api/v1/media/images/${primary.id}/medium\\.webp\\?exp=\\d+&sig=[\\w-]{43}$`)),
      uploadedAt: t.clock.now.toISOString(),
    });
    const files = storedFiles(t).filter((key) => key.includes(primary.id));
    expect(files).toEqual([
      `images/${primary.id}/medium.webp`,
      `images/${primary.id}/original.${ext}`,
      `images/${primary.id}/thumbnail.webp`,
    ]);
    const original = await sharp(readStored(t, files[1]!)).metadata();
    const medium = await sharp(readStored(t, files[0]!)).metadata();
    const thumbnail = await sharp(readStored(t, files[2]!)).metadata();
    expect(original).toMatchObject({ format, width: 1600, height: 1200 });
    expect(medium).toMatchObject({ format: 'webp', width: 1024, height: 768 });
    expect(thumbnail).toMatchObject({ format: 'webp', width: 200, height: 200 });
    const [row] = await imageRows(itemId);
    expect(row).toMatchObject({ id: primary.id, owner_id: user.user.id, original_type: type, width: 1600, height: 1200 });
    expect(row!.bytes).toBe(files.reduce((sum, key) => sum + readStored(t, key).length, 0));
  });

  it.each<MadeFormat>(['jpeg', 'png', 'webp'])(
    'strips EXIF (GPS position, camera) from every %s file, and turns the picture upright first',
    async (format) => {
      const { user, listId, itemId } = await listWithItem(t);
      // 300x200 stored on its side: EXIF orientation 6 says "turn 90° clockwise to view".
      const photo = await makeImage(format, { width: 300, height: 200, orientation: 6 });
      const sent = await sharp(photo).metadata();
      expect(sent.orientation).toBe(6);
      expect(hasGpsTag(sent.exif!)).toBe(true);
      expect(photo.includes(GPS_EXIF.IFD0.Make)).toBe(true);

      const response = await upload(t, user.token, listId, itemId, photo.toString('base64'));
      expect(response.status, JSON.stringify(response.body)).toBe(200);

      const files = storedFiles(t).filter((key) => key.includes(response.body.images.primary.id));
      expect(files).toHaveLength(3);
      for (const key of files) {
        const bytes = readStored(t, key);
        const stored = await sharp(bytes).metadata();
        expect(stored.exif, key).toBeUndefined();
        expect(stored.xmp, key).toBeUndefined();
        expect(stored.orientation, key).toBeUndefined();
        expect(bytes.includes(GPS_EXIF.IFD0.Make), key).toBe(false);
      }
      const original = readStored(t, files.find((key) => key.includes('original'))!);
      // Upright: 200 wide and 300 high, red (the picture's left) now on top.
      expect(await sharp(original).metadata()).toMatchObject({ width: 200, height: 300 });
      const { data } = await sharp(original).raw().toBuffer({ resolveWithObject: true });
      const top = [data[(10 * 200 + 100) * 3], data[(10 * 200 + 100) * 3 + 2]];
      const bottom = [data[(290 * 200 + 100) * 3], data[(290 * 200 + 100) * 3 + 2]];
      expect(top[0]).toBeGreaterThan(200);
      expect(top[1]).toBeLessThan(60);
      expect(bottom[0]).toBeLessThan(60);
      expect(bottom[1]).toBeGreaterThan(200);
    },
  );

  it('reads the bytes, not the declared type: a PNG sent as image/jpeg is a PNG', async () => {
    const { user, listId, itemId } = await listWithItem(t);
    const response = await upload(t, user.token, listId, itemId, dataUrlOf(await makeImage('png'), 'image/jpeg'));
    expect(response.status).toBe(200);
    expect(storedFiles(t).filter((key) => key.includes(response.body.images.primary.id))).toContain(
      `images/${response.body.images.primary.id}/original.png`,
    );
  });

  it('refuses a text file renamed .jpg (415), and changes nothing', async () => {
    const { user, listId, itemId } = await listWithItem(t);
    const before = storedFiles(t);
    const text = Buffer.from('These are my shopping notes, not a photo.\n');
    const response = await upload(t, user.token, listId, itemId, dataUrlOf(text, 'image/jpeg'));
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ error: { code: 'unsupported_media_type', message: IMAGE_MESSAGES.imageUnsupported } });
    expect(storedFiles(t)).toEqual(before);
    expect(await imageRows(itemId)).toEqual([]);
  });

  it('refuses HEIC with 415 and says so: the prebuilt libvips has no HEVC decoder', async () => {
    const { user, listId, itemId } = await listWithItem(t);
    const response = await upload(t, user.token, listId, itemId, dataUrlOf(fs.readFileSync(HEIC_FIXTURE), 'image/heic'));
    expect(response.status).toBe(415);
    expect(response.body.error.message).toBe(IMAGE_MESSAGES.heicUnsupported);
    expect(await imageRows(itemId)).toEqual([]);
  });

  it('refuses other image formats (GIF) with 415', async () => {
    const { user, listId, itemId } = await listWithItem(t);
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: 'green' } }).gif().toBuffer();
    const response = await upload(t, user.token, listId, itemId, dataUrlOf(gif, 'image/gif'));
    expect(response.status).toBe(415);
  });

  it('refuses a damaged JPEG (400) and text that is not base64 (400)', async () => {
    const { user, listId, itemId } = await listWithItem(t);
    const photo = await makeImage('jpeg', { width: 800, height: 600 });
    const damaged = await upload(t, user.token, listId, itemId, photo.subarray(0, photo.length / 2).toString('base64'));
    expect(damaged.status).toBe(400);
    expect(damaged.body.error).toEqual({ code: 'invalid_image', message: IMAGE_MESSAGES.imageUnreadable });
    const notBase64 = await upload(t, user.token, listId, itemId, 'data:image/jpeg;base64,not*base64!');
    expect(notBase64.status).toBe(400);
    expect(notBase64.body.error.message).toBe(IMAGE_MESSAGES.imageDataNotBase64);
    const missing = await t.request({ method: 'POST', path: `/lists/${listId}/items/${itemId}/image`, token: user.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe(IMAGE_MESSAGES.imageDataRequired);
    expect(await imageRows(itemId)).toEqual([]);
  });

  it('refuses more than 10 MB once decoded (413), and a body far beyond that (413)', async () => {
    const { user, listId, itemId } = await listWithItem(t);
    const justOver = Buffer.alloc(IMAGE_MAX_BYTES + 1, 0xff);
    const response = await upload(t, user.token, listId, itemId, justOver.toString('base64'));
    expect(response.status).toBe(413);
    expect(response.body.error).toEqual({ code: 'too_large', message: IMAGE_MESSAGES.imageTooLarge });
    const huge = await upload(t, user.token, listId, itemId, 'A'.repeat(16 * 1024 * 1024));
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('too_large');
    expect(await imageRows(itemId)).toEqual([]);
  });

  it('takes an image of exactly 10 MB sent as MIME wraps base64, a CRLF every 76 characters', async () => {
    const { user, listId, itemId } = await listWithItem(t);
    const png = await pngOfSize(IMAGE_MAX_BYTES);
    const response = await upload(t, user.token, listId, itemId, mimeWrapped(png));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(await imageRows(itemId)).toHaveLength(1);
  });

  it('refuses a small file that unpacks into too many pixels (413)', async () => {
    const { user, listId, itemId } = await listWithItem(t);
    // 10,000 x 6,000 of one colour: a few hundred KB of PNG, 60 megapixels.
    const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: 'white' } }).png().toBuffer();
    expect(bomb.length).toBeLessThan(IMAGE_MAX_BYTES);
    const response = await upload(t, user.token, listId, itemId, bomb.toString('base64'));
    expect(response.status).toBe(413);
    expect(response.body.error.message).toBe(IMAGE_MESSAGES.imageTooManyPixels);
  });

  it.each([
    [20_000, 199],
    [1, 200_000],
  ])('refuses an image of %i x %i, far longer than it is wide, for what it is (400), not as damaged', async (width, height) => {
    const { user, listId, itemId } = await listWithItem(t);
    const strip = await sharp({ create: { width, height, channels: 3, background: 'black' } }).png().toBuffer();
    const response = await upload(t, user.token, listId, itemId, strip.toString('base64'));
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({ code: 'image_too_narrow', message: IMAGE_MESSAGES.imageTooNarrow });
    expect(await imageRows(itemId)).toEqual([]);
  });

  it('takes an image just within the aspect ratio (a long panorama)', async () => {
    const { user, listId, itemId } = await listWithItem(t);
    const panorama = await sharp({ create: { width: 10_000, height: 100, channels: 3, background: 'white' } }).png().toBuffer();
    expect((await upload(t, user.token, listId, itemId, panorama.toString('base64'))).status).toBe(200);
  });

  it('honours Idempotency-Key: a repeat answers the first answer and stores nothing again; another picture is 422', async () => {
    const { user, listId, itemId } = await listWithItem(t);
    const photo = (await makeImage('jpeg', { width: 1200, height: 900 })).toString('base64');
    const headers = { 'idempotency-key': `photo-${itemId}` };
    const first = await upload(t, user.token, listId, itemId, photo, headers);
    const files = storedFiles(t);
    const repeat = await upload(t, user.token, listId, itemId, photo, headers);
    expect(repeat.status).toBe(200);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.body).toEqual(first.body);
    expect(storedFiles(t)).toEqual(files);
    expect(await imageRows(itemId)).toHaveLength(1);
    const other = await upload(t, user.token, listId, itemId, (await makeImage('png')).toString('base64'), headers);
    expect(other.status).toBe(422);
  });
});
