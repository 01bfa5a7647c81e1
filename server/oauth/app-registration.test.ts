import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../common/constants.ts';
import { APP_OAUTH_MESSAGES, APP_REGISTRATION_PATH, CLIENT_DOCUMENT_LIMITS, REGISTRATION_LIMITS } from '../../common/oauth-apps.ts';
import { waitUntil } from '../test/live.ts';
import { createUser } from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { APP_REDIRECT_URI, connectApp, consentQuery, viewConsent } from '../test/oauth-apps.ts';
import { pkcePair } from '../test/oauth-linking.ts';

/** Apps registering themselves (RFC 7591) and client ID metadata documents, with their bounds. */

/**
 * A fake app's web server on 127.0.0.1: serves whatever the test puts at a path, and never answers
 * `/slow` (the fetch's time limit ends it).
 */
const documents = new Map<string, { status?: number; body: string; headers?: Record<string, string> }>();
const fetched: string[] = [];
const server = http.createServer((request, response) => {
  fetched.push(request.url!);
  if (request.url === '/slow') return;
  const found = documents.get(request.url!);
  if (!found) return void response.writeHead(404).end();
  response.writeHead(found.status ?? 200, { 'content-type': 'application/json', ...found.headers }).end(found.body);
});
let origin = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** DNS, faked at the wire: `private.example` resolves to a private address, anything else as the system has it. */
const lookup = ((hostname: string, options: dns.LookupAllOptions, callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void) => {
  if (hostname === 'private.example') return callback(null, [{ address: '10.1.2.3', family: 4 }]);
  dns.lookup(hostname, options, callback);
}) as typeof dns.lookup;

const TIMEOUT_MS = 200;
const t = useTestApp({
  config: { oauthApps: { allowLoopbackDocuments: true } },
  clientDocuments: { lookup, timeoutMs: TIMEOUT_MS },
  maintenanceIntervalMs: 20,
});

/** Serves a client metadata document at `path`, naming itself; answers its URL, the client_id. */
function serveDocument(path: string, fields: Record<string, unknown> = {}): string {
  const clientId = `${origin}${path}`;
  documents.set(path, { body: JSON.stringify({ client_id: clientId, client_name: 'Doc App', redirect_uris: [APP_REDIRECT_URI], ...fields }) });
  return clientId;
}

const register = (body: Record<string, unknown>, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: `${API_BASE_PATH}${APP_REGISTRATION_PATH}`, payload: { redirect_uris: [APP_REDIRECT_URI], ...body }, remoteAddress });

describe('dynamic client registration', () => {
  it('registers a public client and answers its id', async () => {
    const response = await register({ client_name: 'Claude', token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], logo_uri: 'https://x.example/logo.png' }, '192.0.2.10');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      client_id: expect.stringMatching(/^app_/),
      client_id_issued_at: expect.any(Number),
      client_name: 'Claude',
      redirect_uris: [APP_REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
  });

  it.each([
    ['a plain-HTTP redirect URI off this machine', { redirect_uris: ['http://app.example/cb'] }, 'invalid_redirect_uri'],
    ['a redirect URI with a fragment', { redirect_uris: ['https://app.example/cb#x'] }, 'invalid_redirect_uri'],
    ['a custom scheme', { redirect_uris: ['javascript:alert(1)'] }, 'invalid_redirect_uri'],
    ['no redirect URI', { redirect_uris: [] }, 'invalid_client_metadata'],
    ['a client secret', { token_endpoint_auth_method: 'client_secret_basic' }, 'invalid_client_metadata'],
    ['the implicit grant', { grant_types: ['implicit'] }, 'invalid_client_metadata'],
  ])('refuses %s, and registers nothing', async (_case, body, error) => {
    const before = await t.database.db.selectFrom('oauth_clients').select('id').execute();
    const response = await register(body, '192.0.2.11');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(error);
    expect(await t.database.db.selectFrom('oauth_clients').select('id').execute()).toHaveLength(before.length);
  });

  it(`keeps at most ${REGISTRATION_LIMITS.maxClients} clients, and deletes unused ones after a day`, async () => {
    const { db } = t.database;
    const existing = (await db.selectFrom('oauth_clients').select('id').execute()).length;
    const now = t.clock.now.toISOString();
    const rows = Array.from({ length: REGISTRATION_LIMITS.maxClients - existing }, (_, i) => ({ id: `app_filler${i}`, name: 'Filler', redirect_uris: '[]', created_at: now }));
    for (let i = 0; i < rows.length; i += 200) await db.insertInto('oauth_clients').values(rows.slice(i, i + 200)).execute();
    const full = await register({}, '192.0.2.14');
    expect(full.statusCode).toBe(429);
    expect(full.json().error_description).toBe(APP_OAUTH_MESSAGES.registrationsFull);
    // A client a user allowed stays, however old.
    const user = await createUser(t);
    await db.updateTable('oauth_clients').set({ redirect_uris: JSON.stringify([APP_REDIRECT_URI]) }).where('id', '=', 'app_filler0').execute();
    await connectApp(t, user, { client_id: 'app_filler0' });
    t.clock.advance(REGISTRATION_LIMITS.unusedClientTtlS * 1000 + 1000);
    const fillersLeft = () => db.selectFrom('oauth_clients').select('id').where('id', 'like', 'app_filler%').execute();
    await waitUntil(async () => (await fillersLeft()).length === 1, 'the unused clients purged');
    expect(await fillersLeft()).toEqual([{ id: 'app_filler0' }]);
    expect((await register({}, '192.0.2.14')).statusCode).toBe(201);
  });
});

