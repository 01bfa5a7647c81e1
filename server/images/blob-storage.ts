import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { IMAGE_MESSAGES } from '../../common/images.ts';
import type { S3Config, StorageConfig } from './storage.config.ts';
import { DomainError } from '../domain/errors.ts';
import { BlobStoreError, type BlobStore } from './blob-store.ts';
import type { LocalBlobStore } from './local-blob-store.ts';
import type { MediaUrls } from './media-urls.ts';

/**
 * The store chosen once from config (`STORAGE`). The local folder's files are streamed by Listo's
 * media route itself; an S3 bucket's are fetched by the browser from the bucket, through a
 * presigned URL the media route redirects to. Either way clients only ever see Listo's own
 * signed URLs in items.
 */
export type BlobStorage = { kind: 'local'; store: LocalBlobStore } | { kind: 's3'; store: BlobStore };

/** The drivers, given by server/app.ts so that this module imports none of them. */
export interface BlobDrivers {
  local: (options: { dir: string; signedUrl: (key: string, expiresAt: Date) => string }) => LocalBlobStore;
  /** server/images/s3-blob-store.ts's `createS3BlobStore`. */
  s3: (config: S3Config) => BlobStore;
}

/** Where the local store keeps its files. */
export const BLOBS_DIR = 'blobs';

export function createBlobStorage(
  config: { dataDir: string; storage: StorageConfig },
  drivers: BlobDrivers,
  urls: MediaUrls,
): BlobStorage {
  const { storage } = config;
  if (storage.driver === 'local') {
    return { kind: 'local', store: drivers.local({ dir: path.join(config.dataDir, BLOBS_DIR), signedUrl: urls.urlUntil }) };
  }
  return { kind: 's3', store: drivers.s3(storage.s3) };
}

/**
 * Where browsers load pictures from, for the Content-Security-Policy's `img-src`: Listo itself,
 * and with S3 the bucket its media URLs redirect to (a CSP checks every hop of a redirect).
 * The bucket's origin is the one the AWS SDK addresses: the bucket as a host name, unless
 * `forcePathStyle` puts it in the path.
 */
export function imageSources(storage: StorageConfig): string[] {
  if (storage.driver === 'local') return ["'self'", 'data:'];
  return ["'self'", 'data:', bucketOrigin(storage.s3)];
}

function bucketOrigin(s3: S3Config): string {
  const endpoint = new URL(s3.endpoint ?? `https://s3.${s3.region}.amazonaws.com`);
  return s3.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${s3.bucket}.${endpoint.host}`;
}

/**
 * A store's failure as the client's error: the store unreachable, refusing Listo's own
 * credentials, or without its bucket is the server's problem, 503, logged; never 401 or 403, which
 * would tell the client that its own session or rights are at fault, nor 404, which would tell it
 * that the picture is gone (a missing object is not a store failure: the callers answer it).
 */
export function storeFailure(error: unknown, log: Pick<FastifyBaseLogger, 'error'>): Error {
  if (!(error instanceof BlobStoreError)) return error as Error;
  log.error({ err: error }, 'the image store failed');
  return new DomainError('unavailable', 'storage_unavailable', IMAGE_MESSAGES.storageUnavailable);
}
