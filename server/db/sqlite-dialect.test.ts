import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { compiledQuery } from './compiled-query.ts';
import { ListoSqliteDialect } from './sqlite-dialect.ts';

interface TestDB {
  things: { id: number; name: string };
}

const sqlite = new SqliteDatabase(':memory:');
const db = new Kysely<TestDB>({ dialect: new ListoSqliteDialect({ database: sqlite }) });

afterAll(() => db.destroy());

describe('ListoSqliteDialect', () => {
  it('writes a whole-number LIMIT into the SQL, where SQLite would compile the statement again on every run', () => {
    const query = db.selectFrom('things').select('id').where('name', '=', 'milk').limit(20).compile();
    expect(query.sql).toBe('select "id" from "things" where "name" = ? limit 20');
    expect(query.parameters).toEqual(['milk']);
  });

  it('keeps a LIMIT that is not a whole number known at compile time as a parameter', () => {
    expect(db.selectFrom('things').select('id').limit(sql<number>`1 + 1`).compile().sql).toBe('select "id" from "things" limit 1 + 1');
    const offered = 2.5 as number;
    expect(db.selectFrom('things').select('id').limit(offered).compile().parameters).toEqual([2.5]);
  });

  it("leaves a compiled hot query's LIMIT a parameter, so each call's own value applies", async () => {
    await sql`create table things (id integer primary key, name text not null)`.execute(db);
    await db.insertInto('things').values([1, 2, 3].map((id) => ({ id, name: `thing ${id}` }))).execute();
    const firstThings = compiledQuery((kysely: Kysely<TestDB>, { count }: { count: number }) =>
      kysely.selectFrom('things').select('id').orderBy('id').limit(count),
    );
    expect((await firstThings(db, { count: 1 })).rows).toEqual([{ id: 1 }]);
    expect((await firstThings(db, { count: 3 })).rows).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });
});
