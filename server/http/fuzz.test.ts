import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { PATH_PARAM_MAX_LENGTH } from '../../common/constants.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { arbitraryOf, type JsonSchema } from '../test/json-schema-arbitrary.ts';
import { useTestApp } from '../test/test-app.ts';

/**
 * Generated requests to every route of the real app: bodies built from each route's zod schema and
 * then spoiled (NUL, lone surrogates, deep nesting, huge strings, big numbers, wrong types, extra
 * and prototype keys), nasty path parameters and query strings, anonymously and as the owner of a
 * real list with items and a member, so that they reach the database. Whatever comes in, the answer
 * is never a 5xx, and every 4xx is in the error envelope. A failure prints the request and the seed.
 */

const routes: RouteOptions[] = [];
const t = useTestApp({ onRoute: (route) => void routes.push(route) });

/** Enough to meet every kind of spoilt input on every route, small enough for seconds per database. */
const RUNS_PER_ROUTE = 30;
/** The time grows with every route (some 20 s alone, with the voice-assistant routes): room for a machine busy with other test files. */
const FUZZ_TIMEOUT_MS = 120_000;

// ---- Nasty values ---------------------------------------------------------------------------

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit));
const anyCodeUnit = fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), loneSurrogate);
const nastyText = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udc00', '\udc00\ud800', '', ' ', '\u202e', '\uFEFF', '%00', '..'),
  fc.constantFrom(1_000, 100_000, 1_100_000).map((length) => 'x'.repeat(length)),
  fc.string({ unit: anyCodeUnit, maxLength: 20 }),
);
const nastyKey = fc.oneof(nastyText, fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra', 'toString'));

/** JSON text spliced into a body as it is, for what JSON.stringify cannot write. */
const RAW_FRAGMENTS = [
  '1e400', '-1e400', '123456789012345678901234567890', '-0', '"\\u0000"', '"\\ud800"',
  '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
  `${'['.repeat(200_000)}${']'.repeat(200_000)}`,
  `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`,
  '{', '', 'nul', '[1,]',
];
class Raw {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}
const nastyValue = fc.oneof(
  nastyText,
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 2, -(2 ** 63), 2 ** 31, -1, 0.5, 5e-324),
  fc.constantFrom(null, true, false, 0, [], {}, '42', [null], { a: 1 }),
  fc.constantFrom(...RAW_FRAGMENTS).map((text) => new Raw(text)),
);

/** One spoiling: at the `target`-th object or array of the body (or the body itself), set `key` to `value`. */
const mutation = fc.record({ target: fc.nat(), key: fc.option(nastyKey, { nil: undefined }), value: nastyValue });
type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;
/** A third of the bodies are left valid, so that requests also get past validation. */
const spoilings = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Mutation[]>([]) },
  { weight: 2, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }) },
);

function containersOf(root: unknown): object[] {
  const found: object[] = [];
  const pending = [root];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== 'object' || node instanceof Raw) continue;
    found.push(node);
    pending.push(...Object.values(node));
  }
  return found;
}

function spoil(body: unknown, mutations: Mutation[]): unknown {
  let spoilt = structuredClone(body);
  for (const { target, key, value } of mutations) {
    // A copy: fast-check hands out the same `{}` each time, and a body must not contain itself.
    const copy = value instanceof Raw ? value : structuredClone(value);
    const containers = containersOf(spoilt);
    const container = containers[target % (containers.length + 1)];
    if (!container) {
      spoilt = copy;
      continue;
    }
    const keys = Object.keys(container);
    const name = key ?? keys[target % Math.max(keys.length, 1)] ?? 'extra';
    // fast-check's strings include "length" on purpose; an array's length is not a JSON key.
    if (Array.isArray(container) && name === 'length') continue;
    // defineProperty, so that `__proto__` becomes a key and not the object's prototype.
    Object.defineProperty(container, name, { value: copy, enumerable: true, writable: true, configurable: true });
  }
  return spoilt;
}

