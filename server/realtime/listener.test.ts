import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { castOfList } from '../lists/list-test-helpers.ts';
import { useTestApp } from '../test/test-app.ts';
import { usesPostgres } from '../test/test-database.ts';
import { channelOf } from './bus.ts';
import { TestSocket, call, waitUntil } from './live-test-helpers.ts';

/**
 * The LISTEN connection can drop (a PostgreSQL restart, a proxy timeout). Notifications sent
 * meanwhile are lost, so after reconnecting the process catches every list up from the log.
 */
describe.skipIf(!usesPostgres())('the PostgreSQL listener', () => {
  const t = useTestApp();

  it('reconnects after its connection is killed, and subscribers miss nothing', async () => {
    const { owner, listId } = await castOfList(t);
    const socket = await TestSocket.open(t, owner.token);
    await socket.subscribe('i', 'items', { listId });
    await socket.subscribe('me', 'user');

    const channel = await channelOf(t.database.db);
    const killed = await sql<{ killed: boolean }>`
      select pg_terminate_backend(pid) as killed from pg_stat_activity where query = ${`LISTEN "${channel}"`}`.execute(
      t.database.db,
    );
    expect(killed.rows).toEqual([{ killed: true }]);

    // Written while nobody listens: no notification reaches this process for these.
    for (let i = 0; i < 5; i++) await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: `while down ${i}` });
    await waitUntil(() => socket.seqs.get('i') === 5, 'the catch-up after reconnecting');
    expect(socket.changesOf('i').map((change) => change.op)).toEqual(['added', 'added', 'added', 'added', 'added']);
    // Proof that the listener did reconnect: topics without a log got a fresh snapshot.
    await waitUntil(() => socket.of('me').filter((m) => m.type === 'snapshot').length === 2, 'the resync of the user topic');

    // Live again afterwards.
    await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: 'after' });
    await waitUntil(() => socket.seqs.get('i') === 6, 'a live change');
    socket.close();
  });
});
