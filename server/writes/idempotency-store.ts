import { AsyncLocalStorage } from 'node:async_hooks';
import type { Insertable, Kysely, Transaction } from 'kysely';
import { IDEMPOTENCY_TTL_MS, REQUEST_IN_PROGRESS } from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { compiledQuery } from '../db/compiled-query.ts';
import type { DB, IdempotencyKeysTable } from '../db/schema.ts';
import { DomainError } from '../domain/errors.ts';
import type { RunInTransaction } from '../db/group-commit.ts';

/**
 * Where Idempotency-Keys and their answers are kept (docs/api.md, "Safe retries"; decisions 006
 * and 017): the claims, the answers stored with a write or after it, the replays. The HTTP hook
 * (server/http/idempotency.ts) reads the key and moves the answer's bytes; this decides.
 */

/** An answer as it was sent: the status, and the body as Fastify serialised it. */
export type StoredAnswer = { status: number; content_type: string | null; body: string | null };

export interface Claim {
  scope: string;
  key: string;
  fingerprint: string;
  createdAt: string;
  /**
   * `claimed`: the row is in the database. `pending`: the route's first write is to insert it
   * (`with-the-write`); `writing` while that write runs.
   */
  state: 'claimed' | 'pending' | 'writing';
  /** The route's answer made from its write's value, which that write stores with the claim. */
  answerOf?: (value: unknown) => StoredAnswer;
  /** The answer stored with the write, once that has committed. */
  stored?: StoredAnswer;
}

export interface IdempotencyStoreDeps {
  db: Kysely<DB>;
  /**
   * The database's own write path, not the one `claimingWithTheWrite` wraps: on SQLite the
   * bookkeeping joins the group commit of the writes around it.
   */
  inTransaction: RunInTransaction;
}

/** A `with-the-write` claim, seen by the writes its handler starts. */
const claimsOfHandlers = new AsyncLocalStorage<Claim>();

/** Runs a handler with its `with-the-write` claim in reach of its first write. */
export const runWithClaim = <T>(claim: Claim, handler: () => T): T => claimsOfHandlers.run(claim, handler);

/** The write found the key taken by a repeat that got there first; its transaction rolls back. */
export class KeyTakenMeanwhile extends Error {}

/**
 * A claim whose request never finished (the process died mid-request) blocks retries with 409
 * for this long, then a retry runs afresh. Far longer than any request takes.
 */
const ABANDONED_CLAIM_MS = 2 * 60 * 1000;
/** Answers that may differ on a retry (unauthenticated, timeout, rate limit) are not stored. */
const TRANSIENT_STATUSES = new Set([401, 408, 429]);

/** Whether an answer is kept for repeats: 5xx are not, so a retry after a server fault runs again. */
export function isStorable(status: number): boolean {
  return status >= 200 && status < 500 && !TRANSIENT_STATUSES.has(status);
}

/**
 * Before the handler runs: claims the key in a commit of its own (`pending` instead for a route
 * that claims with its write), or answers what a repeat gets, the answer stored for the key.
 * The same key with another request is refused (422), a repeat while the first still runs too (409).
 */
export async function claimOrRecall(
  deps: IdempotencyStoreDeps,
  claim: Claim,
  withTheWrite: boolean,
  now: Date,
): Promise<'claimed' | 'pending' | StoredAnswer> {
  const row = withTheWrite ? await liveRow(deps, claim, now) : await claimFirst(deps, claim, now);
  if (row === undefined) return 'pending';
  if (row === 'claimed') return row;
  return recalled(row, claim.fingerprint);
}

/** After a route's write found its key taken meanwhile: the answer of the repeat that took it. */
export async function recallTaken(deps: IdempotencyStoreDeps, claim: Claim, now: Date): Promise<StoredAnswer> {
  const row = await liveRow(deps, claim, now);
  if (row === undefined) throw requestInProgress();
  return recalled(row, claim.fingerprint);
}

/**
 * Once the answer is sent: keeps it for the key, unless the write stored it already; frees the key
 * when the answer is not one to keep. `'differs'`: the write stored another answer than the one
 * sent (a hook changed it), which costs a commit of its own.
 */
