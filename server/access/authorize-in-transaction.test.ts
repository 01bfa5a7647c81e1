import { describe, expect, it } from 'vitest';
import { castOfList } from '../test/lists.ts';
import { useTestApp } from '../test/test-app.ts';
import { gateTransactions, until } from '../test/transaction-gate.ts';

/**
 * The permission check of a write runs inside its transaction, after the list is locked: a share
 * revoked while the write waited for its turn is seen. To make the wait certain, every transaction
 * the app opens first waits at a gate the test holds; meanwhile the test revokes the share outside
 * the gate. A check made before the transaction (as it once was) would let the write through.
 */
const t = useTestApp();

describe('a write whose share is revoked while it waits', () => {
  it.each([
    ['adding an item', (listId: string) => ({ method: 'POST' as const, path: `/lists/${listId}/items`, body: { content: 'late' } })],
    ['renaming the list', (listId: string) => ({ method: 'PUT' as const, path: `/lists/${listId}`, body: { name: 'late' } })],
  ])('%s is refused and changes nothing', async (_name, request) => {
    const { admin, listId } = await castOfList(t);
    const before = await t.database.db.selectFrom('lists').select(['name', 'change_seq']).where('id', '=', listId).executeTakeFirstOrThrow();
    const gate = gateTransactions(t);
    const write = t.request({ ...request(listId), token: admin.token });
    await until(() => gate.waiting() > 0);
    await t.database.db.deleteFrom('list_shares').where('list_id', '=', listId).where('user_id', '=', admin.user.id).execute();
    gate.open();

    const response = await write;
    expect(response.status).toBe(404);
    expect(await t.database.db.selectFrom('items').select('id').where('list_id', '=', listId).execute()).toEqual([]);
    expect(await t.database.db.selectFrom('lists').select(['name', 'change_seq']).where('id', '=', listId).executeTakeFirstOrThrow()).toEqual(before);
  });
});