describe('client ID metadata documents', () => {
  it('are fetched once, and name the app on the consent page', async () => {
    const clientId = serveDocument('/clients/good.json');
    const user = await createUser(t);
    const query = consentQuery(clientId, pkcePair().challenge);
    const response = await viewConsent(t, user, query);
    expect(response.body).toMatchObject({ outcome: 'consent', client: { name: 'Doc App', redirect_host: '127.0.0.1:33418' } });
    await viewConsent(t, user, query);
    expect(fetched.filter((path) => path === '/clients/good.json')).toHaveLength(1);
    const connection = await connectApp(t, user, { client_id: clientId });
    expect(connection.accessToken).toEqual(expect.any(String));
  });

  /** The consent page refuses the request as from an unknown app. */
  async function expectRefused(clientId: string) {
    const user = await createUser(t);
    const response = await viewConsent(t, user, consentQuery(clientId, pkcePair().challenge));
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid_client');
  }

  it('refuse a document that is too large', async () => {
    const clientId = serveDocument('/clients/large.json', { padding: 'x'.repeat(CLIENT_DOCUMENT_LIMITS.maxBytes) });
    await expectRefused(clientId);
  });

  it('refuse a document sent without a length that grows too large', async () => {
    const clientId = `${origin}/clients/chunked.json`;
    documents.set('/clients/chunked.json', { body: JSON.stringify({ client_id: clientId, redirect_uris: [APP_REDIRECT_URI], padding: 'x'.repeat(CLIENT_DOCUMENT_LIMITS.maxBytes) }), headers: { 'transfer-encoding': 'chunked' } });
    await expectRefused(clientId);
  });

  it(`refuse a server that does not answer within the time limit`, async () => {
    await expectRefused(`${origin}/slow`);
    expect(fetched).toContain('/slow');
  });

  it('refuse a redirect, which is not followed', async () => {
    const target = serveDocument('/clients/target.json');
    documents.set('/clients/moved.json', { status: 302, body: '', headers: { location: target } });
    fetched.length = 0;
    await expectRefused(`${origin}/clients/moved.json`);
    expect(fetched).toEqual(['/clients/moved.json']);
  });

  it('refuse a document naming another client_id, or no redirect URI, or not JSON', async () => {
    await expectRefused(serveDocument('/clients/other.json', { client_id: 'https://someone.example/client.json' }));
    await expectRefused(serveDocument('/clients/none.json', { redirect_uris: [] }));
    documents.set('/clients/text.json', { body: 'hello' });
    await expectRefused(`${origin}/clients/text.json`);
  });

  it.each([
    ['a private address', 'https://10.0.0.1/client.json'],
    ['a link-local address (cloud metadata)', 'https://169.254.169.254/latest/meta-data'],
    ['a private address inside IPv6', 'https://[::ffff:192.168.1.1]/client.json'],
    ['a unique-local IPv6 address', 'https://[fd00::1]/client.json'],
    ['a name that resolves to a private address', 'https://private.example/client.json'],
    ['a bare name a local resolver answers', 'https://router/client.json'],
  ])('refuse %s, fetching nothing', async (_case, clientId) => {
    fetched.length = 0;
    await expectRefused(clientId);
    expect(fetched).toEqual([]);
  });

  it('are not fetched over plain HTTP from anywhere but loopback', async () => {
    await expectRefused('http://app.example/client.json');
  });
});
