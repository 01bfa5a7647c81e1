import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * The column types that differ between the dialects, so that one migration serves both.
 * SQLite keeps timestamps as ISO-8601 text, which sorts and compares like the timestamps it is.
 */
export function columnTypes(db: Kysely<unknown>) {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  return {
    bool: sqlite ? sql`integer` : sql`boolean`,
    json: sqlite ? sql`text` : sql`jsonb`,
    timestamp: sqlite ? sql`text` : sql`timestamptz`,
  };
}
