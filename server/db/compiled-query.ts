import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { DB } from './schema.ts';

/**
 * Queries on the hot path, built and compiled by Kysely once instead of on every call
 * (docs/decisions/019-compiled-hot-queries.md). Building and compiling the eight queries of an item
 * creation took about 100 µs of CPU a request; binding new values to kept ones takes a few.
 *
 * `build` gets placeholders in place of the values: the same shape (the same keys, the same array
 * lengths, the same nulls, booleans and absent keys), with every other value replaced by a marker
 * that Kysely binds as a parameter. Booleans stay themselves: Kysely writes `is true` into the
 * SQL, and PostgreSQL refuses `is $1`. The compiled query is kept per dialect and per shape; a
 * call binds its own values to the parameters. So `build` may depend on which values are there
 * and how many, but never on a value itself (no `if (values.count > 1)`): it runs for the first
 * call of a shape only. Values are strings, numbers, booleans, null, and arrays and plain objects
 * of those; a JSON column's value is passed as its text (server/db/values.ts), or its keys would
 * be taken for shape.
 */

/** Where a parameter's value is in a call's values: a path of keys and array indexes. */
class Placeholder {
  readonly path: readonly (string | number)[];
  constructor(path: readonly (string | number)[]) {
    this.path = path;
  }
}

/** Shapes kept per query and dialect; a shape beyond these (an unusual batch size) is compiled on each call. */
const SHAPES_MAX = 64;

export type QueryValues = Record<string, unknown>;

export interface CompiledHotQuery<V extends QueryValues, O, D = DB> {
  (db: Kysely<D>, values: V): Promise<QueryResult<O>>;
}

export function compiledQuery<V extends QueryValues, O, D = DB>(
  build: (db: Kysely<D>, values: V) => Compilable<O>,
): CompiledHotQuery<V, O, D> {
  // Keyed by the dialect's adapter: a transaction shares its database's, and SQLite and PostgreSQL
  // compile to different SQL.
  const byDialect = new WeakMap<object, Map<string, CompiledQuery<O>>>();
  return async (db, values) => {
    const adapter = db.getExecutor().adapter;
    let shapes = byDialect.get(adapter);
    if (!shapes) byDialect.set(adapter, (shapes = new Map<string, CompiledQuery<O>>()));
    const shape = shapeOf(values);
    let compiled = shapes.get(shape);
    if (!compiled) {
      compiled = build(db, placeholdersOf(values, []) as V).compile();
      if (shapes.size < SHAPES_MAX) shapes.set(shape, compiled);
    }
    const parameters = compiled.parameters.map((parameter) =>
      parameter instanceof Placeholder ? valueAt(values, parameter.path) : parameter,
    );
    return db.executeQuery<O>({ ...compiled, parameters });
  };
}

/** Arrays and plain objects are walked; null, undefined and booleans are part of the shape. */
function isParameter(value: unknown): boolean {
  return value !== null && value !== undefined && typeof value !== 'boolean' && !isContainer(value);
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** What the compiled SQL depends on: keys, lengths, and where null, undefined and booleans stand. */
function shapeOf(value: unknown): string {
  if (isParameter(value)) return '?';
  if (!isContainer(value)) return String(value);
  if (Array.isArray(value)) return `[${value.map(shapeOf).join(',')}]`;
  return `{${Object.keys(value)
    .map((key) => `${JSON.stringify(key)}:${shapeOf(value[key])}`)
    .join(',')}}`;
}

/** The values' shape with a placeholder for each parameter. */
function placeholdersOf(value: unknown, path: (string | number)[]): unknown {
  if (isParameter(value)) return new Placeholder(path);
  if (!isContainer(value)) return value;
  if (Array.isArray(value)) return value.map((item, index) => placeholdersOf(item, [...path, index]));
  return Object.fromEntries(Object.keys(value).map((key) => [key, placeholdersOf(value[key], [...path, key])]));
}

function valueAt(values: unknown, path: readonly (string | number)[]): unknown {
  let value = values;
  for (const step of path) value = (value as Record<string | number, unknown>)[step];
  return value;
}
