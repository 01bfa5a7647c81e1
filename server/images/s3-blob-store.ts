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
import { z } from 'zod';
import { BlobStoreError, type BlobStore, type BlobStoreErrorKind } from './blob-store.ts';

/** The S3-compatible store (`STORAGE=s3`): any service speaking S3 with SigV4 (AWS, MinIO, Ceph, Swift, R2...). */
export interface S3BlobStoreOptions {
  bucket: string;
  /** The service's URL; unset for AWS itself, which the SDK finds from the region. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key`: what most self-hosted services need. */
  forcePathStyle: boolean;
  /** Keys per ListObjectsV2 page and per DeleteObjects call; S3's maximum for both by default. */
  batchSize?: number;
}

/** S3's limit on keys per DeleteObjects call and per ListObjectsV2 page. */
const S3_MAX_BATCH = 1000;
/** SigV4 presigned URLs live at most 7 days. */
const PRESIGN_MAX_SECONDS = 7 * 24 * 60 * 60;
/**
 * Keys never change content (blob-store.ts), so a browser may keep a variant as long as it likes;
 * `private` keeps shared caches (proxies, CDNs) from serving it to people who may not read it.
 */
export const BLOB_CACHE_CONTROL = 'private, max-age=31536000, immutable';
// Without timeouts a silent store would hold an upload forever; the SDK retries (3 tries) within them.
const CONNECTION_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;

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
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // By default the SDK adds CRC checksums to every upload (a stream goes aws-chunked with a
    // trailer, which Swift answers 501; Backblaze B2 and others refuse the checksum headers) and
    // asks for checksums in every GET, presigned URLs included.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
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
 * Where browsers fetch the images from (e.g. https://photos.s3.eu-west-3.amazonaws.com), for the
 * Content-Security-Policy's img-src: the origin of a URL the store would sign (nothing is sent).
 */
export async function s3UrlOrigin(options: S3BlobStoreOptions): Promise<string> {
  const client = createClient(options);
  try {
    return new URL(await presignGet(client, options.bucket, 'probe', new Date())).origin;
  } finally {
    client.destroy();
  }
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

/** Runs one S3 call; any failure becomes a BlobStoreError of the kind spec section 8 answers. */
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

/** The environment variables of the S3 store, as config.ts reads them (unset or '' = not given). */
export type S3Variables = Partial<
  Record<'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE', string>
>;

const REQUIRED_WITH_S3 = 'is required with STORAGE=s3';
const S3Env = z.object({
  // AWS's naming rules, which S3-compatible services share: 3-63 lowercase letters, digits, dots, hyphens.
  S3_BUCKET: z
    .string({ error: REQUIRED_WITH_S3 })
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'must be 3-63 lowercase letters, digits, dots or hyphens' }),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  // us-east-1 is what S3-compatible services answer to when they have no regions.
  S3_REGION: z.string().regex(/^[a-z0-9-]+$/, { error: 'must be a region name such as us-east-1' }).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string({ error: REQUIRED_WITH_S3 }),
  S3_SECRET_ACCESS_KEY: z.string({ error: REQUIRED_WITH_S3 }),
  S3_FORCE_PATH_STYLE: z.stringbool().optional(),
});

/**
 * The S3 store's options from its environment variables, or the message that names the first bad
 * one ("Invalid S3_BUCKET: ..."), for config.ts to throw as a ConfigError.
 */
export function s3OptionsFromEnv(variables: S3Variables): { ok: true; options: S3BlobStoreOptions } | { ok: false; message: string } {
  const given = Object.fromEntries(Object.entries(variables).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = S3Env.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, message: `Invalid ${String(issue.path[0])}: ${issue.message}` };
  }
  const env = parsed.data;
  return {
    ok: true,
    options: {
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT?.replace(/\/+$/, ''),
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      // A service at its own address rarely has the wildcard DNS bucket.host needs; AWS itself does.
      forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
    },
  };
}
