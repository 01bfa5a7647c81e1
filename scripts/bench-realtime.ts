import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { API_BASE_PATH } from '../common/constants.ts';
import { REALTIME_MAX_SOCKETS_PER_USER, REALTIME_PATH } from '../common/realtime.ts';
import { killChildServers, startChildServer } from '../server/test/child-server.ts';
import { startFloor } from './bench-floor.ts';
import { processCpuMs } from './process-cpu.ts';

/**
 * `npm run bench:realtime`: propagation latency of live subscriptions. Starts Listo (SQLite, a temp
 * data folder, no rate limits) and a bare `ws` broadcast server (the floor), opens S subscribers
 * to one list's items, makes WRITES item writes one after another through REST, and prints, from
 * the send of each write to each subscriber's receipt, p50/p95/p99/max and events delivered vs
 * expected, and the server's CPU time per delivered event (all of it, the writes included). A user
 * may hold REALTIME_MAX_SOCKETS_PER_USER sockets, so the subscribers are the list's owner and members
 * who joined it by its share link, that many sockets each. Loopback only; every process and file it
 * makes is removed at the end.
 */
const SUBSCRIBERS = [1, 50, 200];
const WRITES = 500;
const WARM_UP = 20;
/** Beyond this, a run counts its missing events as lost instead of waiting forever. */
const DRAIN_TIMEOUT_MS = 30_000;

interface Target {
  name: string;
  /** The server process, for its CPU time. */
  pid: number;
  /** Makes write `i` and resolves when it is acknowledged. */
  write(i: number): Promise<void>;
  /** Socket number `index` of a run, receiving the list's changes; `writeOf` tells which write a message is. */
  subscriber(index: number): Promise<WebSocket>;
  /** A new list (and enough members for `subscribers` sockets) for the next run. */
  reset(subscribers: number): Promise<void>;
}

/** The write a change message carries, from the content `bench <i>` of its first document. */
function writeOf(data: WebSocket.RawData): number | undefined {
  const message = JSON.parse(data.toString()) as { type: string; changes?: { doc: { content?: string } }[] };
  const content = message.type === 'change' ? message.changes?.[0]?.doc.content : undefined;
  const match = content?.match(/^bench (\d+)$/);
  return match ? Number(match[1]) : undefined;
}

