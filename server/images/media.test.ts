import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMAGE_MESSAGES } from '../../common/images.ts';
import { useTestApp } from '../test/test-app.ts';
import { BLOBS_DIR, createBlobStorage } from './blob-storage.ts';
import type { BlobStore } from './blob-store.ts';
import { listWithItem, makeImage, readStored, upload } from '../test/images.ts';
import { createLocalBlobStore } from './local-blob-store.ts';
import { createMediaService } from './media.ts';
import { createMediaUrls } from './media-urls.ts';

/** The signed URLs items carry: the file for a valid one, 403 for an expired or tampered one. */
const t = useTestApp();

const HOUR_MS = 60 * 60 * 1000;

async function uploadedImage() {
  const { user, listId, itemId } = await listWithItem(t);
  const response = await upload(t, user.token, listId, itemId, (await makeImage('jpeg')).toString('base64'));
  expect(response.status).toBe(200);
  return { user, listId, itemId, primary: response.body.images.primary as { id: string; thumbnailUrl: string; mediumUrl: string } };
}

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /media/{key}', () => {
  it('answers a valid URL with the file, its type and cache headers for as long as the URL lives, without a session', async () => {
    const { primary } = await uploadedImage();
    for (const [url, variant] of [[primary.thumbnailUrl, 'thumbnail'], [primary.mediumUrl, 'medium']] as const) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      const lifeSeconds = Math.floor((Number(new URL(url, 'http://x').searchParams.get('exp')) * 1000 - t.clock.now.getTime()) / 1000);
      expect(response.headers['cache-control']).toBe(`private, max-age=${lifeSeconds}, immutable`);
      const stored = readStored(t, `images/${primary.id}/${variant}.webp`);
      expect(response.rawPayload.equals(stored)).toBe(true);
      expect(Number(response.headers['content-length'])).toBe(stored.length);
    }
  });

  it('gives the same URL for a while (expiring on the hour, one to two hours ahead), so browsers cache', async () => {
    const { user, listId, primary } = await uploadedImage();
    const exp = Number(new URL(primary.thumbnailUrl, 'http://x').searchParams.get('exp')) * 1000;
    expect(exp % HOUR_MS).toBe(0);
    expect(exp - t.clock.now.getTime()).toBeGreaterThanOrEqual(HOUR_MS);
    expect(exp - t.clock.now.getTime()).toBeLessThanOrEqual(2 * HOUR_MS);
    const again = await t.request({ method: 'GET', path: `/lists/${listId}/items`, token: user.token });
    expect(again.body.items[0].images.primary.thumbnailUrl).toBe(primary.thumbnailUrl);
  });

  it('refuses a tampered URL with 403: another key, another expiry, another or no signature', async () => {
    const { primary } = await uploadedImage();
    const url = new URL(primary.thumbnailUrl, 'http://x');
    const sig = url.searchParams.get('sig')!;
    const exp = url.searchParams.get('exp')!;
    const tampered = [
      primary.thumbnailUrl.replace('thumbnail.webp', 'medium.webp'),
      primary.thumbnailUrl.replace('thumbnail.webp', 'original.jpg'),
      primary.thumbnailUrl.replace(`exp=${exp}`, `exp=${Number(exp) + 3600}`),
      primary.thumbnailUrl.replace(`sig=${sig}`, `sig=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`),
      primary.thumbnailUrl.replace(`&sig=${sig}`, ''),
      primary.thumbnailUrl.replace(`sig=${sig}`, 'sig=short'),
      primary.thumbnailUrl.replace(`sig=${sig}`, `sig=${sig.repeat(5)}`),
      primary.thumbnailUrl.replace(`exp=${exp}`, `exp=${'9'.repeat(21)}`),
      `${url.pathname}`,
    ];
    for (const bad of tampered) {
      const response = await get(bad);
      expect(response.statusCode, bad).toBe(403);
      expect(response.json(), bad).toEqual({ error: { code: 'forbidden', message: IMAGE_MESSAGES.mediaLinkInvalid } });
    }
  });

  it('answers 404 in the envelope when the file is gone', async () => {
    const { primary } = await uploadedImage();
    fs.rmSync(path.join(t.dataDir, BLOBS_DIR, 'images', primary.id, 'thumbnail.webp'));
    const response = await get(primary.thumbnailUrl);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: IMAGE_MESSAGES.mediaMissing } });
  });

  it('refuses an expired URL with 403 (last: it moves the clock)', async () => {
    const { primary } = await uploadedImage();
    expect((await get(primary.mediumUrl)).statusCode).toBe(200);
    t.clock.advance(2 * HOUR_MS + 1000);
    const response = await get(primary.mediumUrl);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'forbidden', message: IMAGE_MESSAGES.mediaLinkExpired } });
  });
});

describe('media of an S3 store', () => {
  it('redirects a valid URL to the presigned URL of the same key, expiring with it', async () => {
    const now = new Date('2026-01-01T10:20:00Z');
    const urls = createMediaUrls({ secret: 'a-secret-that-is-long-enough-for-hmac', now: () => now });
    const presigned: [string, Date][] = [];
    const bucket: BlobStore = {
      put: async () => {},
      read: async () => Buffer.alloc(0),
      delete: async () => {},
      list: async () => [],
      close: async () => {},
      signedUrl: async (key, expiresAt) => {
        presigned.push([key, expiresAt]);
        return `https://bucket.example/${key}?X-Amz-Signature=abc`;
      },
    };
    const storage = createBlobStorage(
      { dataDir: t.dataDir, storage: { driver: 's3', quotaBytes: 0, s3: { bucket: 'b', endpoint: undefined, region: 'r', accessKeyId: undefined, secretAccessKey: undefined, forcePathStyle: false } } },
      { local: createLocalBlobStore, s3: () => bucket },
      urls,
    );
    const media = createMediaService({ storage, urls, now: () => now, log: { error() {} } });
    const url = new URL(urls.url('images/abc/thumbnail.webp'), 'http://x');
    const answer = await media.resolve('images/abc/thumbnail.webp', url.searchParams.get('exp')!, url.searchParams.get('sig')!);
    expect(answer).toEqual({ kind: 'redirect', url: 'https://bucket.example/images/abc/thumbnail.webp?X-Amz-Signature=abc', maxAgeSeconds: 100 * 60 });
    expect(presigned).toEqual([['images/abc/thumbnail.webp', new Date('2026-01-01T12:00:00Z')]]);
  });
});
