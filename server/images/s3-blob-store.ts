import { createHash } from 'node:crypto';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from './storage.config.ts';
import { BlobStoreError, type BlobStore, type BlobStoreErrorKind } from './blob-store.ts';

/**
 * The S3-compatible store (`STORAGE=s3`): any service speaking S3 with SigV4 (AWS, MinIO, Ceph,
 * Swift, R2...), configured by the `S3_*` variables (server/config.ts). `batchSize`: keys per
 * ListObjectsV2 page and per DeleteObjects call; S3's maximum for both by default.
 */
export type S3BlobStoreOptions = S3Config & {
  batchSize?: number;
  /** How long the store may stay silent on a connection before the try is given up (IDLE_TIMEOUT_MS). */
  idleTimeoutMs?: number;
};

/** S3's limit on keys per DeleteObjects call and per ListObjectsV2 page. */
const S3_MAX_BATCH = 1000;
/** SigV4 presigned URLs live at most 7 days. */
const PRESIGN_MAX_SECONDS = 7 * 24 * 60 * 60;
/**
 * Keys never change content (blob-store.ts), so a browser may keep a variant as long as it likes;
 * `private` keeps shared caches (proxies, CDNs) from serving it to people who may not read it.
 */
export const BLOB_CACHE_CONTROL = 'private, max-age=31536000, immutable';
// Without timeouts a silent store would hold an upload forever. The SDK makes 3 tries, each cut
// after this long without a byte either way, so a silent store is answered 503 within about 45 s,
// before the 60 s a proxy in front of Listo commonly waits. An idle timeout, not the SDK's
// `requestTimeout`: that one only logs unless told to throw, and would also cut a slow upload
// that is still moving.
const CONNECTION_TIMEOUT_MS = 5_000;
const IDLE_TIMEOUT_MS = 15_000;

/** An S3 bucket behind the BlobStore interface. The bucket must exist (docs/deploy.md). */
export function createS3BlobStore(options: S3BlobStoreOptions): BlobStore {
  const { bucket } = options;
  const batchSize = options.batchSize ?? S3_MAX_BATCH;
  const client = createClient(options);

  return {
    async put(key, body, contentType) {
      const command = new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType, CacheControl: BLOB_CACHE_CONTROL });
      await send(`put ${key}`, () => client.send(command));
    },

    async read(key) {
      const answer = await send(`get ${key}`, () => client.send(new GetObjectCommand({ Bucket: bucket, Key: key })));
      if (!answer.Body) throw new BlobStoreError('not_found', `S3 answered no body for ${key}`);
      return Buffer.from(await answer.Body.transformToByteArray());
    },

    async delete(keys) {
      for (let start = 0; start < keys.length; start += batchSize) {
        const batch = keys.slice(start, start + batchSize);
        const command = withContentMd5(
          new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
        );
        const result = await send(`delete ${batch.length} keys`, () => client.send(command));
        // A key already gone is no error (S3 reports it deleted); anything listed here was refused.
        const refused = result.Errors?.[0];
        if (refused) {
          throw new BlobStoreError(
            refused.Code === 'AccessDenied' ? 'forbidden' : 'unavailable',
            `S3 refused to delete ${refused.Key}: ${refused.Code} ${refused.Message ?? ''}`.trim(),
          );
        }
      }
    },

    signedUrl: (key, expiresAt) => presignGet(client, bucket, key, expiresAt),

    async list(prefix) {
      const keys: string[] = [];
      await send(`list ${prefix}`, async () => {
        for await (const page of paginateListObjectsV2({ client, pageSize: batchSize }, { Bucket: bucket, Prefix: prefix })) {
          for (const object of page.Contents ?? []) if (object.Key !== undefined) keys.push(object.Key);
        }
      });
      return keys;
    },

    async close() {
      client.destroy();
    },
  };
}

function createClient(options: S3BlobStoreOptions): S3Client {
  return new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    // Without keys the SDK finds its own (environment, instance role).
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    // By default the SDK adds CRC checksums to every upload (a stream goes aws-chunked with a
    // trailer, which Swift answers 501; Backblaze B2 and others refuse the checksum headers) and
    // asks for checksums in every GET, presigned URLs included.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, socketTimeout: options.idleTimeoutMs ?? IDLE_TIMEOUT_MS },
  });
}

/**
 * A presigned GET valid until `expiresAt`. Signed as if at a moment fixed by the expiry (7 days
 * before it), so the same key and expiry give the same URL, which browsers can cache; the caller
 * rounds expiries to make them repeat.
 */
async function presignGet(client: S3Client, bucket: string, key: string, expiresAt: Date): Promise<string> {
  const expiresAtSecond = Math.floor(expiresAt.getTime() / 1000) * 1000;
  const signingDate = new Date(expiresAtSecond - PRESIGN_MAX_SECONDS * 1000);
  if (signingDate.getTime() > Date.now()) {
    throw new RangeError(`An S3 presigned URL lives at most ${PRESIGN_MAX_SECONDS} s; ${expiresAt.toISOString()} is too far`);
  }
  return getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), { signingDate, expiresIn: PRESIGN_MAX_SECONDS });
}

/**
 * S3 wants a checksum of a DeleteObjects body. The SDK now sends only a CRC32 header, which AWS
 * accepts and Swift refuses (400, "Missing required header ... Content-MD5"); AWS accepts both.
 */
function withContentMd5(command: DeleteObjectsCommand): DeleteObjectsCommand {
  command.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { body?: unknown; headers?: Record<string, string> };
      if (typeof request.body === 'string' && request.headers) {
        request.headers['content-md5'] = createHash('md5').update(request.body).digest('base64');
      }
      return next(args);
    },
    { step: 'build', name: 'listoContentMd5' },
  );
  return command;
}

/** Runs one S3 call; any failure becomes a BlobStoreError the API answers (docs/api.md, "Images"). */
async function send<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const kind = errorKind(error);
    const detail =
      error instanceof S3ServiceException ? `${error.name} (${error.$metadata.httpStatusCode ?? 'no status'}): ${error.message}` : String(error);
    throw new BlobStoreError(kind, `S3 ${what} failed: ${detail}`, { cause: error });
  }
}

/** The credentials themselves are wrong or stale, as opposed to right but not allowed. */
const UNAUTHENTICATED_CODES = new Set(['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'ExpiredToken', 'InvalidToken', 'TokenRefreshRequired']);
const NOT_FOUND_CODES = new Set(['NoSuchBucket', 'NoSuchKey', 'NotFound']);

function errorKind(error: unknown): BlobStoreErrorKind {
  // Anything that is not an answer from the service (refused connection, timeout) means unavailable.
  if (!(error instanceof S3ServiceException)) return 'unavailable';
  const status = error.$metadata.httpStatusCode;
  if (UNAUTHENTICATED_CODES.has(error.name) || status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (NOT_FOUND_CODES.has(error.name) || status === 404) return 'not_found';
  return 'unavailable';
}
