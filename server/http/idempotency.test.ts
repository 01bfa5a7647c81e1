import Fastify, { type FastifyInstance, type FastifyRequest, type RouteHandlerMethod } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_TTL_MS } from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { sessionActor } from '../access/actor.ts';
import type { Database } from '../db/open.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { registerErrorHandler } from './error-handler.ts';
import { DomainError } from '../domain/errors.ts';
import { createLocalBus } from '../realtime/bus.ts';
import { createChangeFeed } from '../writes/change-feed.ts';
import { claimingWithTheWrite, purgeExpiredIdempotencyKeys } from '../writes/idempotency-store.ts';
import { claimKeysWithTheWrite, registerIdempotency } from './idempotency.ts';
import { createdIfChanged, ok } from './route-answer.ts';

/**
 * The plugin on a small app of its own, so that a test can hold a request mid-flight or make a
 * handler fail once; the real app's routes are covered in server/items/items.idempotency.test.ts.
 */
let database: Database;
let app: FastifyInstance;
let now = new Date('2025-01-01T00:00:00.000Z');
const calls: Record<string, number> = {};
let failuresLeft = 0;
let gate: { entered: () => void; release: Promise<void> } | undefined;
/** Transactions begun since the test started: the durable commits a request cost. */
let transactions = 0;
/** Held by `/written` before its write, until a test lets both copies of a request go on. */
let beforeWrite: Promise<void> | undefined;
let writeFails: Error | undefined;
/** The key's row as `/answered` read it right after its write committed, before it answered. */
let rowAfterWrite: unknown;

const count = (name: string) => (calls[name] = (calls[name] ?? 0) + 1);

