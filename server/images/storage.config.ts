import { z } from 'zod';
import { refuseSetting } from '../config-error.ts';

// Where photos live, and how much each user may keep (docs/deploy.md).

/** An S3-compatible bucket (AWS, MinIO, Swift's s3api, ...), for server/images/s3-blob-store.ts. */
export interface S3Config {
  bucket: string;
  /** Unset: AWS itself, for `region`. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the AWS SDK's own chain (environment, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `bucket` in the path instead of the host name, as most self-hosted stores need. */
  forcePathStyle: boolean;
}

/** `quotaBytes`: what one user's uploads may take, every variant counted; 0: no limit. */
export type StorageConfig = { quotaBytes: number } & ({ driver: 'local' } | { driver: 's3'; s3: S3Config });

/** The STORAGE* and S3_* variables, spread into config.ts's Env. */
export const StorageEnv = {
  STORAGE: z.enum(['local', 's3']).default('local'),
  STORAGE_QUOTA_MB: z.coerce.number().int().min(0).max(1_000_000_000).default(1024),
  // AWS's naming rules, which S3-compatible services share: 3-63 lowercase letters, digits, dots, hyphens.
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'must be 3-63 lowercase letters, digits, dots or hyphens' })
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  // us-east-1 is what S3-compatible services answer to when they have no regions.
  S3_REGION: z.string().regex(/^[a-z0-9-]+$/, { error: 'must be a region name such as us-east-1' }).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // Unset: path style with an endpoint of one's own (which rarely has the wildcard DNS that
  // bucket.host needs), the bucket's host name on AWS itself.
  S3_FORCE_PATH_STYLE: z.stringbool().optional(),
};

type StorageEnvValues = z.infer<z.ZodObject<typeof StorageEnv>>;

export function storageConfig(e: StorageEnvValues): StorageConfig {
  if (e.STORAGE === 's3' && !e.S3_BUCKET) refuseSetting('S3_BUCKET', 'required when STORAGE=s3');
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    refuseSetting(e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID', 'set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together');
  }
  const quotaBytes = e.STORAGE_QUOTA_MB * 1024 * 1024;
  if (e.STORAGE === 'local') return { driver: 'local', quotaBytes };
  return {
    driver: 's3',
    quotaBytes,
    s3: {
      bucket: e.S3_BUCKET!,
      endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
    },
  };
}
