import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database, type DatabaseTarget } from '../db/open.ts';

/**
 * A fresh, migrated database for one test file: a copy of the SQLite template, or a new schema on
 * the PostgreSQL server of TEST_DATABASE_URL when the test project runs on PostgreSQL
 * (vitest.config.ts). Closing it removes it.
 */
export async function createTestDatabase(): Promise<Database> {
  return usesPostgres() ? createPostgresSchema(process.env.TEST_DATABASE_URL!) : copySqliteTemplate();
}

/**
 * Where a new, empty database can be made, of the kind asked: a file in a temporary folder, or a
 * new schema on TEST_DATABASE_URL's server. `remove` drops it (close what opened it first).
 */
export async function emptyDatabaseTarget(kind: 'sqlite' | 'postgres'): Promise<{ target: DatabaseTarget; remove(): Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-test-'));
    return { target: { kind: 'sqlite', file: path.join(dir, 'listo.db') }, remove: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `test_${crypto.randomBytes(6).toString('hex')}`;
  await runAdminQuery(url, `create schema ${schema}`);
  return { target: { kind: 'postgres', url, schema }, remove: () => runAdminQuery(url, `drop schema if exists ${schema} cascade`) };
}

/** A DATABASE_URL for a child process that works in `schema` (main.ts takes no schema of its own). */
export function urlWithSchema(url: string, schema: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

export function usesPostgres(): boolean {
  return process.env.LISTO_TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;
}

async function copySqliteTemplate(): Promise<Database> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-test-'));
  const file = path.join(dir, 'listo.db');
  fs.copyFileSync(inject('sqliteTemplate'), file);
  const database = await openDatabase({ kind: 'sqlite', file });
  return {
    ...database,
    async close() {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function createPostgresSchema(url: string): Promise<Database> {
  const schema = `test_${crypto.randomBytes(6).toString('hex')}`;
  await runAdminQuery(url, `create schema ${schema}`);
  const dropSchema = () => runAdminQuery(url, `drop schema if exists ${schema} cascade`);
  let database: Database;
  try {
    database = await openDatabase({ kind: 'postgres', url, schema });
  } catch (error) {
    await dropSchema();
    throw error;
  }
  return {
    ...database,
    async close() {
      await database.close();
      await dropSchema();
    },
  };
}

/** Runs one statement on a PostgreSQL server, on a connection of its own. */
export async function runAdminQuery(url: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}