beforeAll(async () => {
  database = await createTestDatabase();
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Stands in for the bearer-token hook: the actor is whoever x-user names.
  app.addHook('onRequest', async (request) => {
    const id = request.headers['x-user'];
    if (typeof id === 'string') {
      request.actor = sessionActor({ id, email: '', first_name: null, can_use_ai: false, email_verified: false }, '');
    }
  });
  const counted: typeof database.inTransaction = (work) => {
    transactions++;
    return database.inTransaction(work);
  };
  registerIdempotency(app, { db: database.db, inTransaction: counted, now: () => now });
  // As the change feed does: writes go through the wrapped path, which claims the handler's key.
  const write = claimingWithTheWrite(counted);
  const writeOnce: RouteHandlerMethod = async (_request, reply) => {
    count('entered');
    await beforeWrite;
    const n = await write(async (trx) => {
      await trx.selectFrom('idempotency_keys').select('key').execute();
      if (writeFails) throw writeFails;
      return count('written');
    });
    return reply.status(201).send({ n });
  };
  app.post('/written-after-claim', writeOnce);
  // As in the app: the change feed claims the key and stores the answer of a route that makes it from the write's value.
  const changes = createChangeFeed({ inTransaction: counted, bus: createLocalBus(), now: () => now });
  const writeAnswered = async (request: FastifyRequest) => {
    const value = await changes.write([], async () => {
      if (writeFails) throw writeFails;
      return { body: { n: count('answered') }, created: true };
    });
    rowAfterWrite = await storedRow(request.headers['idempotency-key'] as string);
    return value;
  };
  await app.register(async (plugin) => {
    claimKeysWithTheWrite(plugin);
    plugin.post('/written', writeOnce);
    plugin.post('/answered', { config: { answer: createdIfChanged } }, writeAnswered);
    plugin.post(
      '/answered-otherwise',
      { config: { answer: ok }, onSend: async () => JSON.stringify({ changed: 'by a hook' }) },
      async (request) => (await writeAnswered(request)).body,
    );
  });
  app.withTypeProvider<ZodTypeProvider>().post('/things', { schema: { body: z.strictObject({ name: z.string().min(1) }) } }, async (request, reply) => {
    const n = count('things');
    return reply.status(201).send({ n, name: request.body.name });
  });
  app.delete('/things/:id', async (_request, reply) => {
    count('delete');
    return reply.status(204).send();
  });
  app.post('/flaky', async () => {
    count('flaky');
    if (failuresLeft-- > 0) throw new Error('database went away');
    return { ok: true };
  });
  app.post('/limited', async () => {
    count('limited');
    throw new DomainError('rateLimited', 'rate_limited', SERVER_MESSAGES.tooManyAttempts);
  });
  app.post('/slow', async () => {
    count('slow');
    gate?.entered();
    await gate?.release;
    return { done: true };
  });
  app.post('/login', { config: { public: true } }, async () => ({ n: count('login') }));
  app.post('/opt-in', { config: { public: true, idempotency: true } }, async () => ({ n: count('opt-in') }));
  app.post('/opt-out', { config: { idempotency: false } }, async () => ({ n: count('opt-out') }));
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

beforeEach(() => {
  for (const name of Object.keys(calls)) delete calls[name];
  transactions = 0;
  beforeWrite = undefined;
  writeFails = undefined;
  rowAfterWrite = undefined;
});

let keys = 0;
const newKey = () => `key-${++keys}`;

function send(method: 'POST' | 'DELETE', url: string, options: { key?: string; user?: string; body?: object } = {}) {
  const headers: Record<string, string> = {};
  if (options.key !== undefined) headers['idempotency-key'] = options.key;
  if (options.user !== undefined) headers['x-user'] = options.user;
  return app.inject({ method, url, headers, ...(options.body ? { payload: options.body } : {}) });
}

describe('a repeated request', () => {
  it('runs once and answers the first answer every time', async () => {
    const key = newKey();
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await send('POST', '/things', { key, user: 'u1', body: { name: 'milk' } }));
    expect(calls.things).toBe(1);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(201);
      expect(answer.json()).toEqual({ n: 1, name: 'milk' });
      expect(answer.headers['content-type']).toContain('application/json');
    }
    expect(answers[0]!.headers['idempotent-replayed']).toBeUndefined();
    expect(answers[1]!.headers['idempotent-replayed']).toBe('true');
    expect(answers[2]!.headers['idempotent-replayed']).toBe('true');
  });

  it('matches a body whose keys come in another order', async () => {
    const key = newKey();
    const first = await app.inject({ method: 'POST', url: '/things', headers: { 'idempotency-key': key, 'x-user': 'u1', 'content-type': 'application/json' }, payload: '{"name":"a"}' });
    const again = await app.inject({ method: 'POST', url: '/things', headers: { 'idempotency-key': key, 'x-user': 'u1', 'content-type': 'application/json' }, payload: '{ "name" : "a" }' });
    expect(again.body).toBe(first.body);
    expect(calls.things).toBe(1);
  });

  it('replays an empty 204 answer', async () => {
    const key = newKey();
    const first = await send('DELETE', '/things/1', { key, user: 'u1' });
    const again = await send('DELETE', '/things/1', { key, user: 'u1' });
    expect([first.statusCode, again.statusCode]).toEqual([204, 204]);
    expect(again.body).toBe('');
    expect(calls.delete).toBe(1);
  });

  it('replays a refusal: the same bad input gets the same 400', async () => {
    const key = newKey();
    const first = await send('POST', '/things', { key, user: 'u1', body: { name: '' } });
    const again = await send('POST', '/things', { key, user: 'u1', body: { name: '' } });
    expect(first.statusCode).toBe(400);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('runs every time without a key', async () => {
    await send('POST', '/things', { user: 'u1', body: { name: 'a' } });
    await send('POST', '/things', { user: 'u1', body: { name: 'a' } });
    expect(calls.things).toBe(2);
  });
});

describe('keys', () => {
  it('belong to one caller: another user with the same key runs afresh', async () => {
    const key = newKey();
    await send('POST', '/things', { key, user: 'u1', body: { name: 'a' } });
    const other = await send('POST', '/things', { key, user: 'u2', body: { name: 'a' } });
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(calls.things).toBe(2);
  });

  it('refuse another request under a used key with 422, running nothing', async () => {
    const key = newKey();
    await send('POST', '/things', { key, user: 'u1', body: { name: 'a' } });
    const otherBody = await send('POST', '/things', { key, user: 'u1', body: { name: 'b' } });
    const otherPath = await send('DELETE', '/things/1', { key, user: 'u1' });
    for (const answer of [otherBody, otherPath]) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toEqual({ error: { code: 'idempotency_key_reused', message: SERVER_MESSAGES.idempotencyKeyReused } });
    }
    expect(calls.things).toBe(1);
    expect(calls.delete).toBeUndefined();
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH + 1)],
  ])('refuse a key that is %s with 400', async (_name, key) => {
    const answer = await send('POST', '/things', { key, user: 'u1', body: { name: 'a' } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.message).toBe(SERVER_MESSAGES.idempotencyKeyInvalid);
    expect(calls.things).toBeUndefined();
  });

  it('accept a key of the longest length', async () => {
    const key = 'k'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH);
    expect((await send('POST', '/things', { key, user: 'u1', body: { name: 'a' } })).statusCode).toBe(201);
  });

  it('are forgotten after 24 hours, lazily and by the purge', async () => {
    const key = newKey();
    await send('POST', '/things', { key, user: 'u1', body: { name: 'a' } });
    now = new Date(now.getTime() + IDEMPOTENCY_TTL_MS + 1);
    const later = await send('POST', '/things', { key, user: 'u1', body: { name: 'a' } });
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(calls.things).toBe(2);

    now = new Date(now.getTime() + IDEMPOTENCY_TTL_MS + 1);
    expect(await purgeExpiredIdempotencyKeys(database.db, now)).toBeGreaterThan(0);
    const left = await database.db.selectFrom('idempotency_keys').select('key').execute();
    expect(left).toEqual([]);
  });
});

