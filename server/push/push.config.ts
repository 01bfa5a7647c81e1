import { z } from 'zod';
import { PUSH_WINDOW_MS } from '../../common/push.ts';

/** Notifications, as configured (docs/deploy.md, "Notifications"). */
export interface PushConfig {
  /** The VAPID key pair from the environment; unset, the data folder's vapid.json (server/push/vapid.ts). */
  vapid: { publicKey: string; privateKey: string } | undefined;
  /** Who runs this server, for push services that need to reach them: mailto: or https:. */
  subject: string | undefined;
  /** Lets subscriptions name this machine's loopback addresses: for tests with a local push service only. */
  allowLoopback: boolean;
  /** How long item changes of a list are gathered into one message. */
  windowMs: number;
}

const Base64Url = z.string().regex(/^[A-Za-z0-9_-]+$/, { error: 'must be base64url, as `npx web-push generate-vapid-keys` prints it' });

/** The VAPID_* and PUSH_* variables, spread into config.ts's Env. */
export const PushEnv = {
  VAPID_PUBLIC_KEY: Base64Url.optional(),
  VAPID_PRIVATE_KEY: Base64Url.optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, { error: 'must be a mailto: address or an https:// URL' })
    .optional(),
  PUSH_ALLOW_LOOPBACK: z.stringbool().default(false),
  PUSH_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(PUSH_WINDOW_MS / 1000),
};

type PushEnvValues = z.infer<z.ZodObject<typeof PushEnv>>;

/** Both VAPID keys or neither: one alone is a mistake worth stopping for. */
export function requireBothVapidKeys(e: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string }, ctx: z.RefinementCtx): void {
  if (!e.VAPID_PUBLIC_KEY === !e.VAPID_PRIVATE_KEY) return;
  const missing = e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
  ctx.addIssue({ code: 'custom', path: [missing], message: 'set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together' });
}

export function pushConfig(e: PushEnvValues): PushConfig {
  return {
    vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
    subject: e.VAPID_SUBJECT,
    allowLoopback: e.PUSH_ALLOW_LOOPBACK,
    windowMs: e.PUSH_WINDOW_SECONDS * 1000,
  };
}

/** The VAPID subject when none is set: an https PUBLIC_URL, else MAIL_FROM's address. */
export function defaultSubject(publicUrl: string, mailFrom: string): string {
  const url = new URL(publicUrl);
  if (url.protocol === 'https:' && url.hostname !== 'localhost') return url.origin;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}
