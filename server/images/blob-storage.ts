import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { IMAGE_MESSAGES } from '../../common/images.ts';
import { ConfigError, type Config, type S3Config } from '../config.ts';
import { AppError, notFound } from '../http/errors.ts';
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
  /** server/images/s3-blob-store.ts's `createS3BlobStore`; absent until that driver is built. */
  s3?: (config: S3Config) => BlobStore;
}

/** Where the local store keeps its files. */
export const BLOBS_DIR = 'blobs';

export function createBlobStorage(
  config: Pick<Config, 'dataDir' | 'storage'>,
  drivers: BlobDrivers,
  urls: MediaUrls,
): BlobStorage {
  const { storage } = config;
  if (storage.driver === 'local') {
    return { kind: 'local', store: drivers.local({ dir: path.join(config.dataDir, BLOBS_DIR), signedUrl: urls.urlUntil }) };
  }
  if (!drivers.s3) throw new ConfigError('Invalid STORAGE: s3 is not available in this build yet');
  return { kind: 's3', store: drivers.s3(storage.s3) };
}

/**
 * A store's failure as the client's error: a missing object is 404; anything else (the store
 * unreachable, or refusing Listo's own credentials) is the server's problem, 503, logged, and
 * never 401 or 403, which would tell the client that its own session or rights are at fault.
 */
export function storeFailure(error: unknown, log: Pick<FastifyBaseLogger, 'error'>): Error {
  if (!(error instanceof BlobStoreError)) return error as Error;
  if (error.kind === 'not_found') return notFound(IMAGE_MESSAGES.mediaMissing);
  log.error({ err: error }, 'the image store failed');
  return new AppError(503, 'storage_unavailable', IMAGE_MESSAGES.storageUnavailable);
}