export async function keepAnswer(
  { inTransaction }: IdempotencyStoreDeps,
  claim: Claim,
  answer: StoredAnswer | undefined,
): Promise<'kept' | 'differs' | 'released'> {
  if (!answer || !isStorable(answer.status)) {
    if (claim.state === 'claimed') await release(inTransaction, claim);
    return 'released';
  }
  if (claim.stored && sameAnswer(claim.stored, answer)) return 'kept';
  await inTransaction(async (trx) => {
    // Nothing written yet (a refusal, or a change with nothing to do): the key and its answer in one.
    if (claim.state !== 'claimed') await insertClaim(trx, claim, answer);
    else await storeAnswer(trx, { scope: claim.scope, key: claim.key, answer });
  });
  return claim.stored ? 'differs' : 'kept';
}

/** A request that never got its answer sent (a hijacked reply) must not block its retries. */
export async function releaseUnanswered({ inTransaction }: IdempotencyStoreDeps, claim: Claim): Promise<void> {
  if (claim.state === 'claimed') await release(inTransaction, claim);
}

/**
 * The write path of the change feed (./change-feed.ts): the first write of a `with-the-write`
 * handler inserts the handler's claim before its own statements, in its own transaction (or
 * savepoint of a group commit). A repeat that claimed the key first makes the write fail, changing
 * nothing. The claim is read when the write is asked for, in the handler's context: the group
 * commit runs the work later, from whichever request started the group.
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
        // Rolled back with the write: the answer (a refusal) is stored with the key once sent.
        claim.state = 'pending';
        claim.stored = undefined;
        throw error;
      },
    );
  };
}

/**
 * When the write asked for now is the claiming write of a route with an `answer`, the step that
 * stores that answer, made from the write's value, in the write's own transaction. The answer then
 * needs no commit of its own, and commits with the change or not at all: there is no moment when
 * the change is durable and a retry would find no answer. Asked for in the handler's context, like
 * the claim, before the write starts.
 */
export function answerInTheWrite(): ((trx: Transaction<DB>, value: unknown) => Promise<void>) | undefined {
  const claim = claimsOfHandlers.getStore();
  const answerOf = claim?.answerOf;
  if (claim?.state !== 'pending' || !answerOf) return undefined;
  return async (trx, value) => {
    const answer = answerOf(value);
    if (!isStorable(answer.status)) return;
    await storeAnswer(trx, { scope: claim.scope, key: claim.key, answer });
    claim.stored = answer;
  };
}

function sameAnswer(a: StoredAnswer, b: StoredAnswer): boolean {
  return a.status === b.status && a.content_type === b.content_type && a.body === b.body;
}

type StoredRow = { fingerprint: string; status: number | null; content_type: string | null; body: string | null };

/** Claims the key in a commit of its own before the handler runs, or finds the row already holding it. */
async function claimFirst(deps: IdempotencyStoreDeps, claim: Claim, now: Date): Promise<'claimed' | StoredRow> {
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await deps.inTransaction((trx) => insertClaim(trx, claim))) return 'claimed';
    const row = await liveRow(deps, claim, now);
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
async function liveRow({ db, inTransaction }: IdempotencyStoreDeps, claim: Claim, now: Date): Promise<StoredRow | undefined> {
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
function recalled(stored: StoredRow, fingerprint: string): StoredAnswer {
  if (stored.fingerprint !== fingerprint) {
    throw new DomainError('unprocessable', 'idempotency_key_reused', SERVER_MESSAGES.idempotencyKeyReused);
  }
  if (stored.status === null) throw requestInProgress();
  return { status: stored.status, content_type: stored.content_type, body: stored.body };
}

function requestInProgress(): DomainError {
  return new DomainError('conflict', REQUEST_IN_PROGRESS, SERVER_MESSAGES.idempotencyInProgress);
}

async function release(inTransaction: RunInTransaction, claimed: { scope: string; key: string }): Promise<void> {
  await inTransaction((trx) =>
    trx.deleteFrom('idempotency_keys').where('scope', '=', claimed.scope).where('key', '=', claimed.key).where('status', 'is', null).execute(),
  );
}

/** Deletes the keys older than 24 hours (server/maintenance.ts runs it). */
export async function purgeExpiredIdempotencyKeys(db: Kysely<DB>, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
