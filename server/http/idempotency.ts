import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_REPLAYED_HEADER,
  IDEMPOTENCY_TTL_MS,
} from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import type { RunInTransaction } from '../db/group-commit.ts';
import type { DB } from '../db/schema.ts';
import { AppError, badRequest } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Whether the route honours Idempotency-Key. Default: yes on routes that need a signed-in
     * caller, no on public routes, whose answers carry fresh bearer tokens that must not be
     * kept in clear (sessions store only hashes).
     */
    idempotency?: boolean;
  }
  interface FastifyRequest {
    /** The key this request claimed; its answer is stored when it is sent. */
    idempotencyClaim?: { scope: string; key: string };
  }
}

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * A claim whose request never finished (the process died mid-request) blocks retries with 409
 * for this long, then a retry runs afresh. Far longer than any request takes.
 */
const ABANDONED_CLAIM_MS = 2 * 60 * 1000;
/** Answers that may differ on a retry (unauthenticated, timeout, rate limit) are not stored. */
const TRANSIENT_STATUSES = new Set([401, 408, 429]);

export interface IdempotencyDeps {
  db: Kysely<DB>;
  /** The database's write path: on SQLite the bookkeeping joins the group commit of the writes around it. */
  inTransaction: RunInTransaction;
  now: () => Date;
}

type StoredAnswer = { status: number; content_type: string | null; body: string | null };

/**
 * Safe retries for every mutating call in this scope (design brief, "Live subscriptions"): the
 * first answer to an `Idempotency-Key` is stored per caller with a fingerprint of the request; a
 * repeat within 24 hours gets that answer again, marked `Idempotent-Replayed: true`, and runs
 * nothing. The same key with another request is refused (422), a repeat while the first still runs
 * too (409). 5xx answers are not stored, so a retry after a server fault runs again.
 */
export function registerIdempotency(app: FastifyInstance, deps: IdempotencyDeps): void {
  const { db, inTransaction } = deps;

  // preValidation: the caller is known (onRequest) and the body parsed, but not yet validated,
  // so the fingerprint is of what the client sent and a 400 is stored like any other answer.
  app.addHook('preValidation', async (request, reply) => {
    const key = idempotencyKeyOf(request);
    if (key === undefined) return;
    const scope = request.actor?.user.id ?? '';
    const now = deps.now();
    const fingerprint = fingerprintOf(request);
    const stored = await claim(db, inTransaction, { scope, key, fingerprint, now });
    if (stored === 'claimed') {
      request.idempotencyClaim = { scope, key };
      return;
    }
    if (stored.fingerprint !== fingerprint) {
      throw new AppError(422, 'idempotency_key_reused', SERVER_MESSAGES.idempotencyKeyReused);
    }
    if (stored.status === null) {
      throw new AppError(409, 'request_in_progress', SERVER_MESSAGES.idempotencyInProgress);
    }
    return replay(reply, { ...stored, status: stored.status });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claimed = request.idempotencyClaim;
    if (!claimed) return payload;
    request.idempotencyClaim = undefined;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload;
    try {
      if (isStorable(reply.statusCode) && (body === undefined || body === null || typeof body === 'string')) {
        const contentType = reply.getHeader('content-type');
        const answer = { status: reply.statusCode, content_type: typeof contentType === 'string' ? contentType : null, body: body ?? null };
        await inTransaction((trx) =>
          trx.updateTable('idempotency_keys').set(answer).where('scope', '=', claimed.scope).where('key', '=', claimed.key).execute(),
        );
      } else {
        await release(inTransaction, claimed);
      }
    } catch (error) {
      // The change itself is done; failing to remember the answer must not turn it into a 500.
      request.log.error({ err: error }, 'could not store the answer of an idempotent request');
    }
    return payload;
  });

  // A request that never got to onSend (e.g. a hijacked reply) must not block its retries.
  app.addHook('onResponse', async (request) => {
    const claimed = request.idempotencyClaim;
    if (!claimed) return;
    request.idempotencyClaim = undefined;
    await release(inTransaction, claimed);
  });
}

