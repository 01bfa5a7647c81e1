import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_BASE_PATH, IDEMPOTENCY_HEADER, ITEM_BATCH_MAX, LIST_ITEMS_MAX } from '../common/constants.ts';
import { newRandomId, newTimeOrderedId } from '../common/ids.ts';
import { killChildServers, startChildServer, type ChildServer } from '../server/test/child-server.ts';
import { runAdminQuery } from '../server/test/test-database.ts';
import { startFloor } from './bench-floor.ts';
import { closedLoop } from './closed-loop.ts';

/**
 * `npm run bench:write`: item creation throughput and latency, the floor beside Listo in one run.
 * Each target takes WRITES creations (after WARM_UP unmeasured ones) over keep-alive HTTP, with 1
 * and then 16 in flight, each answered only when durable; a fresh list per run. Targets: Listo on
 * SQLite, without and with an Idempotency-Key on each write (the web app sends one); with BENCH_DATABASE_URL (or TEST_DATABASE_URL) also Listo on PostgreSQL, one process and
 * two behind a round robin; and the floor, a bare Node http + ws server (scripts/bench-floor-server.ts)
 * that answers each POST after broadcasting it, with no database, and the durable floor, the same
 * server answering each POST once an fdatasync covers it (what durability alone costs on this
 * disk). Prints ops/s, p50/p99 and the
 * servers' CPU per write (from /proc). `--profile` runs Listo on SQLite under `--cpu-prof` and
 * leaves the profile in ./profiles. `--existing-items=N` first gives each Listo N items on other
 * lists, with random ids as made before decision 021: a fresh database's indexes are a few pages,
 * which flatters writes that land on random ones. Loopback only; everything it starts or writes is removed.
 */
const WRITES = 2000;
const WARM_UP = 200;
const IN_FLIGHT = [1, 16];
const ROOT = path.resolve(import.meta.dirname, '..');

interface Target {
  name: string;
  /** The processes that do the work, for their CPU time. */
  pids(): number[];
  /** Prepares a run (a fresh list) and answers the write of number `i`. */
  prepare(): Promise<(i: number) => Promise<void>>;
}

