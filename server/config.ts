import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * Which peers may name the client in X-Forwarded-For (the address rate limits count): `false`,
 * none (the client is the socket's peer); a number, that many proxies nearest to us; a list, peers
 * at these IP addresses or CIDR ranges.
 */
export type TrustProxy = false | number | string[];

// The spellings z.stringbool() took before TRUST_PROXY took hop counts and addresses, so an
// existing `TRUST_PROXY=off` still starts, and an existing `TRUST_PROXY=yes` is refused like `true`.
const TRUST_NOBODY = new Set(['false', '0', 'no', 'off', 'n', 'disabled']);
const TRUST_EVERYBODY = new Set(['true', 'yes', 'on', 'y', 'enabled']);
const TRUST_PROXY_HELP =
  'give the number of proxies in front of Listo (e.g. 1) or their addresses (e.g. 127.0.0.1,10.0.0.0/8)';

/** An IPv4 or IPv6 address, or one with a prefix length (proxy-addr refuses /0, which trusts everybody). */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (version === 4 ? 32 : 128);
}

const TrustProxyEnv = z
  .string()
  .trim()
  .transform((value, ctx): TrustProxy => {
    const refuse = (message: string) => {
      ctx.addIssue({ code: 'custom', message: `${message}; ${TRUST_PROXY_HELP}` });
      return z.NEVER;
    };
    const lower = value.toLowerCase();
    if (TRUST_NOBODY.has(lower)) return false;
    if (TRUST_EVERYBODY.has(lower)) return refuse(`"${value}" would trust any X-Forwarded-For, which every client can forge`);
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (!Number.isSafeInteger(hops)) return refuse(`"${value}" is too large`);
      return hops === 0 ? false : hops;
    }
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.find((entry) => !isAddressOrRange(entry));
    return bad === undefined ? entries : refuse(`"${bad}" is not an IP address or CIDR range`);
  });

/**
 * Fastify's `trustProxy` for a TrustProxy. Fastify 5.12.8 trusts nobody when given a bare hop count
 * (it cannot check the socket's peer), so a count becomes the trust function it used to mean: the
 * nearest N hops, whoever they are; that is safe only when nothing but the proxies can reach Listo.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

// ---- Image storage (issue 9): where photos live, and how much each user may keep -----------

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

const StorageEnv = z.object({
  STORAGE: z.enum(['local', 's3']).default('local'),
  STORAGE_QUOTA_MB: z.coerce.number().int().min(0).max(1_000_000_000).default(1024),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.stringbool().default(false),
});

function storageConfig(e: z.infer<typeof StorageEnv>): StorageConfig {
  const refuse = (name: string, message: string) => {
    throw new ConfigError(`Invalid ${name}: ${message}`);
  };
  if (e.STORAGE === 's3' && !e.S3_BUCKET) refuse('S3_BUCKET', 'required when STORAGE=s3');
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    refuse(e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID', 'set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together');
  }
  const quotaBytes = e.STORAGE_QUOTA_MB * 1024 * 1024;
  if (e.STORAGE === 'local') return { driver: 'local', quotaBytes };
  return {
    driver: 's3',
    quotaBytes,
    s3: {
      bucket: e.S3_BUCKET!,
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    },
  };
}

/**
 * Every environment variable Listo reads, parsed and validated in one place. README.md lists
 * them; a bad value stops the start with one line naming the variable.
 */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })
    .optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, { error: 'must start with smtp:// or smtps://' }).optional(),
  MAIL_FROM: z.string().min(3).default('Listo <listo@localhost>'),
  AI_DEFAULT_ENABLED: z.stringbool().default(true),
  RATE_LIMIT_AUTH: z.coerce.number().int().min(0).default(20),
  LISTO_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  TRUST_PROXY: TrustProxyEnv.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ...StorageEnv.shape,
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Origin used in links we send by mail (reset, invitations). */
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  aiDefaultEnabled: boolean;
  /** Attempts per minute per address on register, login and reset; 0 turns the limit off. */
  rateLimitAuth: number;
  secret: string | undefined;
  /** Behind reverse proxies: who may name the client in X-Forwarded-For (for rate limits). */
  trustProxy: TrustProxy;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  storage: StorageConfig;
}

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError whose message names the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most shells' `VAR= npm start`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = Env.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    aiDefaultEnabled: e.AI_DEFAULT_ENABLED,
    rateLimitAuth: e.RATE_LIMIT_AUTH,
    secret: e.LISTO_SECRET,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    storage: storageConfig(e),
  };
}