async function send(method: string, url: string, body: unknown, token?: string): Promise<{ [key: string]: unknown }> {
  const response = await fetch(url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { [key: string]: unknown };
}
const post = (url: string, body: unknown, token?: string) => send('POST', url, body, token);
const put = (url: string, body: unknown, token?: string) => send('PUT', url, body, token);

function open(url: string, onOpen?: (socket: WebSocket) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => {
      onOpen?.(socket);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

async function listoTarget(dataDir: string): Promise<Target> {
  const server = await startChildServer({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    RATE_LIMIT_AUTH: '0',
    LOG_LEVEL: 'warn',
  });
  stops.push(() => server.stop('SIGTERM'));
  const api = `${server.url}${API_BASE_PATH}`;
  const email = `bench-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const register = async (who: string) =>
    ((await post(`${api}/auth/register`, { email: `${who}-${email}`, password: 'bench-password' })) as { token: string }).token;
  const token = await register('owner');
  /** The owner first, then the members; socket `index` belongs to `users[index / per-user cap]`. */
  const users = [token];
  let listId = '';
  return {
    name: 'Listo (REST write -> SQLite -> change log -> hub -> sockets)',
    pid: server.pid,
    async reset(subscribers) {
      listId = ((await post(`${api}/lists`, { name: 'Bench' }, token)).list as { id: string }).id;
      await put(`${api}/lists/${listId}/visibility`, { visibility: 'private', public_editable: false, allow_link_sharing: true }, token);
      while (users.length * REALTIME_MAX_SOCKETS_PER_USER < subscribers) users.push(await register(`member${users.length}`));
      for (const member of users.slice(1)) await post(`${api}/lists/${listId}/join`, undefined, member);
    },
    async write(i) {
      await post(`${api}/lists/${listId}/items`, { content: `bench ${i}` }, token);
    },
    async subscriber(index) {
      const user = users[Math.floor(index / REALTIME_MAX_SOCKETS_PER_USER)]!;
      const { ticket } = (await post(`${api}/auth/realtime-token`, {}, user)) as { ticket: string };
      const url = `${server.url.replace('http', 'ws')}${API_BASE_PATH}${REALTIME_PATH}?ticket=${ticket}`;
      const socket = await open(url);
      await new Promise<void>((resolve, reject) => {
        socket.once('message', () => resolve());
        socket.once('close', (code, reason) => reject(new Error(`subscriber closed before subscribing: ${code} ${reason.toString()}`)));
        socket.send(JSON.stringify({ type: 'subscribe', id: 's1', topic: 'items', listId }));
      });
      return socket;
    },
  };
}

async function floorTarget(): Promise<Target> {
  const floor = await startFloor(children);
  return {
    name: 'floor (bare ws broadcast on POST)',
    pid: floor.pids()[0]!,
    async reset() {},
    async write(i) {
      await post(`${floor.url}/write`, { content: `bench ${i}`, seq: i });
    },
    subscriber: () => open(floor.url.replace(/^http/, 'ws')),
  };
}

const children: ChildProcess[] = [];
/** Graceful stops first (SIGTERM); whatever is left is killed in cleanup. */
const stops: (() => Promise<unknown>)[] = [];

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function run(target: Target, subscriberCount: number) {
  await target.reset(subscriberCount);
  const sockets = await Promise.all(Array.from({ length: subscriberCount }, (_, index) => target.subscriber(index)));
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  const acks: number[] = [];
  let delivered = 0;
  for (const socket of sockets) {
    socket.on('message', (data) => {
      const received = performance.now();
      const i = writeOf(data);
      if (i === undefined || i < 0) return;
      delivered++;
      latencies.push(received - sentAt.get(i)!);
    });
  }
  for (let i = -WARM_UP; i < 0; i++) await target.write(i);
  const cpuBefore = processCpuMs([target.pid]);
  for (let i = 0; i < WRITES; i++) {
    const start = performance.now();
    sentAt.set(i, start);
    await target.write(i);
    acks.push(performance.now() - start);
  }
  const expected = WRITES * subscriberCount;
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  while (delivered < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  const cpu = processCpuMs([target.pid]) - cpuBefore;
  for (const socket of sockets) socket.terminate();
  const sorted = latencies.sort((a, b) => a - b);
  return {
    ack: percentile(acks.sort((a, b) => a - b), 50),
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    delivered,
    expected,
    // Everything the server did in the run (the writes too) per event delivered: an upper bound.
    cpuPerEventUs: (cpu * 1000) / Math.max(1, delivered),
  };
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-bench-'));
  const guard = setTimeout(() => {
    console.error('bench-realtime: gave up after 10 minutes');
    void cleanup(dataDir).then(() => process.exit(1));
  }, 10 * 60_000);
  try {
    const targets = [await listoTarget(dataDir), await floorTarget()];
    console.log(`node ${process.version}, ${os.cpus().length} x ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()}`);
    console.log(`${WRITES} writes one after another (after ${WARM_UP} unmeasured), latency from send to receipt, ms\n`);
    console.log('subscribers | target | p50 | p95 | p99 | max | delivered/expected | write answered (p50) | server CPU us per event');
    for (const count of SUBSCRIBERS) {
      for (const target of targets) {
        const r = await run(target, count);
        const ms = (value: number) => value.toFixed(2);
        console.log(
          `${count} | ${target.name} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.delivered}/${r.expected} | ${ms(r.ack)} | ${r.cpuPerEventUs.toFixed(1)}`,
        );
      }
    }
  } finally {
    clearTimeout(guard);
    await cleanup(dataDir);
  }
}

async function cleanup(dataDir: string): Promise<void> {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(stops.map((stop) => stop()));
  await killChildServers();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
