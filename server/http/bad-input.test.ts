import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, JSON_MAX_DEPTH, PATH_PARAM_MAX_LENGTH } from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { createUser } from '../test/factories.ts';
import { insertList } from '../test/list-factories.ts';
import { useTestApp, type ApiRequest } from '../test/test-app.ts';

/**
 * Whatever a client sends, the answer is a 4xx in the error envelope, never a 500, and nothing
 * changes. Bodies given as strings go out as they are, so broken JSON reaches the server broken.
 */

const t = useTestApp();

const JSON_TYPE = { 'content-type': 'application/json' };
const login = (body: unknown, headers: Record<string, string> = JSON_TYPE): ApiRequest => ({
  method: 'POST',
  path: '/auth/login',
  body,
  headers,
});
const register = (body: unknown, headers: Record<string, string> = JSON_TYPE): ApiRequest => ({
  method: 'POST',
  path: '/auth/register',
  body: typeof body === 'string' ? body : JSON.stringify(body),
  headers,
});
/** A registration whose body is these bytes, as they are. */
const registerBytes = (bytes: Buffer, headers: Record<string, string> = JSON_TYPE): ApiRequest => ({ method: 'POST', path: '/auth/register', body: bytes, headers });
const jsonBytes = (before: string, bytes: number[], after: string) => Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)]);
const MIB = 1024 * 1024;
/** JSON text of arrays nested `depth` levels deep. */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

interface Case {
  name: string;
  request: ApiRequest;
  status: number;
  code: string;
  /** The exact message, when we promise one. */
  message?: string;
}

