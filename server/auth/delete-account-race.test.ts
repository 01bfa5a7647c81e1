import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { createUser } from '../test/factories.ts';
import { insertList } from '../test/list-factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { usesPostgres } from '../test/test-database.ts';
import { gateTransactions, until } from '../test/transaction-gate.ts';

/**
 * An account deleted while requests that name it are in flight: its own writes (authenticated
 * before the deletion) and an invitation of its address. Each answers a 4xx and stores nothing
 * of the account; none is a 500 from a row that refers to a user who is gone.
 */
const t = useTestApp();

const publicEditable = { visibility: 'public' as const, public_editable: true };
const deleteUserRow = (userId: string) => t.database.db.deleteFrom('users').where('id', '=', userId).execute();

describe('an account deleted while its own write waits for its turn', () => {
  it.each([
    ['creating a list', () => ({ method: 'POST' as const, path: '/lists', body: { name: 'late' } })],
    ['adding an item to a public list', (listId: string) => ({ method: 'POST' as const, path: `/lists/${listId}/items`, body: { content: 'late' } })],
  ])('%s answers 409 and stores nothing', async (_name, request) => {
    const owner = await createUser(t);
    const listId = await insertList(t, owner.user.id, publicEditable);
    const visitor = await createUser(t);
    const lists = await t.database.db.selectFrom('lists').select('id').execute();
    const gate = gateTransactions(t);
    const write = t.request({ ...request(listId), token: visitor.token });
    await until(() => gate.waiting() > 0);
    await deleteUserRow(visitor.user.id);
    gate.open();

    const response = await write;
    expect(response.status).toBe(409);
    expect(response.body.error).toEqual({ code: 'conflict', message: SERVER_MESSAGES.removedMeanwhile });
    expect(await t.database.db.selectFrom('lists').select('id').execute()).toEqual(lists);
    expect(await t.database.db.selectFrom('items').select('id').where('list_id', '=', listId).execute()).toEqual([]);
  });
});

describe('an invitation of an address whose account is deleted while the invitation waits', () => {
  it('becomes a pending invitation to the address', async () => {
    const owner = await createUser(t);
    const listId = await insertList(t, owner.user.id);
    const invitee = await createUser(t, { verified: true });
    const gate = gateTransactions(t);
    const invite = t.request({ method: 'POST', path: `/lists/${listId}/shares`, token: owner.token, body: { email: invitee.email, permission: 'edit' } });
    await until(() => gate.waiting() > 0);
    await deleteUserRow(invitee.user.id);
    gate.open();

    const response = await invite;
    expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
    expect(response.body.share).toMatchObject({ email: invitee.email, status: 'pending', user_id: null });
  });
});

describe.skipIf(!usesPostgres())('an account deleted while it adds to a list it does not belong to (PostgreSQL)', () => {
  it('waits for the add to commit instead of deadlocking with it, and is deleted', async () => {
    const owner = await createUser(t);
    const listId = await insertList(t, owner.user.id, publicEditable);
    const visitor = await createUser(t);
    // The visitor added an item: the deletion changes the list's rows too (the item's author).
    const first = await t.request({ method: 'POST', path: `/lists/${listId}/items`, token: visitor.token, body: { content: 'first' } });
    expect(first.status).toBe(201);
    const db = t.database.db;
    await db.updateTable('lists').set({ last_change_by: owner.user.id }).where('id', '=', listId).execute();

    /** Whether the deletion waits for a lock: on the list's row (as it should) or in the delete itself. */
    const deletionWaits = async () => {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity
        where wait_event_type = 'Lock' and (query like 'delete from "users"%' or query like '%from "lists" where "id" in%for no key update')`.execute(db);
      return rows[0]!.n > 0;
    };
    let deletion!: ReturnType<typeof t.request>;
    // An add by the visitor, held open: it holds the list's row, and its write names the visitor's.
    await db.transaction().execute(async (trx) => {
      await trx.selectFrom('lists').select('id').where('id', '=', listId).forNoKeyUpdate().execute();
      deletion = t.request({ method: 'DELETE', path: '/auth/account', token: visitor.token, body: { currentPassword: visitor.password } });
      for (let waits = false; !waits; ) waits = await deletionWaits();
      await trx.updateTable('lists').set({ last_change_by: visitor.user.id }).where('id', '=', listId).execute();
    });

    expect((await deletion).status).toBe(204);
    expect(await db.selectFrom('users').select('id').where('id', '=', visitor.user.id).execute()).toEqual([]);
  });
});
