import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CLOSE_CODES, REALTIME_MESSAGES } from '../../common/realtime.ts';
import { castOfList } from '../test/lists.ts';
import type { TestApp } from '../test/test-app.ts';
import { useTestApp } from '../test/test-app.ts';
import { usesPostgres } from '../test/test-database.ts';
import { channelOf, listenerName } from './bus.ts';
import { TestSocket, call, waitUntil } from '../test/live.ts';

/**
 * Ends the process's LISTEN connection, as a PostgreSQL restart or a proxy timeout would. Other test
 * files listen on the same channel name in their own databases, at the same time: only this
 * database's listener is ended.
 */
async function killListener(t: TestApp): Promise<void> {
  const channel = await channelOf(t.database.db);
  const killed = await sql<{ killed: boolean }>`
    select pg_terminate_backend(pid) as killed from pg_stat_activity
    where application_name = ${listenerName(channel)} and datname = current_database()`.execute(
    t.database.db,
  );
  expect(killed.rows).toEqual([{ killed: true }]);
}

/**
 * Holds the listener's next LISTEN (only the listener sends one) until `release()`: what the test
 * does meanwhile happens while this process hears no notification. `attempted` settles once the
 * listener, reconnected, asks to listen again.
 */
function holdNextListen(): { attempted: Promise<void>; release: () => void } {
  const query = pg.Client.prototype.query;
  let attempt!: () => void;
  let release!: () => void;
  const attempted = new Promise<void>((resolve) => (attempt = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (typeof args[0] !== 'string' || !args[0].startsWith('LISTEN ')) return (query as (...a: unknown[]) => unknown).apply(this, args);
    pg.Client.prototype.query = query;
    attempt();
    return released.then(() => (query as (...a: unknown[]) => unknown).apply(this, args));
  } as typeof query;
  return {
    attempted,
    release() {
      pg.Client.prototype.query = query;
      release();
    },
  };
}

/**
 * The LISTEN connection can drop (a PostgreSQL restart, a proxy timeout). Notifications sent
 * meanwhile are lost, so after reconnecting the process checks every socket's session, then
 * catches every list up from the log and re-checks each subscription's access.
 */
describe.skipIf(!usesPostgres())('the PostgreSQL listener', () => {
  const t = useTestApp();

  it('reconnects after its connection is killed, and subscribers miss nothing', async () => {
    const { owner, listId } = await castOfList(t);
    const socket = await TestSocket.open(t, owner.token);
    await socket.subscribe('i', 'items', { listId });
    await socket.subscribe('me', 'user');

    await killListener(t);

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

  it('once back, checks every socket at once: a session ended while it was down closes, access lost is refused', async () => {
    const { owner, viewer, listId } = await castOfList(t);
    const ownerSocket = await TestSocket.open(t, owner.token);
    await ownerSocket.subscribe('me', 'user');
    const viewerSocket = await TestSocket.open(t, viewer.token);
    await viewerSocket.subscribe('i', 'items', { listId });
    let ownerClosed: { code: number; reason: string } | undefined;
    void ownerSocket.closed.then((closed) => (ownerClosed = closed));

    const reconnection = holdNextListen();
    await killListener(t);
    await reconnection.attempted;
    // Straight in the database, while nobody listens: whatever another process announced is lost.
    const db = t.database.db;
    await db.updateTable('sessions').set({ revoked_at: new Date().toISOString() }).where('user_id', '=', owner.user.id).execute();
    await db.deleteFrom('list_shares').where('list_id', '=', listId).where('user_id', '=', viewer.user.id).execute();
    // Nothing told this process: both sockets are still served.
    expect(ownerSocket.ws.readyState).toBe(ownerSocket.ws.OPEN);
    expect(ownerClosed).toBeUndefined();

    reconnection.release();
    // The heartbeat (30 s) is far beyond this wait: the close comes from the listener's return.
    const closed = await waitUntil(() => ownerClosed, 'the socket of the revoked session to close');
    expect(closed).toEqual({ code: CLOSE_CODES.sessionEnded, reason: REALTIME_MESSAGES.sessionEnded });
    // Closed before the resync sent it anything: one snapshot of its subscription, the first.
    expect(ownerSocket.of('me').map((message) => message.type)).toEqual(['snapshot']);
    const refused = await viewerSocket.next((message) => message.type === 'error' && message.id === 'i', 'the refusal of the list');
    expect(refused).toMatchObject({ type: 'error', id: 'i', code: 'not_found' });
    viewerSocket.close();
  });
});
