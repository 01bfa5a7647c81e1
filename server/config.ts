import path from 'node:path';
import { z } from 'zod';

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
  TRUST_PROXY: z.stringbool().default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (for rate limits). */
  trustProxy: boolean;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
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
  };
}