/** JSON text of a spoilt body, with the raw fragments spliced in where they stand. */
function serialize(body: unknown): string {
  const fragments: string[] = [];
  const text = JSON.stringify(body, (_key, value: unknown) => {
    if (!(value instanceof Raw)) return value;
    fragments.push(value.text);
    return `@@raw${fragments.length - 1}@@`;
  });
  return (text ?? '').replace(/"@@raw(\d+)@@"/g, (_match, index: string) => fragments[Number(index)]!);
}

/** Path parameters as they go into the URL: already percent-encoded, or deliberately not. */
const nastyPathParam = fc.oneof(
  fc.constantFrom('%00', 'a%00b', '%ED%A0%80', '%ED%B0%80', '%C0%80', '%FF', '%', '%zz', '..', '.', '%2e%2e', '%2F', '%20'),
  fc.constantFrom(100, 101, PATH_PARAM_MAX_LENGTH, PATH_PARAM_MAX_LENGTH + 1, 5_000).map((length) => 'a'.repeat(length)),
  fc.string({ unit: anyCodeUnit, minLength: 1, maxLength: 20 }).map(percentEncode),
);
const nastyQuery = fc.oneof(
  { weight: 6, arbitrary: fc.constant('') },
  fc.constantFrom('?x=%00', '?x=%ED%A0%80', '?x=%', '?__proto__=1', '?a[b]=c&a[b]=d', '?ticket=%00', '?v=1&ticket=abc'),
  fc.constant(`?${'a'.repeat(5_000)}=1`),
  fc.tuple(fc.string({ unit: anyCodeUnit, maxLength: 10 }), fc.string({ unit: anyCodeUnit, maxLength: 10 }))
    .map(([key, value]) => `?${percentEncode(key)}=${percentEncode(value)}`),
);
const nastyContentType = fc.oneof(
  { weight: 10, arbitrary: fc.constant('application/json') },
  fc.constantFrom(
    'Application/JSON', 'application/json; charset=utf-16', 'application/json; charset=latin1', 'text/plain',
    'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x',
  ),
);

/** Percent-encodes every byte of the UTF-8 form (a lone surrogate becomes U+FFFD, as in any client). */
function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
}

// ---- The world the requests meet --------------------------------------------------------------

interface World {
  owner: TestUser;
  member: TestUser;
  token: string;
  /** A real value for each path parameter name the app uses (a new name gets a made-up value). */
  params: Record<string, string>;
}

async function createList(world: Omit<World, 'params'>): Promise<Record<string, string>> {
  const token = world.token;
  const list = await t.request({ method: 'POST', path: '/lists', token, body: { name: 'Groceries' } });
  const id: string = list.body.list.id;
  const items = await t.request({
    method: 'POST', path: `/lists/${id}/items/batch`, token, body: { items: [{ content: 'milk' }, { content: 'eggs' }] },
  });
  await t.request({
    method: 'POST', path: `/lists/${id}/shares`, token, body: { email: world.member.email, permission: 'edit' },
  });
  return { id, itemId: items.body.results[0].id, userId: world.member.user.id };
}

/** Puts back what a successful request took away: the owner's session, the list, its item, its member. */
async function heal(world: World): Promise<void> {
  if ((await t.request({ method: 'GET', path: '/auth/me', token: world.token })).status === 401) {
    const login = await t.request({ method: 'POST', path: '/auth/login', body: { email: world.owner.email, password: world.owner.password } });
    world.token = login.body.token;
  }
  const { id, itemId, userId } = world.params;
  const items = await t.request({ method: 'GET', path: `/lists/${id}/items`, token: world.token });
  const shares = await t.request({ method: 'GET', path: `/lists/${id}/shares`, token: world.token });
  const intact =
    items.status === 200 && items.body.items.some((item: { id: string }) => item.id === itemId) &&
    shares.status === 200 && shares.body.shares.some((share: { user_id: string }) => share.user_id === userId);
  if (!intact) world.params = await createList(world);
}

// ---- Requests ----------------------------------------------------------------------------------