describe('a request still running', () => {
  it('makes a repeat wait with 409, then the repeat gets the finished answer', async () => {
    const key = newKey();
    let release!: () => void;
    const entered = new Promise<void>((resolve) => {
      gate = { entered: resolve, release: new Promise((done) => (release = done)) };
    });
    const first = send('POST', '/slow', { key, user: 'u1' });
    await entered;
    const during = await send('POST', '/slow', { key, user: 'u1' });
    expect(during.statusCode).toBe(409);
    expect(during.json().error).toEqual({ code: 'request_in_progress', message: SERVER_MESSAGES.idempotencyInProgress });
    release();
    expect((await first).json()).toEqual({ done: true });
    gate = undefined;
    const after = await send('POST', '/slow', { key, user: 'u1' });
    expect(after.headers['idempotent-replayed']).toBe('true');
    expect(calls.slow).toBe(1);
  });

  it('that died is taken over by a retry after a while', async () => {
    const key = newKey();
    await database.db
      .insertInto('idempotency_keys')
      .values({ scope: 'u1', key, fingerprint: 'whatever', created_at: new Date(now.getTime() - 10 * 60_000).toISOString() })
      .execute();
    const retry = await send('POST', '/things', { key, user: 'u1', body: { name: 'a' } });
    expect(retry.statusCode).toBe(201);
    expect(calls.things).toBe(1);
  });
});

describe('answers not stored', () => {
  it('a 500 is not stored: the retry runs again', async () => {
    const key = newKey();
    failuresLeft = 1;
    const failed = await send('POST', '/flaky', { key, user: 'u1' });
    const retried = await send('POST', '/flaky', { key, user: 'u1' });
    const replayed = await send('POST', '/flaky', { key, user: 'u1' });
    expect([failed.statusCode, retried.statusCode, replayed.statusCode]).toEqual([500, 200, 200]);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(calls.flaky).toBe(2);
  });

  it('a 429 is not stored', async () => {
    const key = newKey();
    await send('POST', '/limited', { key, user: 'u1' });
    await send('POST', '/limited', { key, user: 'u1' });
    expect(calls.limited).toBe(2);
  });

  it('public routes ignore the key unless they opt in; others may opt out', async () => {
    const key = newKey();
    await send('POST', '/login', { key });
    await send('POST', '/login', { key });
    expect(calls.login).toBe(2);

    await send('POST', '/opt-in', { key });
    const replayed = await send('POST', '/opt-in', { key });
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(calls['opt-in']).toBe(1);

    await send('POST', '/opt-out', { key, user: 'u1' });
    await send('POST', '/opt-out', { key, user: 'u1' });
    expect(calls['opt-out']).toBe(2);
  });
});

const storedRow = (key: string) =>
  database.db.selectFrom('idempotency_keys').select(['status', 'body']).where('key', '=', key).executeTakeFirst();

