import { describe, expect, it, vi } from 'vitest';
import { IMAGE_MESSAGES } from '../../common/images.ts';
import type { S3Config } from './storage.config.ts';
import { DomainError } from '../domain/errors.ts';
import { statusOf } from '../http/error-status.ts';
import { BlobStoreError, type BlobStoreErrorKind } from './blob-store.ts';
import { imageSources, storeFailure } from './blob-storage.ts';

const s3 = (overrides: Partial<S3Config> = {}): S3Config => ({
  bucket: 'photos',
  endpoint: undefined,
  region: 'eu-west-1',
  accessKeyId: undefined,
  secretAccessKey: undefined,
  forcePathStyle: false,
  ...overrides,
});

describe('imageSources (the CSP img-src)', () => {
  it('is Listo itself (and data: URLs of pictures not yet uploaded) with local storage', () => {
    expect(imageSources({ driver: 'local', quotaBytes: 0 })).toEqual(["'self'", 'data:']);
  });

  it.each<[string, Partial<S3Config>, string]>([
    ['AWS', {}, 'https://photos.s3.eu-west-1.amazonaws.com'],
    ['AWS, path style', { forcePathStyle: true }, 'https://s3.eu-west-1.amazonaws.com'],
    ['a self-hosted store, path style', { endpoint: 'http://127.0.0.1:8080/', forcePathStyle: true }, 'http://127.0.0.1:8080'],
    ['a self-hosted store, bucket in the host', { endpoint: 'https://s3.example.org' }, 'https://photos.s3.example.org'],
  ])('adds the bucket the media URLs redirect to: %s', (_what, overrides, origin) => {
    expect(imageSources({ driver: 's3', quotaBytes: 0, s3: s3(overrides) })).toEqual(["'self'", 'data:', origin]);
  });
});

describe('storeFailure', () => {
  it.each<BlobStoreErrorKind>(['not_found', 'unauthenticated', 'forbidden', 'unavailable'])(
    'answers a store that fails with %s as 503 storage_unavailable, and logs why (a missing bucket is not a missing picture)',
    (kind) => {
      const log = { error: vi.fn() };
      const cause = new BlobStoreError(kind, 'S3 put images/x failed: NoSuchBucket (404)');
      const error = storeFailure(cause, log);
      expect(error).toBeInstanceOf(DomainError);
      expect(error instanceof DomainError && statusOf(error)).toBe(503);
      expect(error).toMatchObject({ code: 'storage_unavailable', message: IMAGE_MESSAGES.storageUnavailable });
      expect(log.error).toHaveBeenCalledWith({ err: cause }, 'the image store failed');
    },
  );
});
