import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBucket, startSwiftS3, stopSwiftS3, swiftMissing, type SwiftS3 } from '../../scripts/swift-s3.ts';
import { BlobStoreError, type BlobStore, type BlobStoreErrorKind } from './blob-store.ts';
import { imageSources } from './blob-storage.ts';
import { BLOB_CACHE_CONTROL, createS3BlobStore, type S3BlobStoreOptions } from './s3-blob-store.ts';

const BUCKET = 'listo-test';
const HOUR_MS = 60 * 60 * 1000;

const missing = swiftMissing();
// These tests use no database: the PostgreSQL pass of the server tests would only repeat them.
const onPostgres = process.env.LISTO_TEST_DB === 'postgres';
// In CI a missing Swift fails (startSwiftS3 throws why) instead of passing silently as skipped.
const skipSwift = onPostgres || (missing !== undefined && !process.env.CI);
if (skipSwift && !onPostgres) console.warn(`Skipping the S3 blob store tests against Swift: ${missing}`);

describe.skipIf(skipSwift)('S3 blob store against a real S3-compatible server (Swift)', () => {
  let server: SwiftS3;
  let store: BlobStore;
  const opened: BlobStore[] = [];

  const options = (overrides: Partial<S3BlobStoreOptions> = {}): S3BlobStoreOptions => ({
    bucket: BUCKET,
    endpoint: server.endpoint,
    region: server.region,
    accessKeyId: server.accessKeyId,
    secretAccessKey: server.secretAccessKey,
    forcePathStyle: true,
    ...overrides,
  });
  const open = (overrides: Partial<S3BlobStoreOptions> = {}) => {
    const opening = createS3BlobStore(options(overrides));
    opened.push(opening);
    return opening;
  };
  /** A fresh prefix per test, so tests sharing the bucket never see each other's keys. */
  const prefix = () => `test/${randomUUID()}/`;

  beforeAll(async () => {
    server = await startSwiftS3();
    await createBucket(server, BUCKET);
    store = open();
  });

  afterAll(async () => {
    await Promise.all(opened.map((each) => each.close()));
    if (server) await stopSwiftS3(server);
  });

  it('stores, lists under a prefix and deletes; deleting keys already gone is no error', async () => {
    const mine = prefix();
    const other = prefix();
    await store.put(`${mine}a/thumb.webp`, Buffer.from('thumb'), 'image/webp');
    await store.put(`${mine}a/medium.webp`, Buffer.from('medium'), 'image/webp');
    await store.put(`${other}b/thumb.webp`, Buffer.from('other'), 'image/webp');

    expect((await store.list(mine)).sort()).toEqual([`${mine}a/medium.webp`, `${mine}a/thumb.webp`]);

    await store.delete([`${mine}a/thumb.webp`, `${mine}a/medium.webp`]);
    expect(await store.list(mine)).toEqual([]);
    expect(await store.list(other)).toEqual([`${other}b/thumb.webp`]);

    await store.delete([`${mine}a/thumb.webp`]);
    await store.delete([]);
  });

  it('lists and deletes across pages and batches', async () => {
    const paged = open({ batchSize: 2 });
    const mine = prefix();
    const keys = ['1', '2', '3', '4', '5'].map((name) => `${mine}${name}`);
    for (const key of keys) await paged.put(key, Buffer.from(key), 'text/plain');

    expect((await paged.list(mine)).sort()).toEqual(keys);
    await paged.delete(keys);
    expect(await paged.list(mine)).toEqual([]);
  });

  it('gives a URL that answers the bytes, with their type and cache policy, until it expires', async () => {
    const key = `${prefix()}photo.jpg`;
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0, 255]);
    await store.put(key, bytes, 'image/jpeg');

    const response = await fetch(await store.signedUrl(key, new Date(Date.now() + HOUR_MS)));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('cache-control')).toBe(BLOB_CACHE_CONTROL);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
  });

  it('gives the same URL for the same key and expiry, signed at any time, so browsers can cache it', async () => {
    const expiresAt = new Date(Date.now() + HOUR_MS);
    const first = await store.signedUrl('some/key.webp', expiresAt);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + HOUR_MS / 2);
      expect(await store.signedUrl('some/key.webp', new Date(expiresAt))).toBe(first);
    } finally {
      vi.useRealTimers();
    }
    expect(await store.signedUrl('some/key.webp', new Date(expiresAt.getTime() + 1000))).not.toBe(first);
    expect(await store.signedUrl('other/key.webp', expiresAt)).not.toBe(first);
  });

  it('answers 403 to a tampered URL', async () => {
    const mine = prefix();
    await store.put(`${mine}mine.webp`, Buffer.from('mine'), 'image/webp');
    await store.put(`${mine}theirs.webp`, Buffer.from('theirs'), 'image/webp');
    const url = await store.signedUrl(`${mine}mine.webp`, new Date(Date.now() + HOUR_MS));

    const otherKey = url.replace('mine.webp', 'theirs.webp');
    // A later signing date (and credential scope, which must match it) would make the URL live longer.
    const signedOn = new URL(url).searchParams.get('X-Amz-Date')!.slice(0, 8);
    const dayAfter = new Date(Date.UTC(+signedOn.slice(0, 4), +signedOn.slice(4, 6) - 1, +signedOn.slice(6) + 1));
    const nextDay = dayAfter.toISOString().slice(0, 10).replaceAll('-', '');
    const later = url.replace(`X-Amz-Date=${signedOn}`, `X-Amz-Date=${nextDay}`).replace(`%2F${signedOn}%2F`, `%2F${nextDay}%2F`);
    const signature = url.replace(/(X-Amz-Signature=[0-9a-f]*)([0-9a-f])/, (_, head: string, last: string) => head + (last === '0' ? '1' : '0'));
    for (const tampered of [otherKey, later, signature]) {
      expect(tampered).not.toBe(url);
      const response = await fetch(tampered);
      expect(response.status, tampered).toBe(403);
      await response.arrayBuffer();
    }
  });

  it('answers 403 to a URL past its expiry', async () => {
    const key = `${prefix()}photo.webp`;
    await store.put(key, Buffer.from('photo'), 'image/webp');
    const expiresAt = new Date(Date.now() + 1000);
    const url = await store.signedUrl(key, expiresAt);
    // S3 counts whole seconds: the URL still works during the second it expires in.
    await new Promise((resolve) => setTimeout(resolve, expiresAt.getTime() - Date.now() + 1500));

    const response = await fetch(url);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('Request has expired');
  });

  it("signs URLs on the origin the Content-Security-Policy's img-src names", async () => {
    const sources = imageSources({ driver: 's3', quotaBytes: 0, s3: options() });
    const origin = new URL(await store.signedUrl('some/key.webp', new Date(Date.now() + HOUR_MS))).origin;
    expect(origin).toBe(server.endpoint);
    expect(sources).toContain(origin);
  });

  it('answers 404 to a URL for a key that holds nothing', async () => {
    const response = await fetch(await store.signedUrl(`${prefix()}gone.webp`, new Date(Date.now() + HOUR_MS)));
    expect(response.status).toBe(404);
    await response.arrayBuffer();
  });

  it('refuses more than the 7 days a presigned URL can live', async () => {
    await expect(store.signedUrl('some/key.webp', new Date(Date.now() + 8 * 24 * HOUR_MS))).rejects.toThrow(RangeError);
  });

  async function expectKind(promise: Promise<unknown>, kind: BlobStoreErrorKind) {
    const error: unknown = await promise.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(BlobStoreError);
    expect((error as BlobStoreError).kind).toBe(kind);
  }

  it('maps a wrong secret to unauthenticated', async () => {
    const wrong = open({ secretAccessKey: 'not-the-secret' });
    await expectKind(wrong.put(`${prefix()}x`, Buffer.from('x'), 'text/plain'), 'unauthenticated');
    await expectKind(wrong.list('test/'), 'unauthenticated');
    await expectKind(wrong.delete(['test/x']), 'unauthenticated');
  });

  it('maps a missing bucket to not_found', async () => {
    const absent = open({ bucket: 'listo-no-such-bucket' });
    await expectKind(absent.put('x', Buffer.from('x'), 'text/plain'), 'not_found');
    await expectKind(absent.list(''), 'not_found');
  });

  it('maps a server that does not answer to unavailable', async () => {
    const nobody = open({ endpoint: `http://127.0.0.1:${await closedPort()}` });
    await expectKind(nobody.put('x', Buffer.from('x'), 'text/plain'), 'unavailable');
  });
});

