import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { AI_DEPARTMENTS } from '../common/ai.ts';
import { API_BASE_PATH, ITEM_BATCH_MAX } from '../common/constants.ts';
import { itemNameKey } from '../common/item-input.ts';
import { sortItems, type SortableItem } from '../common/sorting.ts';
import { departmentKey } from '../common/store-order.ts';
import { killChildServers, startChildServer, type ChildServer } from '../server/test/child-server.ts';
import { learnedOrder, learnTrip, type DepartmentScore, type ItemScore } from '../server/store-order/store-order.learning.ts';
import { startFloor, type FloorTarget } from './bench-floor.ts';
import { processCpuMs } from './process-cpu.ts';

/**
 * `npm run bench:storeorder`: what the learned store order costs (docs/performance.md, "Learned
 * store order").
 * - Per check-off, on Listo (SQLite, in a child process, one request in flight): CHECKS check-offs
 *   of a list of LIST_SIZE items in trips of TRIP items (each trip in another store, so that
 *   its first check-off ends and learns the one before, inside its own write), against the same
 *   number of item writes that are not check-offs (a new position: the same route and write,
 *   without the store order), and the durable floor of scripts/bench-write.ts (a bare server
 *   answering each write once an fdatasync covers it) in the same run.
 * - On the device: sorting LIST_SIZE items by the store order, every name learned, against
 *   the sort by name; and the size of the learned order as sent.
 * Loopback only; everything it starts or writes is removed.
 */
/** The list size the store order must sort instantly (and the one the check-offs run on). */
const LIST_SIZE = 2000;
const CHECKS = 1500;
const TRIP = 30;
const SORT_RUNS = 30;

async function call(method: string, url: string, body: unknown, token?: string): Promise<unknown> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

interface Timing {
  p50: number;
  p99: number;
  cpuPerWrite: number;
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function timed(count: number, pids: () => number[], write: (i: number) => Promise<void>): Promise<Timing> {
  const latencies: number[] = [];
  const cpuBefore = processCpuMs(pids());
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await write(i);
    latencies.push(performance.now() - start);
  }
  const cpu = processCpuMs(pids()) - cpuBefore;
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), cpuPerWrite: cpu / count };
}

/** A list of LIST_SIZE items, a tenth of them in each of ten departments; answers their ids. */
async function fullList(api: string, token: string): Promise<{ listId: string; ids: string[] }> {
  const { list } = (await call('POST', `${api}/lists`, { name: 'Bench' }, token)) as { list: { id: string } };
  const ids: string[] = [];
  for (let start = 0; start < LIST_SIZE; start += ITEM_BATCH_MAX) {
    const items = Array.from({ length: Math.min(ITEM_BATCH_MAX, LIST_SIZE - start) }, (_, i) => ({ id: crypto.randomUUID(), content: `item ${start + i}` }));
    await call('POST', `${api}/lists/${list.id}/items/batch`, { items }, token);
    ids.push(...items.map((item) => item.id));
  }
  return { listId: list.id, ids };
}

async function serverCosts(dataDir: string, children: ChildProcess[], servers: ChildServer[]) {
  const server = await startChildServer({ PORT: '0', HOST: '127.0.0.1', RATE_LIMIT_AUTH: '0', LOG_LEVEL: 'warn', DATA_DIR: path.join(dataDir, 'sqlite') });
  servers.push(server);
  const api = `${server.url}${API_BASE_PATH}`;
  const email = `bench-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const { token } = (await call('POST', `${api}/auth/register`, { email, password: 'bench-password' })) as { token: string };
  const pids = () => [server.pid];
  const { listId, ids } = await fullList(api, token);
  const put = (i: number, body: unknown) => call('PUT', `${api}/lists/${listId}/items/${ids[i]}`, body, token).then(() => undefined);
  const edits = await timed(CHECKS, pids, (i) => put(i, { position: LIST_SIZE + i }));
  const checks = await timed(CHECKS, pids, (i) => put(i, { is_completed: true, store: `store ${Math.floor(i / TRIP) % 2}` }));
  const floor: FloorTarget = await startFloor(children, path.join(dataDir, 'floor.log'));
  const write = await floor.prepare();
  const durable = await timed(CHECKS, floor.pids, write);
  return { edits, checks, durable };
}

/** LIST_SIZE items and an order learned for every one of them, from trips of TRIP items. */
function learnedList() {
  const items: SortableItem[] = Array.from({ length: LIST_SIZE }, (_, i) => ({
    content: `item ${i}`,
    is_completed: false,
    created_at: new Date(0).toISOString(),
    position: i,
    properties: { department: AI_DEPARTMENTS[i % 10] },
  }));
  const knowledge = { items: new Map<string, ItemScore>(), departments: new Map<string, DepartmentScore>() };
  const walk = [...items].sort(() => Math.random() - 0.5);
  let trips = 0;
  for (let start = 0; start < walk.length; start += TRIP, trips++) {
    const stops = walk.slice(start, start + TRIP).map((item) => ({ nameKey: itemNameKey(item.content), department: departmentKey(item.properties.department) }));
    const learned = learnTrip(knowledge, stops);
    for (const [key, score] of learned.items) knowledge.items.set(key, score);
    for (const [key, score] of learned.departments) knowledge.departments.set(key, score);
  }
  return { items, learned: learnedOrder(knowledge, trips) };
}

function median(runs: number, work: () => void): number {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-bench-storeorder-'));
  const children: ChildProcess[] = [];
  const servers: ChildServer[] = [];
  try {
    console.log(`node ${process.version}, ${os.cpus().length} x ${os.cpus()[0]?.model}, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
    const { edits, checks, durable } = await serverCosts(dataDir, children, servers);
    console.log(`${CHECKS} writes each, one in flight, on a list of ${LIST_SIZE} items; check-offs in trips of ${TRIP}`);
    console.log('write | p50 ms | p99 ms | server CPU ms per write');
    for (const [name, timing] of [
      ['Listo (SQLite): item edit, no check-off', edits],
      ['Listo (SQLite): check-off, store order noted and learned', checks],
      ['durable floor (bare server + fdatasync)', durable],
    ] as const) {
      console.log(`${name} | ${timing.p50.toFixed(2)} | ${timing.p99.toFixed(2)} | ${timing.cpuPerWrite.toFixed(3)}`);
    }
    console.log(`store order per check-off: +${(checks.p50 - edits.p50).toFixed(2)} ms p50, +${(checks.cpuPerWrite - edits.cpuPerWrite).toFixed(3)} ms CPU\n`);

    const { items, learned } = learnedList();
    // The first sort reads every name; the next ones (at each check-off) find them read.
    const first = median(1, () => sortItems(items, 'store', false, learned));
    const byStore = median(SORT_RUNS, () => sortItems(items, 'store', false, learned));
    const byName = median(SORT_RUNS, () => sortItems(items, 'name-asc'));
    console.log(`sort of ${LIST_SIZE} items: store order first ${first.toFixed(2)} ms, then ${byStore.toFixed(2)} ms (median of ${SORT_RUNS}); by name ${byName.toFixed(2)} ms`);
    console.log(`learned order as sent: ${JSON.stringify(learned).length} bytes for ${Object.keys(learned.items).length} names`);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.stop('SIGTERM')));
    await killChildServers();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
