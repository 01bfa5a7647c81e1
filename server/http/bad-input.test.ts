import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH } from '../../common/constants.ts';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { createUser } from '../test/factories.ts';
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
const MIB = 1024 * 1024;

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
  { name: 'a JSON string', request: register('"a@example.com"'), status: 400, code: 'invalid_input' },
  { name: 'a JSON array', request: register('[{"email":"a@example.com"}]'), status: 400, code: 'invalid_input' },
  { name: 'JSON null', request: register('null'), status: 400, code: 'invalid_input' },
  { name: 'a JSON number', request: register('42'), status: 400, code: 'invalid_input' },
  {
    name: 'a __proto__ key',
    request: register('{"email":"proto@example.com","password":"secret1","__proto__":{"admin":true}}'),
    status: 400, code: 'invalid_json',
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
    name: 'DELETE on a POST-only path',
    request: { method: 'DELETE', path: '/auth/login' },
    status: 404, code: 'not_found',
  },
  {
    name: 'PATCH on a GET-only path',
    request: { method: 'PATCH', path: '/auth/me', body: {} },
    status: 404, code: 'not_found',
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
});
