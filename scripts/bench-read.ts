import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_BASE_PATH, ITEM_BATCH_MAX, ITEMS_PAGE_MAX } from '../common/constants.ts';
import { newTimeOrderedId } from '../common/ids.ts';
import { killChildServers, startChildServer, type ChildServer } from '../server/test/child-server.ts';
import { startFloor } from './bench-floor.ts';
import { closedLoop } from './closed-loop.ts';

/**
 * `npm run bench:read`: the read of a full page of items (`GET /lists/{id}/items?limit=500`),
 * Listo on SQLite (its own process) beside the floor (scripts/bench-floor-server.ts: a bare Node
 * http server that makes and serialises a page of 500 item documents per request) in one run.
 * READS reads after WARM_UP unmeasured ones, 1 and then 4 in flight, asked uncompressed so that
 * the figures are the read and its serialisation (a browser's answer is compressed too, decision
 * 025). Prints reads/s, p50/p99 and each server's CPU per read. Loopback only; everything it starts
 * or writes is removed.
 */
const READS = 3000;
const WARM_UP = 100;
const IN_FLIGHT = [1, 4];

interface Target {
  name: string;
  pids(): number[];
  url: string;
  token?: string;
}

async function request(url: string, init: RequestInit & { token?: string } = {}): Promise<string> {
  const response = await fetch(url, {
    ...init,
    headers: {
      'accept-encoding': 'identity',
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${text}`);
  return text;
}

const post = async (url: string, body: unknown, token?: string) =>
  JSON.parse(await request(url, { method: 'POST', body: JSON.stringify(body), token })) as Record<string, unknown>;

/** Listo with a list of ITEMS_PAGE_MAX items; its target reads the whole list in one page. */
async function listo(servers: ChildServer[], dataDir: string): Promise<Target> {
  const server = await startChildServer({ PORT: '0', HOST: '127.0.0.1', RATE_LIMIT_AUTH: '0', LOG_LEVEL: 'warn', DATA_DIR: dataDir });
  servers.push(server);
  const api = `${server.url}${API_BASE_PATH}`;
  const email = `bench-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const { token } = (await post(`${api}/auth/register`, { email, password: 'bench-password' })) as { token: string };
  const { list } = (await post(`${api}/lists`, { name: 'Bench' }, token)) as { list: { id: string } };
  for (let added = 0; added < ITEMS_PAGE_MAX; added += ITEM_BATCH_MAX) {
    const items = Array.from({ length: Math.min(ITEM_BATCH_MAX, ITEMS_PAGE_MAX - added) }, (_, i) => ({
      id: newTimeOrderedId(),
      content: `bench item ${added + i}`,
    }));
    await post(`${api}/lists/${list.id}/items/batch`, { items }, token);
  }
  return { name: 'Listo, SQLite', pids: () => [server.pid], url: `${api}/lists/${list.id}/items?limit=${ITEMS_PAGE_MAX}`, token };
}

async function run(target: Target, inFlight: number) {
  return closedLoop({ count: READS, warmUp: WARM_UP, inFlight, pids: target.pids, call: () => request(target.url, { token: target.token }) });
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-bench-read-'));
  const servers: ChildServer[] = [];
  const children: ChildProcess[] = [];
  try {
    const floor = await startFloor(children);
    const targets: Target[] = [await listo(servers, dataDir), { name: 'floor (bare http, no database)', pids: floor.pids, url: `${floor.url}/read` }];
    console.log(`node ${process.version}, ${os.cpus().length} x ${os.cpus()[0]?.model}, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log(`${READS} reads of a ${ITEMS_PAGE_MAX}-item page (after ${WARM_UP} unmeasured), uncompressed\n`);
    console.log('target | in flight | reads/s | p50 ms | p99 ms | server CPU ms per read');
    for (const inFlight of IN_FLIGHT) {
      for (const target of targets) {
        const r = await run(target, inFlight);
        console.log(`${target.name} | ${inFlight} | ${r.perSecond} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.cpuPerCall.toFixed(3)}`);
      }
    }
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.stop('SIGTERM')));
    await killChildServers();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
