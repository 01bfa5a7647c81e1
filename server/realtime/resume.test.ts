import { describe, expect, it } from 'vitest';
import { CHANGE_LOG_RETENTION_MS, REALTIME_RESUME_MAX_CHANGES } from '../../common/realtime.ts';
import { castOfList } from '../test/lists.ts';
import { useTestApp, type TestApp } from '../test/test-app.ts';
import { TestSocket, call, waitUntil } from '../test/live.ts';

/** Resume instead of refetch: a client that reconnects with `since` gets only what it missed. */

const byId = (a: unknown, b: unknown) => (a as { id: string }).id.localeCompare((b as { id: string }).id);

/** A new socket that starts from an old one's local state, as the web client keeps it across reconnects. */
async function reconnect(t: TestApp, token: string, old: TestSocket, id: string): Promise<TestSocket> {
  const socket = await TestSocket.open(t, token);
  socket.docs.set(id, new Map(old.state(id)));
  return socket;
}

describe('resume', () => {
  const t = useTestApp();

  it('after a dropped socket, sends only the missed changes, and the client state equals the server', async () => {
    const { owner, editor, listId } = await castOfList(t);
    const kept = await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: 'kept' });
    const doomed = await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: 'doomed' });
    const first = await TestSocket.open(t, editor.token);
    await first.subscribe('i', 'items', { listId });

    // Writes keep flowing while the socket drops: the client is cut off mid-stream.
    const writes = (async () => {
      for (let i = 0; i < 20; i++) await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: `stream ${i}` });
    })();
    await first.next((m) => m.type === 'change' && m.seq! >= 5, 'part of the stream');
    first.ws.terminate();
    await writes;
    // And more of every kind while it is away, including an item that comes and goes.
    await call(t, owner.token, 'PUT', `/lists/${listId}/items/${kept.id}`, { content: 'kept, renamed' });
    await call(t, owner.token, 'DELETE', `/lists/${listId}/items/${doomed.id}`);
    const fleeting = await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: 'fleeting' });
    await call(t, owner.token, 'DELETE', `/lists/${listId}/items/${fleeting.id}`);

    const since = first.seqs.get('i')!;
    const second = await reconnect(t, editor.token, first, 'i');
    const answer = await second.subscribe('i', 'items', { listId, since });
    const seq = await t.database.db.selectFrom('lists').select('change_seq').where('id', '=', listId).executeTakeFirstOrThrow();
    expect(answer).toMatchObject({ type: 'resumed', id: 'i', seq: seq.change_seq });
    expect(second.messages.filter((m) => m.type === 'snapshot')).toEqual([]);

    const rest = (await call(t, editor.token, 'GET', `/lists/${listId}/items`)).items;
    expect([...second.state('i').values()].sort(byId)).toEqual([...rest].sort(byId));
    // Only what was missed, each entity once: not the items the client already had unchanged.
    const changes = answer.type === 'resumed' ? answer.changes : [];
    const ids = changes.map((change) => (change.doc as { id: string }).id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(fleeting.id);
    expect(changes).toContainEqual({ op: 'removed', doc: { id: doomed.id } });
    const untouched = [...first.state('i').keys()].filter((id) => id !== kept.id && id !== doomed.id);
    expect(untouched.length).toBeGreaterThan(0);
    for (const id of untouched) expect(ids).not.toContain(id);

    // And it is live again.
    await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: 'after resume' });
    await second.next((m) => m.type === 'change', 'a live change');
    second.close();
  });

  it('answers resumed with no changes when nothing was missed', async () => {
    const { owner, listId } = await castOfList(t);
    await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: 'one' });
    const socket = await TestSocket.open(t, owner.token);
    expect(await socket.subscribe('i', 'items', { listId, since: 1 })).toEqual({ type: 'resumed', id: 'i', changes: [], seq: 1 });
    socket.close();
  });

  it(`answers a snapshot, not one unbounded message, when more than ${REALTIME_RESUME_MAX_CHANGES} changes were missed`, async () => {
    const { owner, listId } = await castOfList(t);
    for (let batch = 0; batch < 3; batch++) {
      const items = Array.from({ length: 200 }, (_, i) => ({ content: `item ${batch * 200 + i}` }));
      await call(t, owner.token, 'POST', `/lists/${listId}/items/batch`, { items });
    }
    const socket = await TestSocket.open(t, owner.token);
    const justEnough = 600 - REALTIME_RESUME_MAX_CHANGES;
    expect(await socket.subscribe('a', 'items', { listId, since: justEnough })).toMatchObject({ type: 'resumed', seq: 600 });
    expect(await socket.subscribe('b', 'items', { listId, since: justEnough - 1 })).toMatchObject({ type: 'snapshot', seq: 600 });
    socket.close();
  });

  it('answers a snapshot for a since the list never reached (another server, a reset database)', async () => {
    const { owner, listId } = await castOfList(t);
    const socket = await TestSocket.open(t, owner.token);
    expect(await socket.subscribe('i', 'items', { listId, since: 99 })).toMatchObject({ type: 'snapshot', seq: 0 });
    socket.close();
  });

  it('resumes the list-shares topic too', async () => {
    const { owner, viewer, listId } = await castOfList(t);
    const first = await TestSocket.open(t, owner.token);
    await first.subscribe('s', 'list-shares', { listId });
    first.close();
    await call(t, owner.token, 'PUT', `/lists/${listId}/shares/${viewer.user.id}`, { permission: 'edit' });
    const invited = await call(t, owner.token, 'POST', `/lists/${listId}/shares`, { email: 'late@example.com', permission: 'view' });
    const second = await reconnect(t, owner.token, first, 's');
    const answer = await second.subscribe('s', 'list-shares', { listId, since: 0 });
    expect(answer).toMatchObject({ type: 'resumed', seq: 2 });
    expect(answer.type === 'resumed' && answer.changes).toContainEqual({ op: 'added', doc: invited.share });
    const rest = (await call(t, owner.token, 'GET', `/lists/${listId}/shares`)).shares;
    expect([...second.state('s').values()].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual(
      [...rest].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    );
    second.close();
  });
});

describe('resume after the log retention', () => {
  const t = useTestApp({ maintenanceIntervalMs: 20 });

  it('answers a fresh snapshot once the changes after since were purged', async () => {
    const { owner, listId } = await castOfList(t);
    await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: 'old' });
    t.clock.advance(CHANGE_LOG_RETENTION_MS + 60_000);
    const logged = () => t.database.db.selectFrom('list_changes').select('seq').where('list_id', '=', listId).execute();
    await waitUntil(async () => (await logged()).length === 0, 'the purge');
    await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: 'new' });

    const socket = await TestSocket.open(t, owner.token);
    // The log has seq 2 but not seq 1: since=0 cannot be served from it.
    const answer = await socket.subscribe('i', 'items', { listId, since: 0 });
    expect(answer).toMatchObject({ type: 'snapshot', seq: 2 });
    expect(answer.type === 'snapshot' && answer.docs).toHaveLength(2);
    // since=1 can.
    expect(await socket.subscribe('j', 'items', { listId, since: 1 })).toMatchObject({ type: 'resumed', seq: 2 });
    socket.close();
  });
});
