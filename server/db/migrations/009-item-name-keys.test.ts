import crypto from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { duplicateItemWarning } from '../../../common/messages.ts';
import { createUser } from '../../test/factories.ts';
import { insertList } from '../../test/list-factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { migratorOf } from '../open.ts';

describe('migration 009: stored item name keys', () => {
  const t = useTestApp();

  it('gives the items that were there before it their keys, so the duplicate rule still sees them', async () => {
    const owner = await createUser(t);
    const listId = await insertList(t, owner.user.id);
    const migrator = await migratorOf(t.database.db);
    expect((await migrator.migrateTo('008-list-last-change')).error).toBeUndefined();
    const now = new Date().toISOString();
    for (const [position, content] of ['2 Eggs', 'Green beans'].entries()) {
      await sql`insert into items (id, list_id, content, is_completed, position, properties, created_at, updated_at)
        values (${crypto.randomUUID()}, ${listId}, ${content}, ${false}, ${position}, ${'{}'}, ${now}, ${now})`.execute(t.database.db);
    }
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const keys = await t.database.db.selectFrom('items').select(['content', 'name_key']).where('list_id', '=', listId).orderBy('position').execute();
    expect(keys).toEqual([
      { content: '2 Eggs', name_key: 'egg' },
      { content: 'Green beans', name_key: 'green bean' },
    ]);
    const response = await t.request({ method: 'POST', path: `/lists/${listId}/items/batch`, token: owner.token, body: { items: [{ content: 'egg' }, { content: 'green bean' }] } });
    expect(response.body.warnings).toEqual([duplicateItemWarning('egg'), duplicateItemWarning('green bean')]);
  });
});
