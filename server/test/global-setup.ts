import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/open.ts';
import { databaseUrl, runAdminQuery } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    sqliteTemplate: string;
    /** The migrated PostgreSQL database each test file's database is copied from (PostgreSQL project only). */
    postgresTemplate: string;
  }
}

/**
 * Migrates one database for the whole run, each test file starts from a copy of it: a SQLite file,
 * and in the PostgreSQL project a database on TEST_DATABASE_URL's server (CREATE DATABASE ...
 * TEMPLATE copies it in a fraction of the time the migrations take).
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-template-'));
  const file = path.join(dir, 'template.db');
  const database = await openDatabase({ kind: 'sqlite', file });
  // The last connection to close folds the WAL back into the file, so one file is the template.
  await database.close();
  project.provide('sqliteTemplate', file);
  const dropPostgresTemplate = project.config.env.LISTO_TEST_DB === 'postgres' ? await migratePostgresTemplate(project) : undefined;
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await dropPostgresTemplate?.();
  };
}

async function migratePostgresTemplate(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL!;
  const name = `listo_template_${crypto.randomBytes(6).toString('hex')}`;
  await runAdminQuery(url, `create database ${name}`);
  const drop = () => runAdminQuery(url, `drop database if exists ${name} with (force)`);
  try {
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl(url, name) });
    await database.close();
  } catch (error) {
    await drop();
    throw error;
  }
  project.provide('postgresTemplate', name);
  return drop;
}
