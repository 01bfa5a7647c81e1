import { describe, expect, it } from 'vitest';
import type { DocChange } from '../../common/realtime.ts';
import { castOfList } from '../test/lists.ts';
import { useTestApp } from '../test/test-app.ts';
import { TestSocket, call, waitUntil } from '../test/live.ts';

/** A change reaches subscribers after its commit, never twice, none lost, in commit order. */
const t = useTestApp();

const listSeq = async (listId: string) =>
  (await t.database.db.selectFrom('lists').select('change_seq').where('id', '=', listId).executeTakeFirstOrThrow())
    .change_seq;

describe('delivery of changes', () => {
  it('arrives only after the commit: on receipt, a read through the API already sees it', async () => {
    const { owner, editor, listId } = await castOfList(t);
    const socket = await TestSocket.open(t, editor.token);
    await socket.subscribe('i', 'items', { listId });
    for (let i = 0; i < 10; i++) {
      const from = socket.messages.length;
      // Not awaited: the change itself is the only sign of the commit the test goes by.
      const write = t.request({ method: 'POST', path: `/lists/${listId}/items`, token: owner.token, body: { content: `item ${i}` } });
      const change = await socket.next((m) => m.type === 'change', `change ${i}`, from);
      const id = (change.type === 'change' && (change.changes[0]!.doc as { id: string }).id) || '';
      const items = (await call(t, editor.token, 'GET', `/lists/${listId}/items`)).items as { id: string }[];
      expect(items.map((item) => item.id)).toContain(id);
      expect((await write).status).toBe(201);
    }
    socket.close();
  });

  it('counts every event on every subscriber: each write once, none lost, seqs rising', async () => {
    const { owner, admin, editor, viewer, listId } = await castOfList(t);
    const sockets = await Promise.all([owner, editor, viewer].map((user) => TestSocket.open(t, user.token)));
    await Promise.all(sockets.map((socket) => socket.subscribe('i', 'items', { listId })));
    const writers = [owner, admin, editor];
    const N = 30;

    /** Waits until every subscriber is up to the list's seq, so the phases' changes never merge. */
    const settle = async () => {
      const seq = await listSeq(listId);
      await waitUntil(() => sockets.every((socket) => socket.seqs.get('i') === seq), `every socket at seq ${seq}`);
    };

    const added = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        call(t, writers[i % 3]!.token, 'POST', `/lists/${listId}/items`, { content: `thing ${i}` }),
      ),
    );
    await settle();
    await Promise.all(
      added.map((item, i) =>
        call(t, writers[i % 3]!.token, 'PUT', `/lists/${listId}/items/${item.id}`, { is_completed: true }),
      ),
    );
    await settle();
    const deleted = added.slice(0, N / 2);
    await Promise.all(
      deleted.map((item, i) => call(t, writers[i % 3]!.token, 'DELETE', `/lists/${listId}/items/${item.id}`)),
    );
    await settle();

    const rest = (await call(t, owner.token, 'GET', `/lists/${listId}/items`)).items;
    for (const socket of sockets) {
      const changes = socket.changesOf('i');
      const count = (op: DocChange['op']) =>
        changes
          .filter((change) => change.op === op)
          .map((change) => (change.doc as { id: string }).id)
          .sort();
      expect(count('added')).toEqual(added.map((item) => item.id).sort());
      expect(count('modified')).toEqual(added.map((item) => item.id).sort());
      expect(count('removed')).toEqual(deleted.map((item) => item.id).sort());
      const seqs = socket.of('i').flatMap((m) => (m.type === 'change' ? [m.seq!] : []));
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect(new Set(seqs).size).toBe(seqs.length);
      expect(seqs.at(-1)).toBe(2 * N + N / 2);
      expect([...socket.state('i').values()].sort(byId)).toEqual([...rest].sort(byId));
    }
    for (const socket of sockets) socket.close();
  });
});

const byId = (a: unknown, b: unknown) => (a as { id: string }).id.localeCompare((b as { id: string }).id);
