import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from './migrations/index.ts';
import { killChildServers, startChildServer } from '../test/child-server.ts';
import { runAdminQuery, urlWithSchema, usesPostgres } from '../test/test-database.ts';

/**
 * Processes started together on one fresh PostgreSQL schema: one migrates it, the others wait for
 * it and find nothing left to do; all of them start. Only on PostgreSQL (one SQLite database
 * serves one process, held by its lock file).
 */
describe.skipIf(!usesPostgres())('migrations of processes that start together', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `test_ml_${crypto.randomBytes(6).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-migration-lock-'));

  afterAll(async () => {
    await killChildServers();
    await runAdminQuery(url, `drop schema if exists ${schema} cascade`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('are applied by exactly one of them', { timeout: 60_000 }, async () => {
    await runAdminQuery(url, `create schema ${schema}`);
    const env = { DATABASE_URL: urlWithSchema(url, schema), LISTO_SECRET: crypto.randomBytes(32).toString('base64url'), PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    const servers = await Promise.all([startChildServer(env), startChildServer(env), startChildServer(env)]);
    const all = Object.keys(migrations).length;
    const reports = servers.map((server) => server.output().match(/migrated the database: (\d+) migrations? applied/)?.[1]);
    expect(reports.filter((count) => count !== undefined), servers.map((server) => server.output()).join('\n---\n')).toEqual([String(all)]);
    for (const server of servers) {
      expect((await fetch(`${server.url}/api/v1/ready`)).status).toBe(200);
      expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    }
  });
});