const cases: Case[] = [
  // The body is not JSON, or not the JSON object the route expects.
  {
    name: 'malformed JSON',
    request: register('{"email": "a@example.com",'),
    status: 400, code: 'invalid_json', message: SERVER_MESSAGES.invalidJson,
  },
  {
    name: 'an empty JSON body',
    request: register(''),
    status: 400, code: 'invalid_json', message: SERVER_MESSAGES.invalidJson,
  },
  ...[
    ['a JSON string', '"a@example.com"'],
    ['a JSON array', '[{"email":"a@example.com"}]'],
    ['JSON null', 'null'],
    ['a JSON number', '42'],
  ].map(([name, body]) => ({
    name: name!,
    request: register(body),
    status: 400, code: 'invalid_input', message: SERVER_MESSAGES.bodyNotObject,
  })),
  {
    name: 'no body at all',
    request: { method: 'POST', path: '/auth/register' },
    status: 400, code: 'invalid_input', message: SERVER_MESSAGES.bodyNotObject,
  },
  {
    name: 'a __proto__ key',
    request: register('{"email":"proto@example.com","password":"secret1","__proto__":{"admin":true}}'),
    status: 400, code: 'invalid_json', message: SERVER_MESSAGES.jsonPrototypeKey,
  },
  {
    name: 'a constructor.prototype key',
    request: register('{"email":"c@example.com","password":"secret1","constructor":{"prototype":{"admin":true}}}'),
    status: 400, code: 'invalid_json', message: SERVER_MESSAGES.jsonPrototypeKey,
  },
  {
    name: 'JSON nested one level past the limit',
    request: register(`{"email":"deep@example.com","password":"secret1","first_name":${nested(JSON_MAX_DEPTH)}}`),
    status: 400, code: 'invalid_json', message: SERVER_MESSAGES.jsonTooDeep,
  },
  {
    name: 'JSON nested half a million levels deep (just under the body limit)',
    request: register(nested(500_000)),
    status: 400, code: 'invalid_json', message: SERVER_MESSAGES.jsonTooDeep,
  },
  // Text no database column can hold, anywhere in the request.
  {
    name: 'a NUL character in a value',
    request: register({ email: 'nul\u0000@example.com', password: 'secret1' }),
    status: 400, code: 'invalid_input', message: SERVER_MESSAGES.textNotAllowed,
  },
  {
    name: 'a lone surrogate in a key',
    request: register('{"email":"key@example.com","password":"secret1","\\ud800":1}'),
    status: 400, code: 'invalid_input', message: SERVER_MESSAGES.textNotAllowed,
  },
  {
    name: 'an encoded NUL in a path parameter',
    request: { method: 'GET', path: '/lists/public/a%00b' },
    status: 400, code: 'invalid_input', message: SERVER_MESSAGES.textNotAllowed,
  },
  {
    name: 'an encoded NUL in the query string',
    request: { method: 'GET', path: '/lists/public/x?ticket=%00' },
    status: 400, code: 'invalid_input', message: SERVER_MESSAGES.textNotAllowed,
  },
  // URLs the router cannot read.
  {
    name: 'malformed percent-encoding in the path',
    request: { method: 'GET', path: '/lists/public/%E0%A4%A' },
    status: 400, code: 'bad_url', message: SERVER_MESSAGES.badUrl,
  },
  {
    name: 'a lone % in the path',
    request: { method: 'DELETE', path: '/lists/%' },
    status: 400, code: 'bad_url', message: SERVER_MESSAGES.badUrl,
  },
  {
    name: 'an encoded lone surrogate in the path',
    request: { method: 'GET', path: '/lists/public/%ED%A0%80' },
    status: 400, code: 'bad_url', message: SERVER_MESSAGES.badUrl,
  },
  {
    name: 'malformed percent-encoding in the query',
    request: { method: 'GET', path: '/health?x=%E0%A4%A' },
    status: 400, code: 'bad_url', message: SERVER_MESSAGES.badUrl,
  },
  {
    name: 'a lone % in the query of a call that needs a sign-in',
    request: { method: 'GET', path: '/lists?x=%' },
    status: 400, code: 'bad_url', message: SERVER_MESSAGES.badUrl,
  },
  {
    name: 'an encoded lone surrogate in the query',
    request: { method: 'GET', path: '/health?x=%ED%A0%80' },
    status: 400, code: 'bad_url', message: SERVER_MESSAGES.badUrl,
  },
  {
    name: 'a path parameter over the limit',
    request: { method: 'GET', path: `/lists/public/${'a'.repeat(PATH_PARAM_MAX_LENGTH + 1)}` },
    status: 414, code: 'url_too_long', message: SERVER_MESSAGES.pathParamTooLong,
  },
  {
    name: 'a 10,000-character path',
    request: { method: 'GET', path: `/${'a'.repeat(10_000)}` },
    status: 404, code: 'not_found', message: SERVER_MESSAGES.notFound,
  },
  // Wrong types, missing and unknown fields.
  {
    name: 'a number for the e-mail',
    request: register({ email: 42, password: 'secret1' }),
    status: 400, code: 'invalid_input', message: SERVER_MESSAGES.invalidEmail,
  },
  {
    name: 'an object for the password',
    request: register({ email: 'obj@example.com', password: { $ne: '' } }),
    status: 400, code: 'invalid_input', message: SERVER_MESSAGES.passwordTooShort,
  },
  {
    name: 'a boolean for the first name',
    request: register({ email: 'bool@example.com', password: 'secret1', first_name: true }),
    status: 400, code: 'invalid_input',
  },
  {
    name: 'an array for the e-mail on login',
    request: login({ email: ['a@example.com'], password: 'secret1' }),
    status: 400, code: 'invalid_input', message: SERVER_MESSAGES.invalidEmail,
  },
  { name: 'no fields at all', request: register({}), status: 400, code: 'invalid_input' },
  { name: 'no password on login', request: login({ email: 'a@example.com' }), status: 400, code: 'invalid_input' },
  {
    name: 'no token on reset confirm',
    request: { method: 'POST', path: '/auth/password-reset/confirm', body: { newPassword: 'secret1' } },
    status: 400, code: 'invalid_input',
  },
  {
    name: 'an unknown field',
    request: register({ email: 'extra@example.com', password: 'secret1', is_admin: true }),
    status: 400, code: 'invalid_input',
  },
  {
    name: 'an e-mail over the length limit',
    request: register({ email: `${'a'.repeat(EMAIL_MAX_LENGTH)}@example.com`, password: 'secret1' }),
    status: 400, code: 'invalid_input', message: SERVER_MESSAGES.invalidEmail,
  },
  // Size and content type.
  {
    name: 'a body over 1 MiB',
    request: register({ email: 'big@example.com', password: 'secret1', first_name: 'x'.repeat(MIB) }),
    status: 413, code: 'too_large', message: SERVER_MESSAGES.bodyTooLarge,
  },
  // Bytes that are not the UTF-8 JSON is: stored as U+FFFD by a lenient decoder, so refused.
  {
    name: 'bytes that are not UTF-8',
    request: registerBytes(jsonBytes('{"email":"bytes@example.com","password":"secret1","first_name":"a', [0xff, 0xfe, 0xc3], '"}')),
    status: 400, code: 'invalid_json', message: SERVER_MESSAGES.bodyNotUtf8,
  },
  {
    name: 'a lone surrogate encoded in UTF-8',
    request: registerBytes(jsonBytes('{"email":"surrogate@example.com","password":"secret1","first_name":"a', [0xed, 0xa0, 0x80], '"}')),
    status: 400, code: 'invalid_json', message: SERVER_MESSAGES.bodyNotUtf8,
  },
  {
    name: 'a Latin-1 body',
    request: registerBytes(jsonBytes('{"email":"latin@example.com","password":"secret1","first_name":"caf', [0xe9], '"}'), {
      'content-type': 'application/json; charset=latin1',
    }),
    status: 415, code: 'unsupported_media_type', message: SERVER_MESSAGES.bodyNotUtf8,
  },
  {
    name: 'a body said to be gzip-compressed',
    request: register({ email: 'gzip@example.com', password: 'secret1' }, { ...JSON_TYPE, 'content-encoding': 'gzip' }),
    status: 415, code: 'unsupported_media_type', message: SERVER_MESSAGES.bodyEncodingUnsupported,
  },
  {
    name: 'an XML body',
    request: register('<email>xml@example.com</email>', { 'content-type': 'application/xml' }),
    status: 415, code: 'unsupported_media_type', message: SERVER_MESSAGES.unsupportedMediaType,
  },
  {
    name: 'a form-encoded body',
    request: register('email=form%40example.com&password=secret1', {
      'content-type': 'application/x-www-form-urlencoded',
    }),
    status: 415, code: 'unsupported_media_type',
  },
  {
    name: 'no content type',
    request: register({ email: 'none@example.com', password: 'secret1' }, {}),
    status: 415, code: 'unsupported_media_type',
  },
  {
    name: 'a text/plain body',
    request: register({ email: 'text@example.com', password: 'secret1' }, { 'content-type': 'text/plain' }),
    status: 415, code: 'unsupported_media_type',
  },
  // Unknown routes and methods, with and without a body.
  {
    name: 'an unknown route',
    request: { method: 'GET', path: '/no-such-thing' },
    status: 404, code: 'not_found', message: SERVER_MESSAGES.notFound,
  },
  {
    name: 'an unknown route with a body',
    request: { method: 'POST', path: '/auth/no-such-call', body: { email: 'a@example.com' } },
    status: 404, code: 'not_found',
  },
  {
    name: 'a plain GET on the live-subscription socket (no upgrade)',
    request: { method: 'GET', path: '/realtime' },
    status: 404, code: 'not_found', message: SERVER_MESSAGES.notFound,
  },
  {
    name: 'DELETE on a POST-only path',
    request: { method: 'DELETE', path: '/auth/login' },
    status: 405, code: 'method_not_allowed', message: SERVER_MESSAGES.methodNotAllowed,
  },
  {
    name: 'PATCH on a GET-only path',
    request: { method: 'PATCH', path: '/auth/me', body: {} },
    status: 405, code: 'method_not_allowed',
  },
  {
    name: 'PATCH on an item, a path with ids',
    request: { method: 'PATCH', path: '/lists/0190c1a2-0000-7000-8000-000000000001/items/0190c1a2-0000-7000-8000-000000000002', body: {} },
    status: 405, code: 'method_not_allowed',
  },
  // Authorization headers that carry no usable token.
  {
    name: 'a garbage bearer token',
    request: { method: 'GET', path: '/auth/me', headers: { authorization: 'Bearer \u0001not-a-token' } },
    status: 401, code: 'unauthorized',
  },
  {
    name: 'a non-bearer authorization',
    request: { method: 'GET', path: '/auth/me', headers: { authorization: 'Basic YTpi' } },
    status: 401, code: 'unauthorized',
  },
];

