import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { Insertable, Kysely, Transaction } from 'kysely';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_REPLAYED_HEADER,
  IDEMPOTENCY_TTL_MS,
  REQUEST_IN_PROGRESS,
} from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { compiledQuery } from '../db/compiled-query.ts';
import type { RunInTransaction } from '../db/group-commit.ts';
import type { DB, IdempotencyKeysTable } from '../db/schema.ts';
import { AppError, badRequest } from './errors.ts';
import { JSON_CONTENT_TYPE, sendingAnswerOf, type AnswerOf, type RouteAnswer } from './route-answer.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Whether the route honours Idempotency-Key. Default: yes on routes that need a signed-in
     * caller, no on public routes, whose answers carry fresh bearer tokens that must not be
     * kept in clear (sessions store only hashes).
     *
     * `'with-the-write'`: the key is claimed inside the route's first write transaction, so the
     * claim commits with the change or not at all, instead of in a durable commit of its own
     * before the handler runs (issue 13). Only for routes that change nothing outside the
     * database before that write: a repeat that arrives meanwhile runs its handler up to the
     * write, and is stopped there.
     */
    idempotency?: boolean | 'with-the-write';
  }
  interface FastifyRequest {
    /** The key this request holds or is to claim; its answer is stored when it is sent. */
    idempotencyClaim?: Claim;
  }
}

interface Claim {
  scope: string;
  key: string;
  fingerprint: string;
  createdAt: string;
  /**
   * `claimed`: the row is in the database. `pending`: the route's first write is to insert it
   * (`with-the-write`); `writing` while that write runs.
   */
  state: 'claimed' | 'pending' | 'writing';
  /**
   * The route's `answer`, which its first write stores with the claim, and the route's own
   * serializer for a status (its response schema), as Fastify will send the answer.
   */
  answering?: { answerOf: AnswerOf; serializerFor: (status: number) => (body: unknown) => string };
  /** The answer stored with the write, once that has committed. */
  stored?: StoredAnswer;
}

/** A `with-the-write` claim, seen by the writes its handler starts. */
const claimsOfHandlers = new AsyncLocalStorage<Claim>();

/** The write found the key taken by a repeat that got there first; its transaction rolls back. */
class KeyTakenMeanwhile extends Error {}

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
  /**
   * The database's own write path, not the one `claimingWithTheWrite` wraps: on SQLite the
   * bookkeeping joins the group commit of the writes around it.
   */
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
    const claim: Claim = { scope, key, fingerprint: fingerprintOf(request), createdAt: now.toISOString(), state: 'pending' };
    const withTheWrite = request.routeOptions.config.idempotency === 'with-the-write';
    const stored = withTheWrite ? await liveRow(db, inTransaction, claim, now) : await claimFirst(db, inTransaction, claim, now);
    if (stored === undefined || stored === 'claimed') {
      request.idempotencyClaim = { ...claim, state: stored ?? 'pending' };
      return;
    }
    return answerStored(reply, stored, claim.fingerprint);
  });

  // The handler of a route that claims with its write runs with its claim in reach of that write.
  app.addHook('onRoute', (route) => {
    const answerOf = route.config?.answer;
    const handler = answerOf ? sendingAnswerOf(route.handler, answerOf) : route.handler;
    route.handler = handler;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => MUTATING_METHODS.has(method))) return;
    route.handler = async function (request, reply) {
      const claim = request.idempotencyClaim;
      if (claim?.state !== 'pending') return handler.call(this, request, reply);
      if (answerOf) {
        const serializerFor = (status: number) =>
          (reply.getSerializationFunction(String(status)) as ((body: unknown) => string) | undefined) ?? JSON.stringify;
        claim.answering = { answerOf, serializerFor };
      }
      try {
        return await claimsOfHandlers.run(claim, () => handler.call(this, request, reply));
      } catch (error) {
        if (!(error instanceof KeyTakenMeanwhile)) throw error;
        request.idempotencyClaim = undefined;
        const stored = await liveRow(db, inTransaction, claim, deps.now());
        if (stored === undefined) throw requestInProgress();
        return answerStored(reply, stored, claim.fingerprint);
      }
    } as RouteHandlerMethod;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = undefined;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload;
    try {
      if (isStorable(reply.statusCode) && (body === undefined || body === null || typeof body === 'string')) {
        const contentType = reply.getHeader('content-type');
        const answer = { status: reply.statusCode, content_type: typeof contentType === 'string' ? contentType : null, body: body ?? null };
        if (claim.stored && sameAnswer(claim.stored, answer)) return payload;
        // A route whose `answer` is not what it sends (a hook changed it) costs a commit, as others do.
        if (claim.stored) request.log.warn('the answer sent is not the one stored with the write');
        await inTransaction(async (trx) => {
          // Nothing written yet (a refusal, or a change with nothing to do): the key and its answer in one.
          if (claim.state !== 'claimed') await insertClaim(trx, claim, answer);
          else await storeAnswer(trx, { scope: claim.scope, key: claim.key, answer });
        });
      } else if (claim.state === 'claimed') {
        await release(inTransaction, claim);
      }
    } catch (error) {
      // The change itself is done; failing to remember the answer must not turn it into a 500.
      request.log.error({ err: error }, 'could not store the answer of an idempotent request');
    }
    return payload;
  });

  // A request that never got to onSend (e.g. a hijacked reply) must not block its retries.
  app.addHook('onResponse', async (request) => {
    const claim = request.idempotencyClaim;
    if (claim?.state !== 'claimed') return;
    request.idempotencyClaim = undefined;
    await release(inTransaction, claim);
  });
}

