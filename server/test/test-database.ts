import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database, type DatabaseTarget } from '../db/open.ts';

/**
 * A fresh, migrated database for one test file: a copy of the SQLite template, or of the PostgreSQL
 * template on the server of TEST_DATABASE_URL when the test project runs on PostgreSQL
 * (vitest.config.ts, server/test/global-setup.ts). Closing it removes it.
 */
export async function createTestDatabase(): Promise<Database> {
  return usesPostgres() ? copyPostgresTemplate(process.env.TEST_DATABASE_URL!) : copySqliteTemplate();
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

async function copyPostgresTemplate(url: string): Promise<Database> {
  const name = `listo_test_${crypto.randomBytes(6).toString('hex')}`;
  await runAdminQuery(url, `create database ${name} template ${inject('postgresTemplate')}`);
  const drop = () => runAdminQuery(url, `drop database if exists ${name} with (force)`);
  let database: Database;
  try {
    database = await openDatabase({ kind: 'postgres', url: databaseUrl(url, name) });
  } catch (error) {
    await drop();
    throw error;
  }
  const copy: Database = {
    ...database,
    async close() {
      await database.close();
      await drop();
    },
  };
  copyUrls.set(copy, databaseUrl(url, name));
  return copy;
}

const copyUrls = new WeakMap<Database, string>();

/** The URL of a PostgreSQL test database createTestDatabase made (for connections of a test's own). */
export function postgresUrlOf(database: Database): string {
  const url = copyUrls.get(database);
  if (!url) throw new Error('not a PostgreSQL test database');
  return url;
}

/** The URL of another database on the same PostgreSQL server. */
export function databaseUrl(url: string, database: string): string {
  const other = new URL(url);
  other.pathname = `/${database}`;
  return other.toString();
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
