import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildServer } from '../test/child-server.ts';
import { waitUntil } from '../test/live.ts';
import { startTestPushService, type TestPushService } from '../test/push-service.ts';
import { runAdminQuery, usesPostgres } from '../test/test-database.ts';
import { callProcess, startTwoProcesses, type TwoProcesses } from '../test/two-processes.ts';
import { newVapidKeys } from './vapid.ts';

/**
 * Two real `node server/main.ts` processes on one PostgreSQL schema, each with its timer and its
 * sweep for the windows that are over: a list's changes written through both go out as one
 * message per member and window, whichever process claims it.
 */
describe.skipIf(!usesPostgres())('notifications from two server processes on one PostgreSQL', () => {
  const vapid = newVapidKeys();
  let service: TestPushService;
  let processes: TwoProcesses;
  let a: ChildServer;
  let b: ChildServer;

  beforeAll(async () => {
    service = await startTestPushService(vapid.publicKey);
    processes = await startTwoProcesses((dataDir) => {
      const caFile = path.join(dataDir, 'push-ca.pem');
      fs.writeFileSync(caFile, service.certificate);
      return {
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        PUSH_ALLOW_LOOPBACK: 'true',
        PUSH_WINDOW_SECONDS: '1',
        // The test push service's certificate, trusted by Node's TLS in the child.
        NODE_EXTRA_CA_CERTS: caFile,
      };
    });
    ({ a, b } = processes);
  });

  afterAll(async () => {
    await processes?.stop();
    await service?.close();
  });

  const http = callProcess;

  async function register(server: ChildServer, firstName: string) {
    const email = `${firstName.toLowerCase()}-${crypto.randomBytes(4).toString('hex')}@example.com`;
    return http(server, 'POST', '/auth/register', undefined, { email, password: 'secret-password', first_name: firstName });
  }

  it('sends one message per member for a window whose changes both processes took', async () => {
    const anna = await register(a, 'Anna');
    const ben = await register(b, 'Ben');
    const { list } = await http(a, 'POST', '/lists', anna.token, { name: 'Groceries' });
    await runAdminQuery(
      process.env.TEST_DATABASE_URL!,
      `insert into ${processes.schema}.list_shares (list_id, user_id, email, permission, status, shared_by, created_at)
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