/**
 * Every route this plugin registers after the call claims its key with its write (the
 * `idempotency` route option): for plugins whose handlers change only the database.
 */
export function claimKeysWithTheWrite(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.config = { idempotency: 'with-the-write', ...route.config };
  });
}

/**
 * The write path the services use: the first write of a `with-the-write` handler inserts the
 * handler's claim before its own statements, in its own transaction (or savepoint of a group
 * commit). A repeat that claimed the key first makes the write fail, changing nothing. The claim
 * is read when the write is asked for, in the handler's context: the group commit runs the work
 * later, from whichever request started the group.
 */
export function claimingWithTheWrite(inTransaction: RunInTransaction): RunInTransaction {
  return <T>(work: (trx: Transaction<DB>) => Promise<T>) => {
    const claim = claimsOfHandlers.getStore();
    if (claim?.state !== 'pending') return inTransaction(work);
    claim.state = 'writing';
    return inTransaction(async (trx) => {
      if (!(await insertClaim(trx, claim))) throw new KeyTakenMeanwhile();
      return work(trx);
    }).then(
      (value) => {
        claim.state = 'claimed';
        return value;
      },
      (error: unknown) => {
        // Rolled back with the write: the answer (a refusal) is stored with the key in onSend.
        claim.state = 'pending';
        claim.stored = undefined;
        throw error;
      },
    );
  };
}

/**
 * The change feed's `beforeCommit`: when the write asked for now is the claiming write of a route
 * with an `answer`, the step that stores that answer, made from the write's value, in the write's
 * own transaction. The answer then needs no commit of its own, and commits with the change or not
 * at all: there is no moment when the change is durable and a retry would find no answer. Asked
 * for in the handler's context, like the claim, before the write starts.
 */
export function answerInTheWrite(): ((trx: Transaction<DB>, value: unknown) => Promise<void>) | undefined {
  const claim = claimsOfHandlers.getStore();
  const answering = claim?.answering;
  if (claim?.state !== 'pending' || !answering) return undefined;
  return async (trx, value) => {
    const answer = storedAnswerOf(answering.answerOf(value as never), answering.serializerFor);
    if (!isStorable(answer.status)) return;
    await storeAnswer(trx, { scope: claim.scope, key: claim.key, answer });
    claim.stored = answer;
  };
}