describe.skipIf(onPostgres)('S3 blob store against a store that takes connections and never answers', () => {
  let silent: net.Server;
  const sockets: net.Socket[] = [];

  beforeAll(async () => {
    silent = net.createServer((socket) => {
      sockets.push(socket);
      socket.on('data', () => {}); // reads the request, answers nothing
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('gives each call up after its tries fall silent, as unavailable', async () => {
    const { port } = silent.address() as net.AddressInfo;
    const store = createS3BlobStore({
      bucket: BUCKET,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      idleTimeoutMs: 200,
    });
    try {
      for (const call of [() => store.put('x', Buffer.from('x'), 'text/plain'), () => store.delete(['x']), () => store.list('')]) {
        const error = await call().then(() => undefined, (reason: unknown) => reason);
        expect(error).toBeInstanceOf(BlobStoreError);
        expect((error as BlobStoreError).kind).toBe('unavailable');
      }
      // The SDK tried each call again before giving up.
      expect(sockets.length).toBeGreaterThanOrEqual(6);
    } finally {
      await store.close();
    }
  }, 30_000);
});

/** A port nothing listens on: one the system just gave out and took back. */
async function closedPort(): Promise<number> {
  const listener = net.createServer();
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port } = listener.address() as net.AddressInfo;
  await new Promise((resolve) => listener.close(resolve));
  return port;
}

describe('the bucket origin of the Content-Security-Policy', () => {
  const aws = { bucket: 'listo-photos', endpoint: undefined, region: 'eu-west-3', accessKeyId: 'key', secretAccessKey: 'secret' };
  const signedOrigin = async (forcePathStyle: boolean) => {
    const store = createS3BlobStore({ ...aws, forcePathStyle });
    const origin = new URL(await store.signedUrl('k', new Date(Date.now() + HOUR_MS))).origin;
    await store.close();
    return origin;
  };

  it("is the bucket's own host on AWS, or the regional host with path-style addressing, as the SDK signs", async () => {
    for (const forcePathStyle of [false, true]) {
      const origin = await signedOrigin(forcePathStyle);
      expect(imageSources({ driver: 's3', quotaBytes: 0, s3: { ...aws, forcePathStyle } })).toContain(origin);
    }
    expect(await signedOrigin(false)).toBe('https://listo-photos.s3.eu-west-3.amazonaws.com');
  });
});
