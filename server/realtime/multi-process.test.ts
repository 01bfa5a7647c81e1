import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../common/constants.ts';
import { CLOSE_CODES, REALTIME_MESSAGES, REALTIME_PATH } from '../../common/realtime.ts';
import type { ChildServer } from '../test/child-server.ts';
import { usesPostgres } from '../test/test-database.ts';
import { TestSocket, waitUntil } from '../test/live.ts';
import { callProcess, startTwoProcesses, type TwoProcesses } from '../test/two-processes.ts';

/**
 * Two real `node server/main.ts` processes on one PostgreSQL schema: a ticket issued by one opens
 * a socket on the other, and a change written through either reaches subscribers on both, once,
 * through LISTEN/NOTIFY. Only on PostgreSQL (SQLite is one process by design).
 */
describe.skipIf(!usesPostgres())('two server processes on one PostgreSQL', () => {
  let processes: TwoProcesses;
  let a: ChildServer;
  let b: ChildServer;

  beforeAll(async () => {
    processes = await startTwoProcesses();
    ({ a, b } = processes);
  });

  afterAll(() => processes?.stop());

  const http = callProcess;

  /** A socket on `server`, opened with a ticket that `issuer` gave out. */
  async function socketOn(server: ChildServer, issuer: ChildServer, token: string): Promise<TestSocket> {
    const { ticket } = await http(issuer, 'POST', '/auth/realtime-token', token);
    const socket = new TestSocket(`${server.url.replace('http', 'ws')}${API_BASE_PATH}${REALTIME_PATH}?ticket=${ticket}`);
    await socket.opened;
    return socket;
  }

  it('delivers a change made through one process to a subscriber on the other, each once', async () => {
    const email = `mp-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const { token } = await http(a, 'POST', '/auth/register', undefined, { email, password: 'secret-password' });
    const { list } = await http(a, 'POST', '/lists', token, { name: 'Across processes' });

    // A ticket from A opens a socket on B: tickets live in the database, not in a process.
    const onB = await socketOn(b, a, token);
    const onA = await socketOn(a, b, token);
    for (const socket of [onA, onB]) {
      expect(await socket.subscribe('i', 'items', { listId: list.id })).toMatchObject({ type: 'snapshot', seq: 1 });
      await socket.subscribe('l', 'lists');
    }

    const N = 20;
    const written: string[] = [];
    for (let i = 0; i < N; i++) {
      // Alternate the process that takes the write.
      const item = await http(i % 2 === 0 ? a : b, 'POST', `/lists/${list.id}/items`, token, { content: `item ${i}` });
      written.push(item.id);
    }
    await http(b, 'PUT', `/lists/${list.id}`, token, { name: 'Renamed on B' });

    for (const socket of [onA, onB]) {
      await waitUntil(() => socket.seqs.get('i') === N + 1, 'every item');
      const added = socket.changesOf('i').map((change) => (change.doc as { id: string }).id);
      expect(added.sort()).toEqual([...written].sort());
      await socket.next(
        (m) => m.type === 'change' && m.id === 'l' && (m.changes[0]!.doc as { name: string }).name === 'Renamed on B',
        'the rename',
      );
    }
    onA.close();
    onB.close();
  });

  it('closes a socket on one process when its session ends through the other', async () => {
    const email = `mp-out-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const { token } = await http(a, 'POST', '/auth/register', undefined, { email, password: 'secret-password' });
    const onB = await socketOn(b, a, token);
    await onB.subscribe('u', 'user');
    await http(a, 'POST', '/auth/logout', token);
    expect(await onB.closed).toEqual({ code: CLOSE_CODES.sessionEnded, reason: REALTIME_MESSAGES.sessionEnded });
  });

  it('tells a socket on one process that its account was deleted through the other', async () => {
    const email = `mp-gone-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const password = 'secret-password';
    const { token } = await http(a, 'POST', '/auth/register', undefined, { email, password });
    const onB = await socketOn(b, a, token);
    await onB.subscribe('u', 'user');
    await http(a, 'DELETE', '/auth/account', token, { currentPassword: password });
    expect(await onB.closed).toEqual({ code: CLOSE_CODES.accountDeleted, reason: REALTIME_MESSAGES.accountDeleted });
  });
});
