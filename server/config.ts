import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { STORE_TRIP_GAP_MS } from '../common/store-order.ts';
import { AlexaEnv, alexaConfig, requireCompleteAlexaClient, type AlexaConfig } from './alexa/alexa.config.ts';
import { AiEnv, aiConfig, type AiConfig } from './ai/ai.config.ts';
import { refuseSetting } from './config-error.ts';
import { StorageEnv, storageConfig, type StorageConfig } from './images/storage.config.ts';
import { isLoopbackHost } from './http/trustworthy-origin.ts';
import { OAuthAppsEnv, oauthAppsConfig, type OAuthAppsConfig } from './oauth/oauth-apps.config.ts';
import { PushEnv, pushConfig, requireBothVapidKeys, type PushConfig } from './push/push.config.ts';
import { oidcConfig, type OidcConfig } from './oidc/oidc.config.ts';
import { SECRET_MIN_LENGTH } from './secret.ts';

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
  // A trip's check-offs follow each other by less than this (docs/decisions/052-trips-and-store-order.md).
  STORE_TRIP_GAP_SECONDS: z.coerce.number().int().min(1).max(24 * 60 * 60).default(STORE_TRIP_GAP_MS / 1000),
  // Accounts (by proven e-mail address) that administer this server.
  ADMIN_EMAILS: z
    .string()
    .transform((value) => value.split(',').map((email) => email.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.email({ error: 'must be a comma-separated list of e-mail addresses' })))
    .default([]),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ...AlexaEnv,
  ...OAuthAppsEnv,
  ...AiEnv,
  ...StorageEnv,
  ...PushEnv,
})
  .superRefine(requireCompleteAlexaClient)
  .superRefine(requireBothVapidKeys);

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
  /** Account linking and the skill endpoint of the voice assistant (docs/decisions/011). */
  alexa: AlexaConfig;
  /** Which AI provider answers the AI calls (server/ai/create-provider.ts). */
  ai: AiConfig;
  /** AI calls per user a minute; 0 turns the limit off. */
  rateLimitAi: number;
  /** Accounts (by proven e-mail address) that may turn AI on and off for users. */
  adminEmails: string[];
  storage: StorageConfig;
  /** Notifications (server/push/). */
  push: PushConfig;
  /** Sign-in with identity providers, and whether passwords sign in too. */
  oidc: OidcConfig;
  /** A check-off this long after the person's last one starts a new trip (the learned store order). */
  storeTripGapMs: number;
  /** Apps connecting by OAuth (server/oauth/). */
  oauthApps: OAuthAppsConfig;
}

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
 * A line for the start-up message without SMTP_URL: mails only reach the log, which a household
 * must know for its invitations (the Share dialog's invitation links, decision 047) and its
 * password resets (read the link from this log).
 */
export function mailNote(config: Pick<Config, 'smtpUrl'>): string | undefined {
  if (config.smtpUrl) return undefined;
  return (
    '  mail: no SMTP_URL, so mails are written to this log instead of sent. Invitations: the Share dialog' +
    ' gives an invitation link to pass on by hand. Password resets and address confirmations: the link is in this log.'
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
    refuseSetting(String(issue.path[0]), issue.message);
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
    ai: aiConfig(e),
    rateLimitAi: e.RATE_LIMIT_AI,
    adminEmails: e.ADMIN_EMAILS,
    storage: storageConfig(e),
    push: pushConfig(e),
    oidc: oidcConfig(present, refuseSetting),
    storeTripGapMs: e.STORE_TRIP_GAP_SECONDS * 1000,
    oauthApps: oauthAppsConfig(e),
  };
}
