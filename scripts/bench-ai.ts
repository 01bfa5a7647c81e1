import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { API_BASE_PATH } from '../common/constants.ts';
import { buildApp } from '../server/app.ts';
import { decodePhoto } from '../server/ai/photo.ts';
import { createOfflineProvider } from '../server/ai/offline/offline-provider.ts';
import { createLexicon } from '../server/ai/offline/lexicon.ts';
import { openDatabase } from '../server/db/open.ts';

/**
 * `npm run bench:ai`: the offline assistant (docs/performance.md, "AI").
 * - Sorting 5,000 items: the classification alone, then POST /lists/{id}/sort through the whole app
 *   (in process, SQLite in a temp folder): the first sort (every item enriched and moved), a re-sort
 *   by the same kind (nothing to ask, nothing moves), and a sort by another kind (positions only).
 * - OCR: the worker's start, then the time per photo of PHOTOS rendered printed lists.
 * Every run prints a median of RUNS. Everything it writes is removed at the end.
 */
const ITEMS = 5000;
const RUNS = 5;
const PHOTOS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await work();
  return [value, performance.now() - start];
}

/** 5,000 distinct names as people type them: lexicon names, with brands and words around them, some unknown. */
function groceryNames(): string[] {
  const base = createLexicon().entries.flatMap((entry) => entry.names.en);
  const extras = ['organic', 'store brand', 'family size', 'frozen', 'fresh', 'Acme', 'Bio', 'large', 'mini', 'extra'];
  const names = new Set<string>();
  for (let round = 0; names.size < ITEMS; round++) {
    for (const name of base) {
      if (names.size >= ITEMS) break;
      names.add(round === 0 ? name : round % 7 === 0 ? `house special ${round} ${name.slice(0, 3)}` : `${extras[round % extras.length]} ${name} ${round}`);
    }
  }
  return [...names];
}

async function sortBench(names: string[]) {
  const provider = createOfflineProvider();
  const classify: number[] = [];
  for (let run = 0; run < RUNS; run++) classify.push((await timed(() => provider.classify(names, 'standard')))[1]);
  await provider.close();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-bench-ai-'));
  const database = await openDatabase({ kind: 'sqlite', file: path.join(dir, 'listo.db') });
  const app = await buildApp({
    config: {
      publicUrl: 'http://localhost',
      smtpUrl: undefined,
      mailFrom: 'Listo <l@localhost>',
      aiDefaultEnabled: true,
      rateLimitAuth: 0,
      logLevel: 'silent',
      trustProxy: false,
      dataDir: dir,
      storage: { driver: 'local', quotaBytes: 0 },
    },
    database,
    secret: 'bench-secret-that-is-long-enough-for-hmac',
    mailer: { delivers: true, send: async () => {}, close() {} },
  });
  try {
    const call = async (method: 'POST', url: string, body: unknown, token?: string) => {
      const response = await app.inject({ method, url: `${API_BASE_PATH}${url}`, payload: body as object, headers: token ? { authorization: `Bearer ${token}` } : {} });
      if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      return response.json();
    };
    const first: number[] = [];
    const again: number[] = [];
    const other: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const { token } = await call('POST', '/auth/register', { email: `bench${run}@example.com`, password: 'bench-password' });
      const { list } = await call('POST', '/lists', { name: `Bench ${run}` }, token);
      for (let start = 0; start < names.length; start += 200) {
        await call('POST', `/lists/${list.id}/items/batch`, { items: names.slice(start, start + 200).map((content) => ({ content })) }, token);
      }
      first.push((await timed(() => call('POST', `/lists/${list.id}/sort`, { prompt: 'department' }, token)))[1]);
      again.push((await timed(() => call('POST', `/lists/${list.id}/sort`, { prompt: 'department' }, token)))[1]);
      other.push((await timed(() => call('POST', `/lists/${list.id}/sort`, { prompt: 'priority' }, token)))[1]);
    }
    return { classify, first, again, other };
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function photo(index: number): Promise<string> {
  const entries = ['2 bottles milk', 'eggs', 'sourdough bread', 'bananas', 'olive oil', 'toilet paper', '3 cans chickpeas', 'greek yogurt', 'peanut butter', 'dish soap', 'apples', 'coffee'];
  const lines = ['Shopping list', ...entries.slice(index % 3).map((entry) => `- ${entry}`)];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="${120 + lines.length * 56}"><rect width="100%" height="100%" fill="#f7f4ec"/>${lines
    .map((line, row) => `<text x="80" y="${90 + row * 56}" font-family="DejaVu Sans" font-size="34" fill="#222">${line}</text>`)
    .join('')}</svg>`;
  return (await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer()).toString('base64');
}

/** Whose photos the OCR bench reads: one user, its photos one after the other. */
const BENCH_USER = 'bench';

async function ocrBench() {
  const provider = createOfflineProvider();
  try {
    const photos = await Promise.all(Array.from({ length: PHOTOS }, (_, index) => photo(index)));
    // The first photo pays for the worker's start; the start is its time minus a warm photo's.
    const [, firstPhoto] = await timed(async () => provider.readPhoto(await decodePhoto(photos[0]!), 'standard', BENCH_USER));
    const perPhoto: number[] = [];
    let read = 0;
    for (const data of photos) {
      const [entries, time] = await timed(async () => provider.readPhoto(await decodePhoto(data), 'standard', BENCH_USER));
      perPhoto.push(time);
      read += entries.length;
    }
    return { firstPhoto, perPhoto, read };
  } finally {
    await provider.close();
  }
}

const names = groceryNames();
const sorting = await sortBench(names);
const ocr = await ocrBench();
console.log(`offline AI, ${os.cpus().length} cores, Node ${process.version}, ${ITEMS} items, median of ${RUNS}`);
console.log(`classify ${ITEMS} names (lexicon built): ${ms(median(sorting.classify))}  runs ${sorting.classify.map((v) => v.toFixed(0)).join(', ')}`);
console.log(`POST /sort department, first (enrich + move all): ${ms(median(sorting.first))}  runs ${sorting.first.map((v) => v.toFixed(0)).join(', ')}`);
console.log(`POST /sort department again (nothing to do): ${ms(median(sorting.again))}  runs ${sorting.again.map((v) => v.toFixed(0)).join(', ')}`);
console.log(`POST /sort priority (positions only): ${ms(median(sorting.other))}  runs ${sorting.other.map((v) => v.toFixed(0)).join(', ')}`);
console.log(`OCR: first photo with the worker's start ${ms(ocr.firstPhoto)}; per photo ${ms(median(ocr.perPhoto))} (runs ${ocr.perPhoto.map((v) => v.toFixed(0)).join(', ')}); ${ocr.read} entries read`);