interface FuzzRequest {
  method: string;
  /** Path parameters as they go into the URL; undefined stands for the world's real value. */
  params: Record<string, string | undefined>;
  query: string;
  signedIn: boolean;
  idempotencyKey?: string;
  contentType: string;
  body?: string;
}

const READ_METHODS = new Set(['GET', 'HEAD']);
const paramNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!);

function requestsFor(route: RouteOptions, method: string): fc.Arbitrary<FuzzRequest> {
  const params = Object.fromEntries(
    paramNames(route.url).map((name) => [name, fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, nastyPathParam)]),
  );
  const bodySchema = route.schema?.body;
  const validBody = bodySchema instanceof z.ZodType
    ? arbitraryOf(z.toJSONSchema(bodySchema, { io: 'output', unrepresentable: 'any' }) as JsonSchema)
    : fc.constant({});
  const body = !READ_METHODS.has(method)
    ? fc.tuple(validBody, spoilings).map(([value, mutations]) => serialize(spoil(value, mutations)))
    : fc.constant(undefined);
  return fc.record({
    method: fc.constant(method),
    params: fc.record(params),
    query: nastyQuery,
    signedIn: fc.boolean(),
    idempotencyKey: fc.option(fc.string({ unit: 'grapheme-ascii', maxLength: 210 }), { nil: undefined }),
    contentType: nastyContentType,
    body,
  });
}

function urlOf(route: RouteOptions, request: FuzzRequest, world: World): string {
  const path = route.url.replace(/:(\w+)/g, (_match, name: string) =>
    request.params[name] ?? encodeURIComponent(world.params[name] ?? 'unknown-param'));
  return `${path}${request.query}`;
}

it('never answers a generated request with a 5xx, and answers every 4xx in the envelope', async () => {
  const owner = await createUser(t);
  const member = await createUser(t);
  const world: World = { owner, member, token: owner.token, params: {} };
  world.params = await createList(world);
  expect(routes.length).toBeGreaterThan(20);

  for (const route of routes) {
    for (const method of [route.method].flat()) {
      await fc.assert(
        fc.asyncProperty(requestsFor(route, method), async (request) => {
          const url = urlOf(route, request, world);
          const response = await t.app.inject({
            method: request.method as 'GET',
            url,
            headers: {
              ...(request.signedIn ? { authorization: `Bearer ${world.token}` } : {}),
              ...(request.idempotencyKey === undefined ? {} : { 'idempotency-key': request.idempotencyKey }),
              ...(request.body === undefined ? {} : { 'content-type': request.contentType }),
            },
            ...(request.body === undefined ? {} : { payload: request.body }),
          });
          const answer = `${method} ${url.slice(0, 300)} answered ${response.statusCode} ${response.body.slice(0, 300)}`;
          // 501 is a designed answer, not a fault: the AI call asks for what no provider here can do.
          const designed = response.statusCode === 501 && JSON.parse(response.body).error?.code === 'ai_not_configured';
          if (!designed) expect(response.statusCode, answer).toBeLessThan(500);
          if (response.statusCode >= 400 && method !== 'HEAD') {
            expect(String(response.headers['content-type']), answer).toMatch(/^application\/json/);
            const text = expect.stringMatching(/\S/);
            // OAuth's endpoints answer in OAuth's format (RFC 6749 5.2), which its clients read.
            const envelope = route.config?.oauthErrors ? { error: text, error_description: text } : { error: { code: text, message: text } };
            // The MCP transport's refusals are JSON-RPC errors, which MCP clients read.
            const jsonRpc = { jsonrpc: '2.0', error: { code: expect.any(Number), message: text }, id: null };
            const body = JSON.parse(response.body);
            expect(body, answer).toEqual(route.config?.jsonRpcErrors && 'jsonrpc' in body ? jsonRpc : envelope);
          }
          if (request.signedIn && response.statusCode < 300 && !READ_METHODS.has(method)) await heal(world);
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
  }
}, FUZZ_TIMEOUT_MS);
