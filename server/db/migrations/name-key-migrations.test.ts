import crypto from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { duplicateItemWarning } from '../../../common/messages.ts';
import { createUser } from '../../test/factories.ts';
import { insertList } from '../../test/list-factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { migratorOf } from '../open.ts';

describe('migrations 011 and 012: name keys computed again when the rule changed', () => {
  const t = useTestApp();

  it.each([
    ['011, a zero-width space at the end', '010-list-item-counts', 'Milk\u200b', 'milk\u200b'],
    ['012, a soft hyphen inside', '011-name-keys-without-unseen-ends', 'Mi\u00adlk', 'mi\u00adlk'],
  ])('%s: the stored key is computed again, so the duplicate rule sees the name', async (_case, before, content, oldKey) => {
    const owner = await createUser(t);
    const listId = await insertList(t, owner.user.id);
    const migrator = await migratorOf(t.database.db);
    expect((await migrator.migrateTo(before)).error).toBeUndefined();
    const now = new Date().toISOString();
    // The keys as the code before stored them.
    for (const [position, [name, key]] of [[content, oldKey], ['Eggs', 'egg']].entries()) {
      await sql`insert into items (id, list_id, content, is_completed, position, properties, name_key, created_at, updated_at)
        values (${crypto.randomUUID()}, ${listId}, ${name}, ${false}, ${position}, ${'{}'}, ${key}, ${now}, ${now})`.execute(t.database.db);
    }
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const keys = await t.database.db.selectFrom('items').select(['content', 'name_key']).where('list_id', '=', listId).orderBy('position').execute();
    expect(keys).toEqual([
      { content, name_key: 'milk' },
      { content: 'Eggs', name_key: 'egg' },
    ]);
    const response = await t.request({ method: 'POST', path: `/lists/${listId}/items/batch`, token: owner.token, body: { items: [{ content: 'milk' }] } });
    expect(response.body.warnings).toEqual([duplicateItemWarning('milk')]);
  });
});
