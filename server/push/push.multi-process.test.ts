import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../common/constants.ts';
import { waitUntil } from '../test/live.ts';
import { killChildServers, startChildServer, type ChildServer } from '../test/child-server.ts';
import { startTestPushService, type TestPushService } from '../test/push-service.ts';
import { runAdminQuery, urlWithSchema, usesPostgres } from '../test/test-database.ts';
import { newVapidKeys } from './vapid.ts';

/**
 * Two real `node server/main.ts` processes on one PostgreSQL schema, each with its timer and its
 * sweep for the windows that are over: a list's changes written through both go out as one
 * message per member and window, whichever process claims it.
 */
describe.skipIf(!usesPostgres())('notifications from two server processes on one PostgreSQL', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `test_push_${crypto.randomBytes(6).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-push-mp-'));
  const vapid = newVapidKeys();
  let service: TestPushService;
  let a: ChildServer;
  let b: ChildServer;

  beforeAll(async () => {
    service = await startTestPushService(vapid.publicKey);
    const caFile = path.join(dataDir, 'push-ca.pem');
    fs.writeFileSync(caFile, service.certificate);
    await runAdminQuery(url, `create schema ${schema}`);
    const env = {
      DATABASE_URL: urlWithSchema(url, schema),
      LISTO_SECRET: crypto.randomBytes(32).toString('base64url'),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      PUSH_ALLOW_LOOPBACK: 'true',
      PUSH_WINDOW_SECONDS: '1',
      // The test push service's certificate, trusted by Node's TLS in the child.
      NODE_EXTRA_CA_CERTS: caFile,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RATE_LIMIT_AUTH: '0',
      LOG_LEVEL: 'warn',
    };
    a = await startChildServer(env);
    b = await startChildServer(env);
  });

  afterAll(async () => {
    await Promise.all([a?.stop('SIGTERM'), b?.stop('SIGTERM')]);
    await killChildServers();
    await runAdminQuery(url, `drop schema if exists ${schema} cascade`);
    await service?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function http(server: ChildServer, method: string, route: string, token?: string, body?: unknown) {
    const response = await fetch(`${server.url}${API_BASE_PATH}${route}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}\n${server.output()}`);
    return text ? JSON.parse(text) : undefined;
  }

  async function register(server: ChildServer, firstName: string) {
    const email = `${firstName.toLowerCase()}-${crypto.randomBytes(4).toString('hex')}@example.com`;
    return http(server, 'POST', '/auth/register', undefined, { email, password: 'secret-password', first_name: firstName });
  }

  it('sends one message per member for a window whose changes both processes took', async () => {
    const anna = await register(a, 'Anna');
    const ben = await register(b, 'Ben');
    const { list } = await http(a, 'POST', '/lists', anna.token, { name: 'Groceries' });
    await runAdminQuery(
      url,
      `insert into ${schema}.list_shares (list_id, user_id, email, permission, status, shared_by, created_at)
       values ('${list.id}', '${ben.user.id}', '${ben.user.email}', 'edit', 'accepted', '${anna.user.id}', now())`,
    );
    const phone = service.newDevice();
    await http(b, 'PUT', '/push/subscription', ben.token, phone.subscription);

    const names = ['milk', 'eggs', 'bread', 'butter', 'tea', 'jam'];
    for (const [index, content] of names.entries()) {
      await http(index % 2 === 0 ? a : b, 'POST', `/lists/${list.id}/items`, anna.token, { content });
    }
    await waitUntil(() => service.received.length > 0, 'the message');
    // Both processes sweep every window: give each two more chances to send it again.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(service.received.map((push) => push.payload.notification.body)).toEqual(['Anna added milk, eggs and 4 more to Groceries']);
    expect(service.refused).toEqual([]);
  });
});