/** The request's key when this route honours one; 400 for a key of the wrong length. */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  if (!MUTATING_METHODS.has(request.method) || !request.routeOptions.url) return undefined;
  const header = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (header === undefined) return undefined;
  const { config } = request.routeOptions;
  if (!(config.idempotency ?? !config.public)) return undefined;
  const key = Array.isArray(header) ? header.join(', ') : header;
  if (key.length < 1 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw badRequest(SERVER_MESSAGES.idempotencyKeyInvalid, 'invalid_idempotency_key');
  }
  return key;
}

/** Method, path and body; the body with sorted keys, so a re-serialised retry still matches. */
export function fingerprintOf(request: Pick<FastifyRequest, 'method' | 'url' | 'body'>): string {
  const body = JSON.stringify(sortKeys(request.body)) ?? '';
  return crypto.createHash('sha256').update(`${request.method} ${request.url}\n${body}`).digest('base64url');
}

/**
 * Strings longer than this (an uploaded image is up to 14 MB of base64) enter the fingerprint as
 * their SHA-256, so the fingerprint hashes the upload once and copies nothing of it.
 */
const LARGE_STRING = 4096;

/**
 * Recursive, which is safe: bodies nest at most JSON_MAX_DEPTH levels (json-body.ts refuses deeper
 * ones). A large string becomes `{sha256}`.
 */
function sortKeys(value: unknown): unknown {
  if (typeof value === 'string' && value.length > LARGE_STRING) {
    return { sha256: crypto.createHash('sha256').update(value).digest('base64url') };
  }
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(Object.keys(record).sort().map((key) => [key, sortKeys(record[key])]));
}

function isStorable(status: number): boolean {
  return status >= 200 && status < 500 && !TRANSIENT_STATUSES.has(status);
}

/**
 * Claims the key for this request, or answers the row already holding it. An expired row, or the
 * claim of a request that died, is deleted and the key claimed afresh.
 */
async function claim(
  db: Kysely<DB>,
  inTransaction: RunInTransaction,
  request: { scope: string; key: string; fingerprint: string; now: Date },
): Promise<'claimed' | { fingerprint: string; status: number | null; content_type: string | null; body: string | null }> {
  const { scope, key, now } = request;
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await inTransaction((trx) =>
      trx
        .insertInto('idempotency_keys')
        .values({ scope, key, fingerprint: request.fingerprint, created_at: now.toISOString() })
        .onConflict((conflict) => conflict.columns(['scope', 'key']).doNothing())
        .executeTakeFirst(),
    );
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return 'claimed';

    const row = await db
      .selectFrom('idempotency_keys')
      .select(['fingerprint', 'status', 'content_type', 'body', 'created_at'])
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) continue;
    const age = now.getTime() - new Date(row.created_at).getTime();
    if (age < IDEMPOTENCY_TTL_MS && (row.status !== null || age < ABANDONED_CLAIM_MS)) return row;
    await inTransaction((trx) =>
      trx.deleteFrom('idempotency_keys').where('scope', '=', scope).where('key', '=', key).where('created_at', '=', row.created_at).execute(),
    );
  }
  // Another request keeps winning the key: it is in flight.
  throw new AppError(409, 'request_in_progress', SERVER_MESSAGES.idempotencyInProgress);
}

async function release(inTransaction: RunInTransaction, claimed: { scope: string; key: string }): Promise<void> {
  await inTransaction((trx) =>
    trx.deleteFrom('idempotency_keys').where('scope', '=', claimed.scope).where('key', '=', claimed.key).where('status', 'is', null).execute(),
  );
}

function replay(reply: FastifyReply, stored: StoredAnswer): FastifyReply {
  reply.status(stored.status).header(IDEMPOTENCY_REPLAYED_HEADER, 'true');
  if (stored.content_type) reply.header('content-type', stored.content_type);
  return reply.send(stored.body ?? undefined);
}

/** Deletes the keys older than 24 hours (server/maintenance.ts runs it). */
export async function purgeExpiredIdempotencyKeys(db: Kysely<DB>, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
