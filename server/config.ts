import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { AlexaEnv, alexaConfig, requireCompleteAlexaClient, type AlexaConfig } from './alexa/alexa.config.ts';
import { AI_DEFAULT_TIMEOUT_MS, GEMINI_DEFAULT_MODELS, type AiConfig } from './ai/create-provider.ts';
import { isLoopbackHost } from './http/trustworthy-origin.ts';

/** The shortest secret key taken, from LISTO_SECRET or the data folder's secret.key (server/secret.ts). */
export const SECRET_MIN_LENGTH = 32;

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

/** The AI settings (issue 10; README, "Configuration"). */
const AiEnv = z.object({
  AI_PROVIDER: z.enum(['gemini', 'openai', 'offline', 'none']).optional(),
  GEMINI_API_KEY: z.string().optional(),
  GEMINI_BASE_URL: z.url().optional(),
  GEMINI_MODEL_STANDARD: z.string().default(GEMINI_DEFAULT_MODELS.standard),
  GEMINI_MODEL_EXPENSIVE: z.string().default(GEMINI_DEFAULT_MODELS.expensive),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_MODEL: z.string().optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1).default(AI_DEFAULT_TIMEOUT_MS),
  RATE_LIMIT_AI: z.coerce.number().int().min(0).default(30),
  ADMIN_EMAILS: z
    .string()
    .transform((value) => value.split(',').map((email) => email.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.email({ error: 'must be a comma-separated list of e-mail addresses' })))
    .default([]),
});

/**
 * The provider: AI_PROVIDER, or Gemini with a Gemini key, an OpenAI-compatible server with its
 * URL or key, and the offline assistant with neither. A cloud provider without what it needs is
 * refused at start, naming the variable.
 */
function aiConfigOf(e: z.infer<typeof AiEnv>): AiConfig {
  const provider = e.AI_PROVIDER ?? (e.GEMINI_API_KEY ? 'gemini' : e.OPENAI_BASE_URL || e.OPENAI_API_KEY ? 'openai' : 'offline');
  const timeoutMs = e.AI_TIMEOUT_MS;
  switch (provider) {
    case 'gemini':
      if (!e.GEMINI_API_KEY) throw new ConfigError('Invalid GEMINI_API_KEY: required when AI_PROVIDER is gemini');
      return {
        provider,
        apiKey: e.GEMINI_API_KEY,
        baseUrl: e.GEMINI_BASE_URL,
        models: { standard: e.GEMINI_MODEL_STANDARD, expensive: e.GEMINI_MODEL_EXPENSIVE },
        timeoutMs,
      };
    case 'openai':
      if (!e.OPENAI_MODEL) {
        throw new ConfigError('Invalid OPENAI_MODEL: required for an OpenAI-compatible server (the model it serves, e.g. llama3.2)');
      }
      return { provider, baseUrl: e.OPENAI_BASE_URL, apiKey: e.OPENAI_API_KEY, model: e.OPENAI_MODEL, timeoutMs };
    default:
      return { provider };
  }
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
      endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
    },
  };
}

/**
 * The address browsers reach Listo at. The app is served from "/", so the links in mails and the
 * share link work only from the root of a host: a path (a proxy's /listo/) would make every one of
 * them, and the app itself, miss.
 */
const PublicUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// address, like https://listo.example.com' })
  .refine(
    (value) => {
      const url = URL.canParse(value) ? new URL(value) : undefined;
      return url !== undefined && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    },
    { error: 'must be the root of a host, like https://listo.example.com: Listo cannot be served under a path' },
  );

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
  PUBLIC_URL: PublicUrl.optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, { error: 'must start with smtp:// or smtps://' }).optional(),
  MAIL_FROM: z.string().min(3).default('Listo <listo@localhost>'),
  AI_DEFAULT_ENABLED: z.stringbool().default(true),
  RATE_LIMIT_AUTH: z.coerce.number().int().min(0).default(20),
  LISTO_SECRET: z.string().min(SECRET_MIN_LENGTH, { error: `must be at least ${SECRET_MIN_LENGTH} characters` }).optional(),
  TRUST_PROXY: TrustProxyEnv.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ...AlexaEnv,
  ...AiEnv.shape,
  ...StorageEnv.shape,
}).superRefine(requireCompleteAlexaClient);

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
  /** Account linking and the skill endpoint of the voice assistant (issue 11). */
  alexa: AlexaConfig;
  /** Which AI provider answers the AI calls (server/ai/create-provider.ts). */
  ai: AiConfig;
  /** AI calls per user a minute; 0 turns the limit off. */
  rateLimitAi: number;
  /** Accounts (by proven e-mail address) that may turn AI on and off for users. */
  adminEmails: string[];
  storage: StorageConfig;
}

export class ConfigError extends Error {}

/**
 * A line for the start-up message when other devices can reach Listo (HOST is not loopback) but
 * PUBLIC_URL still names this machine's loopback: the links in mails would open nothing for them.
 */
export function publicUrlNote(config: Pick<Config, 'host' | 'port' | 'publicUrl'>): string | undefined {
  if (isLoopbackHost(config.host) || !isLoopbackHost(new URL(config.publicUrl).hostname)) return undefined;
  return (
    `  note: links in mails point to ${config.publicUrl}, which other devices cannot open;` +
    ` set PUBLIC_URL to the address they use, e.g. PUBLIC_URL=http://192.168.1.20:${config.port}`
  );
}

/**
 * A line for the start-up message when this process shares a PostgreSQL database but not a set
 * secret: every process there must use one key, or each refuses the others' sessions, and behind a
 * balancer users are signed out at random. The key in the data folder is shared only by processes
 * that share the folder.
 */
export function sharedSecretNote(config: Pick<Config, 'databaseUrl' | 'secret' | 'dataDir'>): string | undefined {
  if (!config.databaseUrl || config.secret) return undefined;
  return (
    `  note: LISTO_SECRET is not set, so this process signs sessions with ${path.join(config.dataDir, 'secret.key')};` +
    ' every process on this database must use the same key: set LISTO_SECRET to one value for all (docs/deploy.md)'
  );
}

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
    alexa: alexaConfig(e),
    ai: aiConfigOf(e),
    rateLimitAi: e.RATE_LIMIT_AI,
    adminEmails: e.ADMIN_EMAILS,
    storage: storageConfig(e),
  };
}
