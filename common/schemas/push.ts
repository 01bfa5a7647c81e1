import { z } from 'zod';
import { PUSH_AUTH_BYTES, PUSH_ENDPOINT_MAX_LENGTH, PUSH_MESSAGES, PUSH_P256DH_BYTES } from '../push.ts';

/** Payloads of the notification calls (docs/api.md, "Notifications"). */

/** The byte length of a base64url text (no padding), or -1 when it is not base64url. */
function base64UrlBytes(text: string): number {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return -1;
  return Math.floor((text.length * 3) / 4);
}

const key = (bytes: number, message: string) =>
  z.string({ error: message }).max(bytes * 2, { error: message }).refine((text) => base64UrlBytes(text) === bytes, { error: message });

/**
 * A browser's PushSubscription as `toJSON()` gives it. Only https:// endpoints; which addresses
 * they may name is the server's rule (docs/security.md, "Push endpoints").
 */
export const PushSubscriptionBody = z.object({
  endpoint: z
    .string({ error: PUSH_MESSAGES.endpointInvalid })
    .max(PUSH_ENDPOINT_MAX_LENGTH, { error: PUSH_MESSAGES.endpointTooLong })
    .refine((value) => URL.canParse(value) && new URL(value).protocol === 'https:', { error: PUSH_MESSAGES.endpointInvalid }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: key(PUSH_P256DH_BYTES, PUSH_MESSAGES.keyP256dhInvalid),
    auth: key(PUSH_AUTH_BYTES, PUSH_MESSAGES.keyAuthInvalid),
  }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

/** GET /push: the key a browser subscribes with, and whether this device (session) is subscribed. */
export const PushStatusView = z.object({ public_key: z.string(), subscribed: z.boolean() });
export type PushStatusView = z.infer<typeof PushStatusView>;

/** A list's notifications for the caller: muted or not (all of their devices). */
export const ListNotificationsBody = z.strictObject({ muted: z.boolean() });
export type ListNotificationsBody = z.infer<typeof ListNotificationsBody>;
export const ListNotificationsView = z.object({ muted: z.boolean() });
export type ListNotificationsView = z.infer<typeof ListNotificationsView>;

/** "I'm going shopping": how many other members' devices were sent the ping. */
export const GoingShoppingView = z.object({ devices: z.number().int() });
export type GoingShoppingView = z.infer<typeof GoingShoppingView>;
