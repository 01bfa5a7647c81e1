import path from 'node:path';
import type { DatabaseTarget } from './open.ts';

/** The SQLite database's file in the data folder. */
export const SQLITE_FILE = 'listo.db';

/** The database the configuration names: PostgreSQL with DATABASE_URL, else SQLite in the data folder. */
export function databaseTarget(config: { databaseUrl: string | undefined; dataDir: string }): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'sqlite', file: path.join(config.dataDir, SQLITE_FILE) };
}
