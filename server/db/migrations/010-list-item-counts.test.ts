import crypto from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertItems } from '../../items/items.queries.ts';
import { createUser } from '../../test/factories.ts';
import { insertList } from '../../test/list-factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { migratorOf } from '../open.ts';

describe('migration 010: item counts on the list row', () => {
  const t = useTestApp();

  const counts = (listId: string) =>
    t.database.db.selectFrom('lists').select(['item_count', 'done_count']).where('id', '=', listId).executeTakeFirstOrThrow();

  const rows = (listId: string, done: boolean[]) =>
    done.map((isCompleted, position) => ({
      id: crypto.randomUUID(),
      list_id: listId,
      content: `item ${position}`,
      is_completed: isCompleted,
      position,
      properties: '{}',
      images: null,
      created_by: null,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    }));

  it('counts the items that were there before it', async () => {
    const owner = await createUser(t);
    const listId = await insertList(t, owner.user.id);
    const migrator = await migratorOf(t.database.db);
    expect((await migrator.migrateTo('009-item-name-keys')).error).toBeUndefined();
    await insertItems(t.database.db, rows(listId, [true, false, true]));
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await counts(listId)).toEqual({ item_count: 3, done_count: 2 });
  });

  it('keeps the counts through batch inserts, check-offs, deletions, on this list only', async () => {
    const owner = await createUser(t);
    const [listId, otherId] = [await insertList(t, owner.user.id), await insertList(t, owner.user.id)];
    const added = rows(listId, [false, true, false, false]);
    await insertItems(t.database.db, [...added, ...rows(otherId, [true])]);
    expect(await counts(listId)).toEqual({ item_count: 4, done_count: 1 });

    const setDone = (ids: string[], done: boolean) =>
      t.database.db.updateTable('items').set({ is_completed: done }).where('id', 'in', ids).execute();
    await setDone([added[0]!.id, added[1]!.id], true); // one changes, one was done already
    expect(await counts(listId)).toEqual({ item_count: 4, done_count: 2 });
    await setDone([added[1]!.id], false);
    await t.database.db.updateTable('items').set({ position: 9 }).where('list_id', '=', listId).execute();
    expect(await counts(listId)).toEqual({ item_count: 4, done_count: 1 });

    await t.database.db.deleteFrom('items').where('id', 'in', [added[0]!.id, added[2]!.id]).execute();
    expect(await counts(listId)).toEqual({ item_count: 2, done_count: 0 });
    expect(await counts(otherId)).toEqual({ item_count: 1, done_count: 1 });

    // A list's deletion removes its items by cascade; the other list is untouched.
    await t.database.db.deleteFrom('lists').where('id', '=', listId).execute();
    expect(await counts(otherId)).toEqual({ item_count: 1, done_count: 1 });
    const { rows: left } = await sql<{ n: number }>`select count(*) as n from items where list_id = ${listId}`.execute(t.database.db);
    expect(Number(left[0]!.n)).toBe(0);
  });
});
