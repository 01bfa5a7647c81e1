import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_BASE_PATH } from '../../common/constants.ts';
import { killChildServers, startChildServer, type ChildServer } from './child-server.ts';
import { runAdminQuery, urlWithSchema } from './test-database.ts';

/** Two server processes on one database, and how to end them and remove what they used. */
export interface TwoProcesses {
  a: ChildServer;
  b: ChildServer;
  /** Their schema, for a test that writes what no route lets it. */
  schema: string;
  stop(): Promise<void>;
}

/**
 * Two real `node server/main.ts` processes on one new schema of TEST_DATABASE_URL's PostgreSQL,
 * sharing the secret (tickets and sessions are HMACs one makes and the other checks) and a data
 * folder. Started one after the other, so the second finds the schema migrated. `moreEnv` adds
 * settings, given the data folder (for files the processes read).
 */
export async function startTwoProcesses(moreEnv: (dataDir: string) => Record<string, string> = () => ({})): Promise<TwoProcesses> {
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `test_mp_${crypto.randomBytes(6).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-mp-'));
  await runAdminQuery(url, `create schema ${schema}`);
  const env = {
    DATABASE_URL: urlWithSchema(url, schema),
    LISTO_SECRET: crypto.randomBytes(32).toString('base64url'),
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    RATE_LIMIT_AUTH: '0',
    LOG_LEVEL: 'warn',
    ...moreEnv(dataDir),
  };
  const a = await startChildServer(env);
  const b = await startChildServer(env);
  return {
    a,
    b,
    schema,
    async stop() {
      await Promise.all([a.stop('SIGTERM'), b.stop('SIGTERM')]);
      await killChildServers();
      await runAdminQuery(url, `drop schema if exists ${schema} cascade`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An API call to one of the processes that must succeed; answers its parsed body. */
export async function callProcess(
  server: ChildServer,
  method: string,
  route: string,
  token?: string,
  body?: unknown,
): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any -- answers of many shapes, as in test-app.ts
  const response = await fetch(`${server.url}${API_BASE_PATH}${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}\n${server.output()}`);
  return text ? JSON.parse(text) : undefined;
}
