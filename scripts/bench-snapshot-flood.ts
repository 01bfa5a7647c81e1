import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { API_BASE_PATH, ITEM_BATCH_MAX, LIST_ITEMS_MAX } from '../common/constants.ts';
import { REALTIME_MAX_SUBSCRIPTIONS, REALTIME_PATH } from '../common/realtime.ts';
import { killChildServers, startChildServer } from '../server/test/child-server.ts';

/**
 * `npm run bench:snapshot-flood`: what one user's burst of live subscribes costs everyone else.
 * Starts Listo (SQLite, a temp data folder, no rate limits); a flooder fills a list to
 * LIST_ITEMS_MAX items, then opens sockets that each send REALTIME_MAX_SUBSCRIPTIONS subscribes to
 * it at once, one socket after another, while another user reads their own small list over REST,
 * one request after another. Prints that user's read latency p50/p99/max, quiet (the floor of the
 * same run) and during the flood, and how many snapshots the flooder was sent. Loopback only; the
 * process and its folder are removed at the end.
 */
const READS = 400;
const FLOOD_SOCKETS = 5;

async function call(method: string, url: string, body?: unknown, token?: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function readLatencies(url: string, token: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < READS; i++) {
    const started = performance.now();
    await call('GET', url, undefined, token);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/** One socket sending every subscribe it may at once; resolves with how many were answered, at its close. */
async function flood(wsUrl: string, listId: string): Promise<number> {
  const socket = new WebSocket(wsUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const answered = new Set<string>();
  socket.on('message', (data: WebSocket.RawData) => {
    const message = JSON.parse(data.toString()) as { type: string; id?: string };
    if (message.type === 'snapshot' && message.id) answered.add(message.id);
  });
  for (let i = 0; i < REALTIME_MAX_SUBSCRIPTIONS; i++) socket.send(JSON.stringify({ type: 'subscribe', id: `f${i}`, topic: 'items', listId }));
  const closed = new Promise((resolve) => socket.once('close', resolve));
  // A socket the budget does not close is closed once its answers stop coming.
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 30_000))]);
  socket.terminate();
  return answered.size;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-bench-flood-'));
  const server = await startChildServer({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', RATE_LIMIT_AUTH: '0', LOG_LEVEL: 'warn' });
  try {
    const api = `${server.url}${API_BASE_PATH}`;
    const tag = crypto.randomBytes(4).toString('hex');
    const register = async (who: string) =>
      ((await call('POST', `${api}/auth/register`, { email: `${who}-${tag}@example.com`, password: 'bench-password' })) as { token: string }).token;
    const [flooder, reader] = [await register('flooder'), await register('reader')];
    const bigList = ((await call('POST', `${api}/lists`, { name: 'Big' }, flooder)).list as { id: string }).id;
    for (let start = 0; start < LIST_ITEMS_MAX; start += ITEM_BATCH_MAX) {
      const items = Array.from({ length: ITEM_BATCH_MAX }, (_, i) => ({ content: `item ${start + i} with a name of ordinary length` }));
      await call('POST', `${api}/lists/${bigList}/items/batch`, { items }, flooder);
    }
    const smallList = ((await call('POST', `${api}/lists`, { name: 'Small' }, reader)).list as { id: string }).id;
    await call('POST', `${api}/lists/${smallList}/items/batch`, { items: ['milk', 'eggs', 'bread'].map((content) => ({ content })) }, reader);
    const readUrl = `${api}/lists/${smallList}/items`;

    await readLatencies(readUrl, reader);
    const quiet = await readLatencies(readUrl, reader);

    let snapshots = 0;
    let flooding = true;
    const flooded = (async () => {
      for (let i = 0; i < FLOOD_SOCKETS && flooding; i++) {
        const { ticket } = (await call('POST', `${api}/auth/realtime-token`, {}, flooder)) as { ticket: string };
        snapshots += await flood(`${server.url.replace('http', 'ws')}${API_BASE_PATH}${REALTIME_PATH}?ticket=${ticket}`, bigList);
      }
    })();
    const during = await readLatencies(readUrl, reader);
    flooding = false;
    await flooded;

    const row = (name: string, sorted: number[]) =>
      `${name} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} | ${sorted.at(-1)!.toFixed(1)}`;
    console.log(`node ${process.version}, ${os.cpus().length} x ${os.cpus()[0]?.model}`);
    console.log(`another user's ${READS} reads of a 3-item list, ms; the flooder: ${FLOOD_SOCKETS} sockets x ${REALTIME_MAX_SUBSCRIPTIONS} subscribes to a ${LIST_ITEMS_MAX}-item list\n`);
    console.log('reads | p50 | p99 | max');
    console.log(row('quiet (floor)', quiet));
    console.log(row('during the flood', during));
    console.log(`\nsubscribes answered with a snapshot: ${snapshots}`);
  } finally {
    await server.stop('SIGTERM');
    await killChildServers();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