async function countUsers(): Promise<number> {
  const row = await t.database.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('bad input', () => {
  it.each(cases)('answers $name with $status $code, and changes nothing', async (testCase) => {
    const { request, status, code, message } = testCase;
    const usersBefore = await countUsers();
    const response = await t.request(request);
    expect(response.status).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toEqual({ error: { code, message: message ?? expect.any(String) } });
    expect(response.body.error.message).not.toBe('');
    expect(await countUsers()).toBe(usersBefore);
  });

  it('names the methods a path takes when it is called with another one (405 with Allow)', async () => {
    const allow = async (method: string, path: string) => (await t.request({ method, path, body: {} })).headers.allow;
    expect(await allow('DELETE', '/auth/login')).toBe('POST');
    expect(await allow('PATCH', '/auth/me')).toBe('GET, HEAD');
    expect(await allow('PATCH', '/lists/0190c1a2-0000-7000-8000-000000000001/items/0190c1a2-0000-7000-8000-000000000002')).toBe('PUT, DELETE');
    expect(await allow('DELETE', '/no-such-thing')).toBeUndefined();
    expect((await t.request({ method: 'DELETE', path: '/auth/login' })).headers['cache-control']).toBe('no-store');
  });

  it('leaves the server answering normally afterwards', async () => {
    const user = await createUser(t);
    expect((await t.request({ method: 'GET', path: '/health' })).status).toBe(200);
    expect((await t.request({ method: 'GET', path: '/auth/me', token: user.token })).status).toBe(200);
  });

  it('takes a body just under the limit (the limit is not set too low)', async () => {
    // About 1000 KiB: refused as invalid input (the first name is too long), not as too large.
    const firstName = 'x'.repeat(MIB - 24 * 1024);
    const body = { email: 'near@example.com', password: 'secret1', first_name: firstName };
    const response = await t.request(register(body));
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid_input');
  });

  it('takes an empty body said to be JSON on a call that takes no body (many clients say so always)', async () => {
    const user = await createUser(t);
    const ticket = await t.request({ method: 'POST', path: '/auth/realtime-token', token: user.token, body: '', headers: JSON_TYPE });
    expect(ticket.status).toBe(200);
    const logout = await t.request({ method: 'POST', path: '/auth/logout', token: user.token, body: '', headers: JSON_TYPE });
    expect(logout.status).toBe(204);
  });

  it('takes UTF-8 said in any spelling, and an identity Content-Encoding', async () => {
    for (const [index, headers] of [{ 'content-type': 'application/json; charset=UTF-8' }, { ...JSON_TYPE, 'content-encoding': 'identity' }].entries()) {
      const response = await t.request(register({ email: `utf8-${index}@example.com`, password: 'secret1', first_name: 'Zoë' }, headers));
      expect(response.status).toBe(201);
      expect(response.body.user.first_name).toBe('Zoë');
    }
  });
});

describe('bad input that would reach the database', () => {
  async function ownerWithItem() {
    const owner = await createUser(t);
    const listId = await insertList(t, owner.user.id);
    const created = await t.request({
      method: 'POST', path: `/lists/${listId}/items`, token: owner.token, body: { content: 'milk' },
    });
    return { owner, listId, itemPath: `/lists/${listId}/items/${created.body.id}` };
  }

  it.each([
    ['a NUL in an item property key', { properties: { 'a\u0000': 1 } }],
    ['a lone surrogate in an item property value', { properties: { note: 'x\udc00' } }],
    ['a NUL in the content', { content: 'eggs\u0000' }],
  ])('refuses %s with 400 and stores nothing', async (_name, body) => {
    const { owner, itemPath } = await ownerWithItem();
    const response = await t.request({ method: 'PUT', path: itemPath, token: owner.token, body });
    expect(response.body).toEqual({ error: { code: 'invalid_input', message: SERVER_MESSAGES.textNotAllowed } });
    const items = await t.request({ method: 'GET', path: itemPath.replace(/\/[^/]+$/, ''), token: owner.token });
    expect(items.body.items.map((item: { content: string; properties: object }) => [item.content, item.properties]))
      .toEqual([['milk', {}]]);
  });

  it('refuses a list name and custom prompts holding text no column can hold', async () => {
    const { owner, listId } = await ownerWithItem();
    const answers = await Promise.all([
      t.request({ method: 'POST', path: '/lists', token: owner.token, body: { name: 'a\ud800b' } }),
      t.request({ method: 'PUT', path: `/lists/${listId}/custom-prompts`, token: owner.token, body: { custom_prompts: ['\u0000'] } }),
    ]);
    for (const answer of answers) expect(answer.body.error?.message).toBe(SERVER_MESSAGES.textNotAllowed);
  });

  it('refuses deeply nested properties with an Idempotency-Key (the fingerprint walks the body)', async () => {
    const { owner, itemPath } = await ownerWithItem();
    const response = await t.request({
      method: 'PUT',
      path: itemPath,
      token: owner.token,
      headers: { ...JSON_TYPE, 'idempotency-key': 'deep-1' },
      body: `{"properties":{"a":${nested(100_000)}}}`,
    });
    expect(response.body).toEqual({ error: { code: 'invalid_json', message: SERVER_MESSAGES.jsonTooDeep } });
  });

  it('stores properties nested right up to the limit (the limit is not set too low)', async () => {
    const { owner, itemPath } = await ownerWithItem();
    // The body object and the property map are two levels of the limit.
    const body = `{"properties":{"a":${nested(JSON_MAX_DEPTH - 2)}}}`;
    const response = await t.request({ method: 'PUT', path: itemPath, token: owner.token, headers: JSON_TYPE, body });
    expect(response.status).toBe(200);
    expect(JSON.stringify(response.body.properties.a)).toBe(nested(JSON_MAX_DEPTH - 2));
  });

  it('takes a path parameter as long as the longest e-mail address', async () => {
    const { owner, listId } = await ownerWithItem();
    const email = `${'a'.repeat(EMAIL_MAX_LENGTH - '@example.com'.length)}@example.com`;
    const invited = await t.request({ method: 'POST', path: `/lists/${listId}/shares`, token: owner.token, body: { email, permission: 'view' } });
    expect(invited.status).toBe(201);
    const removed = await t.request({ method: 'DELETE', path: `/lists/${listId}/shares/${encodeURIComponent(email)}`, token: owner.token });
    expect(removed.status).toBe(204);
  });
});

describe('requests Node refuses before Fastify sees them', () => {
  /** Writes raw bytes to the listening app and reads the answer up to the closed connection. */
  async function rawRequest(text: string): Promise<{ status: number; contentType?: string; body: unknown }> {
    if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as net.AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString('latin1')));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    return {
      status: Number(head.split(' ')[1]),
      contentType: head.match(/^content-type: (.*)$/im)?.[1],
      body: JSON.parse(body),
    };
  }

  it.each([
    ['a NUL byte in a header value', 'GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Note: a\u0000b\r\n\r\n', 400, 'bad_request', SERVER_MESSAGES.badHttp],
    ['headers over 16 KiB', `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Note: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'headers_too_large', SERVER_MESSAGES.headersTooLarge],
    ['a URL over 16 KiB', `GET /api/v1/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431, 'headers_too_large', SERVER_MESSAGES.headersTooLarge],
    ['something that is not HTTP', 'HELLO\r\n\r\n', 400, 'bad_request', SERVER_MESSAGES.badHttp],
  ])('answers %s in the envelope', async (_name, text, status, code, message) => {
    const answer = await rawRequest(text);
    expect(answer).toEqual({ status, contentType: 'application/json; charset=utf-8', body: { error: { code, message } } });
  });
});