describe('a route that claims its key with its write', () => {
  it('costs one commit for the change and its claim, one for the answer; a repeat replays it', async () => {
    const key = newKey();
    const first = await send('POST', '/written', { key, user: 'u1' });
    expect(first.statusCode).toBe(201);
    expect(transactions).toBe(2);
    const again = await send('POST', '/written', { key, user: 'u1' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(calls.written).toBe(1);

    // The same handler on a route that claims first pays a commit more.
    transactions = 0;
    await send('POST', '/written-after-claim', { key: newKey(), user: 'u1' });
    expect(transactions).toBe(3);
  });

  it('stops a repeat that reached its handler meanwhile at the write: the change happens once', async () => {
    const key = newKey();
    let letGo!: () => void;
    beforeWrite = new Promise((resolve) => (letGo = resolve));
    const both = [send('POST', '/written', { key, user: 'u1' }), send('POST', '/written', { key, user: 'u1' })];
    await expect.poll(() => calls.entered).toBe(2);
    letGo();
    const statuses = (await Promise.all(both)).map((answer) => answer.statusCode).sort();
    // The second finds the key taken: in flight (409), or already answered (a replay of the 201).
    expect([[201, 201], [201, 409]]).toContainEqual(statuses);
    expect(calls.written).toBe(1);
    const later = await send('POST', '/written', { key, user: 'u1' });
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(later.json()).toEqual({ n: 1 });
  });

  // `/answered` makes its answer from its write's value: a refusal is stored all the same.
  it.each(['/written', '/answered'])('rolls its claim back with a refused write, and stores the refusal with the key (%s)', async (url) => {
    const key = newKey();
    writeFails = new DomainError('notFound', 'not_found', 'gone');
    const refused = await send('POST', url, { key, user: 'u1' });
    writeFails = undefined;
    const again = await send('POST', url, { key, user: 'u1' });
    expect([refused.statusCode, again.statusCode]).toEqual([404, 404]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(transactions).toBe(2);
    expect(await storedRow(key)).toMatchObject({ status: 404 });
  });

  it('leaves no key behind when the write fails with 500: the retry runs', async () => {
    const key = newKey();
    writeFails = new Error('disk full');
    expect((await send('POST', '/written', { key, user: 'u1' })).statusCode).toBe(500);
    expect(await storedRow(key)).toBeUndefined();
    writeFails = undefined;
    const retried = await send('POST', '/written', { key, user: 'u1' });
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(calls.written).toBe(1);
  });

  it('refuses another request under a used key with 422 before its handler runs', async () => {
    const key = newKey();
    await send('POST', '/written', { key, user: 'u1' });
    const other = await send('POST', '/things', { key, user: 'u1', body: { name: 'a' } });
    const reused = await send('POST', '/written', { key, user: 'u1', body: { other: true } });
    expect([other.statusCode, reused.statusCode]).toEqual([422, 422]);
    expect(calls.entered).toBe(1);
  });
});

describe('a route that makes its answer from its write', () => {
  it('stores the answer in the write: one commit, and the answer is there once the change is', async () => {
    const key = newKey();
    const first = await send('POST', '/answered', { key, user: 'u1' });
    expect([first.statusCode, first.json()]).toEqual([201, { n: 1 }]);
    expect(transactions).toBe(1);
    expect(rowAfterWrite).toEqual({ status: 201, body: first.body });

    const again = await send('POST', '/answered', { key, user: 'u1' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect([again.statusCode, again.headers['content-type'], again.body]).toEqual([201, first.headers['content-type'], first.body]);
    expect(calls.answered).toBe(1);
  });

  it('answers from the value without a key, and stores nothing', async () => {
    const keysNow = () => database.db.selectFrom('idempotency_keys').select('key').execute();
    const before = await keysNow();
    const answered = await send('POST', '/answered', { user: 'u1' });
    expect([answered.statusCode, answered.json()]).toEqual([201, { n: 1 }]);
    expect(await keysNow()).toEqual(before);
  });

  it('stores what was sent when a hook changed the answer, in a commit of its own', async () => {
    const key = newKey();
    const first = await send('POST', '/answered-otherwise', { key, user: 'u1' });
    expect(first.json()).toEqual({ changed: 'by a hook' });
    expect(transactions).toBe(2);
    const again = await send('POST', '/answered-otherwise', { key, user: 'u1' });
    expect([again.headers['idempotent-replayed'], again.body]).toEqual(['true', first.body]);
  });
});
