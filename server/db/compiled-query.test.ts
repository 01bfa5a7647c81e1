import { sql, type Compilable, type Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.ts';
import { compiledQuery } from './compiled-query.ts';
import type { Database } from './open.ts';

/** A table of the test's own, beside Listo's schema: these tests are about compiling, not data. */
interface TestDB {
  compiled_things: { id: number; name: string; done: boolean; note: string | null };
}

let database: Database;
let db: Kysely<TestDB>;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db as unknown as Kysely<TestDB>;
  await sql`create table compiled_things (id integer primary key, name text not null, done boolean not null, note text)`.execute(db);
});

afterAll(() => database.close());

beforeEach(async () => {
  await db.deleteFrom('compiled_things').execute();
  await db
    .insertInto('compiled_things')
    .values([
      { id: 1, name: 'milk', done: false, note: null },
      { id: 2, name: 'eggs', done: true, note: 'brown' },
      { id: 3, name: 'bread', done: false, note: null },
    ])
    .execute();
});

/** A query whose build function counts how often it ran, that is how often Kysely compiled it. */
function counted<V extends Record<string, unknown>, O>(build: (db: Kysely<TestDB>, values: V) => Compilable<O>) {
  let builds = 0;
  const run = compiledQuery<V, O, TestDB>((kysely, values) => {
    builds += 1;
    return build(kysely, values);
  });
  return { run, builds: () => builds };
}

describe('compiledQuery', () => {
  it('compiles a query once and binds each call its own values', async () => {
    const byName = counted((kysely, { name }: { name: string }) => kysely.selectFrom('compiled_things').select('id').where('name', '=', name));
    expect((await byName.run(db, { name: 'milk' })).rows).toEqual([{ id: 1 }]);
    expect((await byName.run(db, { name: 'eggs' })).rows).toEqual([{ id: 2 }]);
    expect((await byName.run(db, { name: 'tea' })).rows).toEqual([]);
    expect(byName.builds()).toBe(1);
  });

  it('compiles a list of another length again, and keeps each length', async () => {
    const byNames = counted((kysely, { names }: { names: string[] }) =>
      kysely.selectFrom('compiled_things').select('id').where('name', 'in', names).orderBy('id'),
    );
    expect((await byNames.run(db, { names: ['milk'] })).rows).toEqual([{ id: 1 }]);
    expect((await byNames.run(db, { names: ['bread', 'eggs'] })).rows).toEqual([{ id: 2 }, { id: 3 }]);
    expect((await byNames.run(db, { names: ['eggs'] })).rows).toEqual([{ id: 2 }]);
    expect((await byNames.run(db, { names: ['milk', 'tea'] })).rows).toEqual([{ id: 1 }]);
    expect(byNames.builds()).toBe(2);
  });

  it('answers right for more shapes than it keeps', async () => {
    const byNames = counted((kysely, { names }: { names: string[] }) => kysely.selectFrom('compiled_things').select('id').where('name', 'in', names));
    for (let length = 1; length <= 80; length += 1) {
      const names = Array.from({ length }, (_, index) => (index === length - 1 ? 'bread' : `none ${index}`));
      expect((await byNames.run(db, { names })).rows).toEqual([{ id: 3 }]);
    }
  });

  it('writes booleans into the SQL, where PostgreSQL wants them', async () => {
    const byDone = counted((kysely, { done }: { done: boolean }) => kysely.selectFrom('compiled_things').select('id').where('done', 'is', done).orderBy('id'));
    expect((await byDone.run(db, { done: true })).rows).toEqual([{ id: 2 }]);
    expect((await byDone.run(db, { done: false })).rows).toEqual([{ id: 1 }, { id: 3 }]);
    expect((await byDone.run(db, { done: true })).rows).toEqual([{ id: 2 }]);
    expect(byDone.builds()).toBe(2);
  });

  it('compiles again when a key is absent or null, so optional parts of a query follow', async () => {
    const rename = counted((kysely, { id, name, note }: { id: number; name: string; note?: string | null }) =>
      kysely
        .updateTable('compiled_things')
        .set({ name, ...(note !== undefined && { note }) })
        .where('id', '=', id),
    );
    await rename.run(db, { id: 1, name: 'oat milk', note: 'oat' });
    await rename.run(db, { id: 2, name: 'free-range eggs' });
    await rename.run(db, { id: 3, name: 'rye bread', note: null });
    await rename.run(db, { id: 1, name: 'oat milk', note: 'barista' });
    const rows = await db.selectFrom('compiled_things').select(['name', 'note']).orderBy('id').execute();
    expect(rows).toEqual([
      { name: 'oat milk', note: 'barista' },
      { name: 'free-range eggs', note: 'brown' },
      { name: 'rye bread', note: null },
    ]);
    expect(rename.builds()).toBe(3);
  });

  it('binds the rows of an insert, and a transaction shares the compiled query and sees its writes', async () => {
    const insert = counted((kysely, { rows }: { rows: TestDB['compiled_things'][] }) => kysely.insertInto('compiled_things').values(rows));
    const byId = counted((kysely, { id }: { id: number }) => kysely.selectFrom('compiled_things').select('name').where('id', '=', id));
    await insert.run(db, { rows: [{ id: 4, name: 'tea', done: false, note: 'green' }] });
    const seen = await db.transaction().execute(async (trx) => {
      await insert.run(trx, { rows: [{ id: 5, name: 'jam', done: false, note: 'plum' }] });
      return (await byId.run(trx, { id: 5 })).rows;
    });
    expect(seen).toEqual([{ name: 'jam' }]);
    expect((await byId.run(db, { id: 4 })).rows).toEqual([{ name: 'tea' }]);
    expect(insert.builds()).toBe(1);
    expect(byId.builds()).toBe(1);
  });
});