async function post(url: string, body: unknown, token?: string, idempotencyKey?: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(idempotencyKey ? { [IDEMPOTENCY_HEADER]: idempotencyKey } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

const servers: ChildServer[] = [];
const children: ChildProcess[] = [];
const schemas: string[] = [];

/** Listo in one process per `env`, behind a round robin; `idempotent`: each write carries a key, as the web app's do. */
async function listo(
  name: string,
  env: Record<string, string>[],
  options: { nodeOptions?: string[]; idempotent?: boolean; existingItems?: number } = {},
): Promise<Target> {
  const started: ChildServer[] = [];
  for (const one of env) {
    started.push(await startChildServer({ PORT: '0', HOST: '127.0.0.1', RATE_LIMIT_AUTH: '0', LOG_LEVEL: 'warn', ...one }, options.nodeOptions));
  }
  servers.push(...started);
  // Warm-up writes have negative numbers.
  const api = (index: number) => `${started[Math.abs(index) % started.length]!.url}${API_BASE_PATH}`;
  const email = `bench-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const { token } = (await post(`${api(0)}/auth/register`, { email, password: 'bench-password' })) as { token: string };
  await addExistingItems(api(0), token, options.existingItems ?? 0);
  return {
    name,
    pids: () => started.map((server) => server.pid),
    async prepare() {
      const { list } = (await post(`${api(0)}/lists`, { name: 'Bench' }, token)) as { list: { id: string } };
      // Keys as the web app makes them (web/core/net/client.ts).
      const key = () => (options.idempotent ? newTimeOrderedId() : undefined);
      return async (i) => void (await post(`${api(i)}/lists/${list.id}/items`, { content: `bench item ${i}` }, token, key()));
    },
  };
}

const EXISTING_NAMES = ['milk', 'eggs', 'bread', 'apples', 'rice', 'coffee', 'soap', 'pasta', 'onions', 'batteries'];

/** `count` items with varied names on lists of their own, through the batch call. */
async function addExistingItems(api: string, token: string, count: number): Promise<void> {
  for (let added = 0; added < count; ) {
    const { list } = (await post(`${api}/lists`, { name: 'Existing' }, token)) as { list: { id: string } };
    for (let onList = 0; onList < LIST_ITEMS_MAX && added < count; ) {
      const size = Math.min(ITEM_BATCH_MAX, LIST_ITEMS_MAX - onList, count - added);
      const items = Array.from({ length: size }, (_, i) => ({
        id: newRandomId(),
        content: `${EXISTING_NAMES[(added + i) % EXISTING_NAMES.length]} ${crypto.randomBytes(3).toString('hex')}`,
      }));
      await post(`${api}/lists/${list.id}/items/batch`, { items }, token);
      onList += size;
      added += size;
    }
  }
}

async function run(target: Target, inFlight: number) {
  const write = await target.prepare();
  return closedLoop({ count: WRITES, warmUp: WARM_UP, inFlight, pids: target.pids, call: write });
}

const floor = (logFile?: string): Promise<Target> => startFloor(children, logFile);

async function main(): Promise<void> {
  const profile = process.argv.includes('--profile');
  const existingItems = Number(process.argv.find((arg) => arg.startsWith('--existing-items='))?.split('=')[1] ?? 0);
  if (!Number.isSafeInteger(existingItems) || existingItems < 0) throw new Error('--existing-items= takes a whole number of items');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-bench-write-'));
  const guard = setTimeout(() => {
    console.error('bench-write: gave up after 15 minutes');
    void cleanup(dataDir).then(() => process.exit(1));
  }, 15 * 60_000);
  try {
    const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    const profiles = path.join(ROOT, 'profiles');
    const targets: Target[] = [
      await listo('Listo, SQLite', [{ DATA_DIR: path.join(dataDir, 'sqlite') }], {
        nodeOptions: profile ? ['--cpu-prof', `--cpu-prof-dir=${profiles}`] : [],
        existingItems,
      }),
      await floor(),
      await floor(path.join(dataDir, 'floor.log')),
    ];
    if (!profile) {
      targets.push(await listo('Listo, SQLite, Idempotency-Key on each', [{ DATA_DIR: path.join(dataDir, 'sqlite-keys') }], { idempotent: true, existingItems }));
    }
    if (pgUrl && !profile) {
      const schema = `bench_${crypto.randomBytes(4).toString('hex')}`;
      await runAdminQuery(pgUrl, `create schema ${schema}`);
      schemas.push(schema);
      const separator = pgUrl.includes('?') ? '&' : '?';
      const env = {
        DATABASE_URL: `${pgUrl}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
        LISTO_SECRET: crypto.randomBytes(32).toString('base64url'),
        DATA_DIR: path.join(dataDir, 'pg'),
      };
      targets.push(await listo('Listo, PostgreSQL, 1 process', [env], { existingItems }));
      targets.push(await listo('Listo, PostgreSQL, 1 process, Idempotency-Key on each', [env], { idempotent: true }));
      targets.push(await listo('Listo, PostgreSQL, 2 processes', [env, env]));
    }
    console.log(`node ${process.version}, ${os.cpus().length} x ${os.cpus()[0]?.model}, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log(`${WRITES} item creations (after ${WARM_UP} unmeasured), each answered when durable; ${existingItems} items already in each database\n`);
    console.log('target | in flight | ops/s | p50 ms | p99 ms | server CPU ms per write');
    for (const inFlight of IN_FLIGHT) {
      for (const target of targets) {
        const r = await run(target, inFlight);
        console.log(`${target.name} | ${inFlight} | ${r.perSecond} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.cpuPerCall.toFixed(3)}`);
      }
    }
    if (profile) console.log(`\nprofile: ${profiles}/ (after the server stops)`);
  } finally {
    clearTimeout(guard);
    await cleanup(dataDir);
  }
}

async function cleanup(dataDir: string): Promise<void> {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(servers.map((server) => server.stop('SIGTERM')));
  await killChildServers();
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  for (const schema of schemas) await runAdminQuery(pgUrl!, `drop schema if exists ${schema} cascade`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
