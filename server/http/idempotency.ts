import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_REPLAYED_HEADER } from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { badRequest } from '../domain/errors.ts';
import {
  claimOrRecall,
  keepAnswer,
  KeyTakenMeanwhile,
  recallTaken,
  releaseUnanswered,
  runWithClaim,
  type Claim,
  type IdempotencyStoreDeps,
  type StoredAnswer,
} from '../writes/idempotency-store.ts';
import { JSON_CONTENT_TYPE, sendingAnswerOf, type RouteAnswer } from './route-answer.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Whether the route honours Idempotency-Key. Default: yes on routes that need a signed-in
     * caller, no on public routes, whose answers carry fresh bearer tokens that must not be
     * kept in clear (sessions store only hashes).
     *
     * `'with-the-write'`: the key is claimed inside the route's first write transaction, so the
     * claim commits with the change or not at all, instead of in a durable commit of its own
     * before the handler runs (decision 017). Only for routes that change nothing outside the
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

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface IdempotencyDeps extends IdempotencyStoreDeps {
  now: () => Date;
}

/**
 * Safe retries for every mutating call in this scope (docs/api.md, "Safe retries"): the
 * first answer to an `Idempotency-Key` is stored per caller with a fingerprint of the request; a
 * repeat within 24 hours gets that answer again, marked `Idempotent-Replayed: true`, and runs
 * nothing. The same key with another request is refused (422), a repeat while the first still runs
 * too (409). 5xx answers are not stored, so a retry after a server fault runs again.
 */
export function registerIdempotency(app: FastifyInstance, deps: IdempotencyDeps): void {
  // preValidation: the caller is known (onRequest) and the body parsed, but not yet validated,
  // so the fingerprint is of what the client sent and a 400 is stored like any other answer.
  app.addHook('preValidation', async (request, reply) => {
    const key = idempotencyKeyOf(request);
    if (key === undefined) return;
    const scope = request.actor?.user.id ?? '';
    const now = deps.now();
    const claim: Claim = { scope, key, fingerprint: fingerprintOf(request), createdAt: now.toISOString(), state: 'pending' };
    const withTheWrite = request.routeOptions.config.idempotency === 'with-the-write';
    const found = await claimOrRecall(deps, claim, withTheWrite, now);
    if (typeof found !== 'string') return replay(reply, found);
    request.idempotencyClaim = { ...claim, state: found };
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
        claim.answerOf = (value) => answerAsSent(answerOf(value as never), serializerFor);
      }
      try {
        return await runWithClaim(claim, () => handler.call(this, request, reply));
      } catch (error) {
        if (!(error instanceof KeyTakenMeanwhile)) throw error;
        request.idempotencyClaim = undefined;
        return replay(reply, await recallTaken(deps, claim, deps.now()));
      }
    };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = undefined;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload;
    const contentType = reply.getHeader('content-type');
    // Only a text body (or none) is kept; a stream is not read into memory for it.
    const answer =
      body === undefined || body === null || typeof body === 'string'
        ? { status: reply.statusCode, content_type: typeof contentType === 'string' ? contentType : null, body: body ?? null }
        : undefined;
    try {
      const kept = await keepAnswer(deps, claim, answer);
      // A route whose `answer` is not what it sends (a hook changed it) costs a commit, as others do.
      if (kept === 'differs') request.log.warn('the answer sent is not the one stored with the write');
    } catch (error) {
      // The change itself is done; failing to remember the answer must not turn it into a 500.
      request.log.error({ err: error }, 'could not store the answer of an idempotent request');
    }
    return payload;
  });

  // A request that never got to onSend (e.g. a hijacked reply) must not block its retries.
  app.addHook('onResponse', async (request) => {
    const claim = request.idempotencyClaim;
    if (!claim) return;
    request.idempotencyClaim = undefined;
    await releaseUnanswered(deps, claim);
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

/** An answer as Fastify sends it (through the route's serializer) and the key's row keeps it. */
function answerAsSent({ status, body }: RouteAnswer, serializerFor: (status: number) => (body: unknown) => string): StoredAnswer {
  return body === undefined
    ? { status, content_type: null, body: null }
    : { status, content_type: JSON_CONTENT_TYPE, body: serializerFor(status)(body) };
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

function replay(reply: FastifyReply, stored: StoredAnswer): FastifyReply {
  reply.status(stored.status).header(IDEMPOTENCY_REPLAYED_HEADER, 'true');
  if (stored.content_type) reply.header('content-type', stored.content_type);
  return reply.send(stored.body ?? undefined);
}
