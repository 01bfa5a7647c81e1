import { z } from 'zod';
import { SERVER_MESSAGES } from '../messages.ts';

/**
 * The envelope of every error answer: `{"error":{"code","message"}}`. One component of the
 * OpenAPI document (`ApiError`), which every route's 4XX and 5XX answers name.
 */
export const ApiErrorBody = z
  .object({
    error: z.object({
      code: z.string().meta({ description: 'Stable, for programs (e.g. `not_found`, `invalid_input`); docs/api.md, "Errors".' }),
      message: z.string().meta({ description: 'For people: shown as it is.' }),
    }),
  })
  .meta({ id: 'ApiError', description: 'An error, in the one envelope of every error answer (docs/api.md, "Errors").' });
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** An answer without a body (204, and redirects, whose target is the Location header). */
export const NoBody = z.undefined();

/** The answer of a route that redirects (its `Location` header names where). */
export const Redirect = NoBody.meta({ description: 'A redirect: the Location header names where.' });

/** GET /openapi.json: the OpenAPI 3.1 document of the API, made from these schemas. */
export const OpenApiDocumentView = z.record(z.string(), z.unknown()).meta({ description: 'An OpenAPI 3.1 document.' });

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