/** An answer as Fastify sends it (through the route's serializer) and the key's row keeps it. */
function storedAnswerOf({ status, body }: RouteAnswer, serializerFor: (status: number) => (body: unknown) => string): StoredAnswer {
  return body === undefined
    ? { status, content_type: null, body: null }
    : { status, content_type: JSON_CONTENT_TYPE, body: serializerFor(status)(body) };
}

function sameAnswer(a: StoredAnswer, b: StoredAnswer): boolean {
  return a.status === b.status && a.content_type === b.content_type && a.body === b.body;
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

type StoredRow = { fingerprint: string; status: number | null; content_type: string | null; body: string | null };

/**
 * Claims the key in a commit of its own before the handler runs, or answers the row already
 * holding it.
 */
async function claimFirst(db: Kysely<DB>, inTransaction: RunInTransaction, claim: Claim, now: Date): Promise<'claimed' | StoredRow> {
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await inTransaction((trx) => insertClaim(trx, claim))) return 'claimed';
    const row = await liveRow(db, inTransaction, claim, now);
    if (row) return row;
  }
  // Another request keeps winning the key: it is in flight.
  throw requestInProgress();
}

/** Inserts the key's row, with its answer when known; false when the key is taken. */
async function insertClaim(trx: Transaction<DB>, claim: Claim, answer?: StoredAnswer): Promise<boolean> {
  const row = { scope: claim.scope, key: claim.key, fingerprint: claim.fingerprint, created_at: claim.createdAt, ...answer };
  const { numAffectedRows } = await claimInsert(trx, { row });
  return Number(numAffectedRows ?? 0) > 0;
}

// Every request that carries a key runs these: compiled once (server/db/compiled-query.ts).
const claimInsert = compiledQuery((db, { row }: { row: Insertable<IdempotencyKeysTable> }) =>
  db
    .insertInto('idempotency_keys')
    .values(row)
    .onConflict((conflict) => conflict.columns(['scope', 'key']).doNothing()),
);

const keyRow = compiledQuery((db, { scope, key }: { scope: string; key: string }) =>
  db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'status', 'content_type', 'body', 'created_at'])
    .where('scope', '=', scope)
    .where('key', '=', key),
);

const storeAnswer = compiledQuery((db, { scope, key, answer }: { scope: string; key: string; answer: StoredAnswer }) =>
  db.updateTable('idempotency_keys').set(answer).where('scope', '=', scope).where('key', '=', key),
);

/**
 * The row holding the key, if it still counts. An expired row, or the claim of a request that
 * died, is deleted, and the key is free again.
 */
async function liveRow(db: Kysely<DB>, inTransaction: RunInTransaction, claim: Claim, now: Date): Promise<StoredRow | undefined> {
  const { scope, key } = claim;
  const [row] = (await keyRow(db, { scope, key })).rows;
  if (!row) return undefined;
  const age = now.getTime() - new Date(row.created_at).getTime();
  if (age < IDEMPOTENCY_TTL_MS && (row.status !== null || age < ABANDONED_CLAIM_MS)) return row;
  await inTransaction((trx) =>
    trx.deleteFrom('idempotency_keys').where('scope', '=', scope).where('key', '=', key).where('created_at', '=', row.created_at).execute(),
  );
  return undefined;
}

/** The stored answer again, or why there is none to give. */
function answerStored(reply: FastifyReply, stored: StoredRow, fingerprint: string): FastifyReply {
  if (stored.fingerprint !== fingerprint) {
    throw new AppError(422, 'idempotency_key_reused', SERVER_MESSAGES.idempotencyKeyReused);
  }
  if (stored.status === null) throw requestInProgress();
  return replay(reply, { ...stored, status: stored.status });
}

function requestInProgress(): AppError {
  return new AppError(409, REQUEST_IN_PROGRESS, SERVER_MESSAGES.idempotencyInProgress);
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
