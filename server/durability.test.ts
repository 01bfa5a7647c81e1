import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../common/constants.ts';
import { killChildServers, startChildServer, type ChildServer } from './test/child-server.ts';
import { runAdminQuery, usesPostgres } from './test/test-database.ts';

/**
 * "A 2xx means the change is durable": the real server runs as a child process on a temp data
 * folder (and, in the PostgreSQL project, a fresh database), is killed while registrations are in
 * flight, and started again on the same data; every acknowledged account must still sign in.
 */

const PASSWORD = 'durable-password';
const BATCH = 30;
/** Items acknowledged before the SIGKILL of the burst test: enough that several commit groups ran. */
const BURST_ACKNOWLEDGED = 150;
/** A whole server start, a batch of scrypt hashes and a restart: room for a slow CI machine. */
const TIMEOUT_MS = 120_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-durability-'));
const database = `listo_durability_${crypto.randomBytes(6).toString('hex')}`;
let databaseUrl: string | undefined;

const adminQuery = (statement: string) => runAdminQuery(process.env.TEST_DATABASE_URL!, statement);

beforeAll(async () => {
  if (!usesPostgres()) return;
  // A database of its own rather than a schema: the child runs main.ts unchanged, and Kysely's
  // migrator, which looks for its tables in every schema it can see, cannot mistake another
  // test file's schema for this one's.
  await adminQuery(`create database ${database}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${database}`;
  databaseUrl = url.toString();
});

afterAll(async () => {
  await killChildServers();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl) await adminQuery(`drop database if exists ${database} with (force)`);
});

const start = () =>
  startChildServer({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    RATE_LIMIT_AUTH: '0',
    LOG_LEVEL: 'warn',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });

interface Attempt {
  email: string;
  /** 0 when no answer came (the connection died with the server). */
  status: number;
  token?: string;
  userId?: string;
}

/** The part of an auth answer these tests read. */
type AuthAnswer = { token?: string; user?: { id?: string } } | undefined;

async function post(server: ChildServer, route: string, body: unknown): Promise<{ status: number; body: AuthAnswer }> {
  const response = await fetch(`${server.url}${API_BASE_PATH}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => undefined)) as AuthAnswer };
}

async function register(server: ChildServer, email: string): Promise<Attempt> {
  try {
    const response = await post(server, '/auth/register', { email, password: PASSWORD });
    return { email, status: response.status, token: response.body?.token, userId: response.body?.user?.id };
  } catch {
    return { email, status: 0 };
  }
}

/** A call with a bearer token that must succeed; answers its JSON. */
async function send<T>(server: ChildServer, method: string, route: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}${API_BASE_PATH}${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const registerMany = (server: ChildServer, prefix: string) =>
  Array.from({ length: BATCH }, (_, i) => register(server, `${prefix}-${i}-${crypto.randomUUID()}@example.com`));

/** Resolves as soon as the first of the attempts has an answer, so the rest are still in flight. */
const firstAnswer = (attempts: Promise<Attempt>[]) => Promise.race(attempts);

/** Every acknowledged account signs in with its password, and its token from before still works. */
async function expectAllCanSignIn(server: ChildServer, acknowledged: Attempt[]): Promise<void> {
  await Promise.all(
    acknowledged.map(async (attempt) => {
      const login = await post(server, '/auth/login', { email: attempt.email, password: PASSWORD });
      expect(login.status, `${attempt.email} after restart`).toBe(200);
      expect(login.body?.user?.id).toBe(attempt.userId);
      const me = await fetch(`${server.url}${API_BASE_PATH}/auth/me`, {
        headers: { authorization: `Bearer ${attempt.token}` },
      });
      expect(me.status, `${attempt.email}'s session after restart`).toBe(200);
    }),
  );
}

describe(`durability on ${usesPostgres() ? 'PostgreSQL' : 'SQLite'}`, () => {
  it('keeps every acknowledged registration through a SIGKILL', { timeout: TIMEOUT_MS }, async () => {
    const first = await start();
    const settled = await Promise.all(registerMany(first, 'before'));
    expect(settled.map((attempt) => attempt.status)).toEqual(settled.map(() => 201));

    const inFlight = registerMany(first, 'during');
    await firstAnswer(inFlight);
    expect(await first.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    const during = await Promise.all(inFlight);
    // Each one either was acknowledged or lost its connection; none got an error answer.
    expect(during.filter((attempt) => attempt.status !== 201 && attempt.status !== 0)).toEqual([]);

    const second = await start();
    await expectAllCanSignIn(second, [...settled, ...during].filter((attempt) => attempt.status === 201));
    // The unique index survived too: an acknowledged e-mail cannot be taken again.
    expect((await register(second, settled[0]!.email)).status).toBe(409);
    expect(await second.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  });

  it('keeps every acknowledged item of a burst of 16 writers through a SIGKILL', { timeout: TIMEOUT_MS }, async () => {
    const first = await start();
    const owner = await register(first, `burst-${crypto.randomUUID()}@example.com`);
    const { list } = await send<{ list: { id: string } }>(first, 'POST', '/lists', owner.token!, { name: 'Burst' });
    const acknowledged: string[] = [];
    const failures: number[] = [];
    // Each writer adds items one after another until its connection dies with the server.
    const writer = async (w: number) => {
      for (let i = 0; ; i++) {
        let response: Response;
        try {
          response = await fetch(`${first.url}${API_BASE_PATH}/lists/${list.id}/items`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
            body: JSON.stringify({ content: `item w${w} n${i}` }),
          });
        } catch {
          return;
        }
        if (response.status === 201) acknowledged.push(((await response.json()) as { id: string }).id);
        else failures.push(response.status);
      }
    };
    const writers = Array.from({ length: 16 }, (_, w) => writer(w));
    while (acknowledged.length < BURST_ACKNOWLEDGED) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await first.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    await Promise.all(writers);
    expect(failures).toEqual([]);

    const second = await start();
    const stored = new Set<string>();
    for (let after: string | null = null, page = 0; page === 0 || after; page++) {
      const query: string = after ? `?cursor=${encodeURIComponent(after)}` : '';
      const body = await send<{ items: { id: string }[]; next: string | null }>(second, 'GET', `/lists/${list.id}/items${query}`, owner.token!);
      for (const item of body.items) stored.add(item.id);
      after = body.next;
    }
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    expect(await second.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  });

  it('shuts down on SIGTERM with exit code 0, finishing what it acknowledged', { timeout: TIMEOUT_MS }, async () => {
    const server = await start();
    const inFlight = registerMany(server, 'sigterm');
    await firstAnswer(inFlight);
    expect(await server.stop('SIGTERM'), server.output()).toEqual({ code: 0, signal: null });
    const attempts = await Promise.all(inFlight);
    // A request the closing server no longer takes is refused (503 or no connection), never failed.
    expect(attempts.filter((attempt) => ![201, 503, 0].includes(attempt.status))).toEqual([]);

    const again = await start();
    await expectAllCanSignIn(again, attempts.filter((attempt) => attempt.status === 201));
    expect(await again.stop('SIGTERM'), again.output()).toEqual({ code: 0, signal: null });
  });
});
