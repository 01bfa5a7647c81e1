import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import WebSocket from 'ws';
import { API_BASE_PATH } from '../common/constants.ts';
import { REALTIME_PATH } from '../common/realtime.ts';
import { killChildServers, startChildServer } from '../server/test/child-server.ts';

/**
 * `npm run bench:images`: photos on items, end to end. Starts Listo (SQLite and local storage in
 * a temp data folder, no rate limits), holds one live subscriber to a list's items, and for 50
 * photos of each kind measures:
 * - upload to visible, one photo at a time: from sending POST .../image to the subscriber
 *   receiving the item with its picture, and to its thumbnail downloaded through the signed URL
 *   (what a second device does before it shows the picture); and the POST's own answer;
 * - throughput: the same 50 photos on 50 other items, UPLOADERS at a time.
 * Photos are made with sharp beforehand: the web app's camera capture (1280x720 JPEG, quality 80)
 * and a phone camera's file (4032x3024 JPEG, quality 90). Loopback only; every process and file
 * it makes is removed at the end.
 */
const PHOTOS = 50;
const UPLOADERS = 4;
const WAIT_MS = 60_000;

const KINDS = [
  { name: 'camera capture 1280x720', width: 1280, height: 720, quality: 80 },
  { name: 'phone photo 4032x3024', width: 4032, height: 3024, quality: 90 },
];

interface Api {
  url: string;
  token: string;
}

async function call<T>(api: Api, method: string, route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${api.url}${API_BASE_PATH}${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(api.token ? { authorization: `Bearer ${api.token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A photo-like picture (smooth colours with grain, as a sensor gives), different for each `seed`. */
async function makePhoto(kind: (typeof KINDS)[number], seed: number): Promise<string> {
  const small = Buffer.alloc(16 * 9 * 3);
  for (let i = 0; i < small.length; i++) small[i] = (i * 37 + seed * 101) % 256;
  const grain = await sharp({
    create: { width: kind.width, height: kind.height, channels: 3, background: 'gray', noise: { type: 'gaussian', mean: 128, sigma: 12 } },
  })
    .png()
    .toBuffer();
  const photo = await sharp(small, { raw: { width: 16, height: 9, channels: 3 } })
    .resize(kind.width, kind.height, { kernel: 'cubic' })
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: kind.quality })
    .toBuffer();
  return `data:image/jpeg;base64,${photo.toString('base64')}`;
}

/** A subscriber to the list's items: resolves `seen(itemId)` when the item arrives with a picture. */
async function subscribe(api: Api, listId: string) {
  const { ticket } = await call<{ ticket: string }>(api, 'POST', '/auth/realtime-token', {});
  const socket = new WebSocket(`${api.url.replace('http', 'ws')}${API_BASE_PATH}${REALTIME_PATH}?ticket=${ticket}`);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const waiting = new Map<string, (thumbnailUrl: string) => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as { type: string; changes?: { doc: { id: string; images: { primary: { thumbnailUrl: string } } | null } }[] };
    for (const { doc } of message.type === 'change' ? (message.changes ?? []) : []) {
      if (doc.images) waiting.get(doc.id)?.(doc.images.primary.thumbnailUrl);
    }
  });
  await new Promise<void>((resolve) => {
    socket.once('message', () => resolve());
    socket.send(JSON.stringify({ type: 'subscribe', id: 's1', topic: 'items', listId }));
  });
  return {
    seen(itemId: string): Promise<string> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`item ${itemId} never arrived with its picture`)), WAIT_MS);
        waiting.set(itemId, (url) => {
          clearTimeout(timer);
          waiting.delete(itemId);
          resolve(url);
        });
      });
    },
    close: () => socket.terminate(),
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 95).toFixed(1)} | ${sorted.at(-1)!.toFixed(1)}`;
};

async function benchKind(api: Api, kind: (typeof KINDS)[number]) {
  const photos = await Promise.all(Array.from({ length: PHOTOS }, (_, i) => makePhoto(kind, i)));
  const sentMb = photos.reduce((sum, photo) => sum + photo.length, 0) / 2 ** 20;
  const { list } = await call<{ list: { id: string } }>(api, 'POST', '/lists', { name: `Bench ${kind.name}` });
  const items = Array.from({ length: PHOTOS * 2 }, (_, i) => ({ content: `thing ${i}` }));
  const { results } = await call<{ results: { id: string }[] }>(api, 'POST', `/lists/${list.id}/items/batch`, { items });
  const subscriber = await subscribe(api, list.id);
  const upload = (itemId: string, photo: string) => call(api, 'POST', `/lists/${list.id}/items/${itemId}/image`, { imageData: photo });

  const answered: number[] = [];
  const visible: number[] = [];
  const shown: number[] = [];
  for (const [i, photo] of photos.entries()) {
    const itemId = results[i]!.id;
    const start = performance.now();
    const seen = subscriber.seen(itemId);
    await upload(itemId, photo);
    answered.push(performance.now() - start);
    const thumbnailUrl = await seen;
    visible.push(performance.now() - start);
    const thumbnail = await fetch(`${api.url}${thumbnailUrl}`);
    if (!thumbnail.ok) throw new Error(`thumbnail: ${thumbnail.status}`);
    await thumbnail.arrayBuffer();
    shown.push(performance.now() - start);
  }

  const queue = photos.map((photo, i) => ({ photo, itemId: results[PHOTOS + i]!.id }));
  const start = performance.now();
  await Promise.all(
    Array.from({ length: UPLOADERS }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const seen = subscriber.seen(next.itemId);
        await upload(next.itemId, next.photo);
        await seen;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  subscriber.close();
  return { answered, visible, shown, seconds, sentMb };
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-bench-images-'));
  const guard = setTimeout(() => {
    console.error('bench-images: gave up after 10 minutes');
    void cleanup(dataDir).then(() => process.exit(1));
  }, 10 * 60_000);
  try {
    const server = await startChildServer({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', RATE_LIMIT_AUTH: '0', LOG_LEVEL: 'warn' });
    const email = `bench-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const { token } = await call<{ token: string }>({ url: server.url, token: '' }, 'POST', '/auth/register', { email, password: 'bench-password' });
    const api = { url: server.url, token };
    console.log(`node ${process.version}, ${os.cpus().length} x ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()}`);
    console.log(`${PHOTOS} photos one at a time, then ${PHOTOS} more ${UPLOADERS} at a time; ms as p50 | p95 | max\n`);
    console.log('photos | sent (avg) | POST answered | seen live | thumbnail loaded | throughput');
    for (const kind of KINDS) {
      const r = await benchKind(api, kind);
      const perPhoto = (r.sentMb / PHOTOS).toFixed(2);
      const throughput = `${(PHOTOS / r.seconds).toFixed(1)} photos/s (${(r.sentMb / r.seconds).toFixed(1)} MB/s)`;
      console.log(`${kind.name} | ${perPhoto} MB | ${summary(r.answered)} | ${summary(r.visible)} | ${summary(r.shown)} | ${throughput}`);
    }
    await server.stop('SIGTERM');
  } finally {
    clearTimeout(guard);
    await cleanup(dataDir);
  }
}

async function cleanup(dataDir: string): Promise<void> {
  await killChildServers();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
