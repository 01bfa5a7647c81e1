import { z } from 'zod';
import { SERVER_MESSAGES } from '../messages.ts';

/** The envelope of every error answer: `{"error":{"code","message"}}`. */
export const ApiErrorBody = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** GET /health and GET /ready: nothing about the deployment, only that it answers. */
export const HealthView = z.object({ status: z.literal('ok') });
export type HealthView = z.infer<typeof HealthView>;

/** An id in a request's path: taken in lower case, as every id is stored (ClientId below). */
export const PathId = z
  .string()
  .min(1)
  .max(100)
  .transform((id) => id.toLowerCase());

/** The two UUIDs that stand for "no id" rather than naming anything. */
const RESERVED_UUIDS = new Set(['00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff']);

/**
 * An id the client made for what it creates (decision 008): a UUID, taken in lower case as the
 * server writes its own, so that one UUID spelt in two cases cannot name two rows; never the nil
 * or the max UUID.
 */
export const ClientId = z
  .uuid({ error: SERVER_MESSAGES.invalidClientId })
  .transform((id) => id.toLowerCase())
  .refine((id) => !RESERVED_UUIDS.has(id), { error: SERVER_MESSAGES.invalidClientId });

/**
 * The name a change started from, as the client last saw it: compared exactly with the stored one,
 * so it is neither trimmed nor checked like a new name (a name made under older rules still fits).
 */
export const ExpectedName = (maxLength: number) =>
  z.string({ error: SERVER_MESSAGES.expectedNameInvalid }).max(maxLength, { error: SERVER_MESSAGES.expectedNameInvalid });
