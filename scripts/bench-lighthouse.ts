import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { API_BASE_PATH, STORAGE_KEYS } from '../common/constants.ts';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/chromium.ts';
import { killChildServers, startChildServer, type ChildServer } from '../server/test/child-server.ts';

/**
 * `npm run bench:lighthouse`: Lighthouse 13 (mobile, simulated throttling: its default) on the
 * sign-in page, the dashboard and a list, each loaded cold (HTTP cache, Cache Storage and service
 * worker cleared before each run; the signed-in session kept in localStorage), against a local
 * Listo on a temp data folder. Prints per page the four category scores and the timings behind
 * performance (medians of RUNS), and the audits that did not pass.
 * Loopback only; everything it starts or writes is removed at the end.
 */
const RUNS = 3;
const ITEMS = 40;
const ROOT = path.resolve(import.meta.dirname, '..');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

async function api<T>(server: ChildServer, route: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${server.url}${API_BASE_PATH}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${route}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Forgets every cached byte of the app (but not localStorage): the next load is a cold one. */
async function forgetCaches(page: Page, origin: string): Promise<void> {
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'cache_storage,service_workers' });
  await cdp.detach();
}

/** What one page scored: the category scores and the timings behind performance, medians of RUNS. */
interface PageResult {
  scores: Record<string, number>;
  metrics: Record<string, number>;
  /** Every audit of the four categories that did not pass in the median-performance run. */
  failed: string[];
}

const METRICS = {
  'FCP ms': 'first-contentful-paint',
  'LCP ms': 'largest-contentful-paint',
  'TBT ms': 'total-blocking-time',
  'SI ms': 'speed-index',
} as const;

/** What a failed audit found first, for audits without a display value (e.g. the console's issues). */
function firstDetail(details: unknown): string {
  const items = (details as { items?: unknown[] } | undefined)?.items ?? [];
  return JSON.stringify(items[0] ?? {}).slice(0, 300);
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

async function measure(page: Page, url: string): Promise<PageResult> {
  const runs: { scores: Record<string, number>; metrics: Record<string, number>; failed: string[] }[] = [];
  for (let run = 0; run < RUNS; run++) {
    await forgetCaches(page, new URL(url).origin);
    const result = await lighthouse(url, { logLevel: 'error', disableStorageReset: true, onlyCategories: [...CATEGORIES] }, undefined, page);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { categories, audits } = result.lhr;
    const scripts = (audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
    runs.push({
      scores: Object.fromEntries(CATEGORIES.map((key) => [key, Math.round((categories[key]?.score ?? 0) * 100)])),
      metrics: {
        ...Object.fromEntries(Object.entries(METRICS).map(([label, id]) => [label, Math.round(audits[id]?.numericValue ?? 0)])),
        'JS KB': Math.round(scripts.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024),
      },
      failed: CATEGORIES.flatMap((key) =>
        (categories[key]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${key}: ${ref.id} (${audits[ref.id]?.displayValue ?? firstDetail(audits[ref.id]?.details)})`),
      ),
    });
  }
  const byPerformance = [...runs].sort((a, b) => a.scores.performance! - b.scores.performance!)[Math.floor(runs.length / 2)]!;
  return {
    scores: Object.fromEntries(CATEGORIES.map((key) => [key, median(runs.map((run) => run.scores[key]!))])),
    metrics: Object.fromEntries(Object.keys(runs[0]!.metrics).map((key) => [key, median(runs.map((run) => run.metrics[key]!))])),
    failed: byPerformance.failed,
  };
}

async function main(): Promise<void> {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-if-stale.ts')], { cwd: ROOT, stdio: 'inherit' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-lighthouse-'));
  const server = await startChildServer({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', RATE_LIMIT_AUTH: '0', LOG_LEVEL: 'warn' });
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_LAUNCH_OPTIONS.executablePath,
    args: [...(CHROMIUM_LAUNCH_OPTIONS.args ?? []), '--headless=new'],
  });
  try {
    const email = `lighthouse-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const auth = await api<{ token: string; user: unknown }>(server, '/auth/register', { email, password: 'secret-password' });
    const { list } = await api<{ list: { id: string } }>(server, '/lists', { name: 'Groceries' }, auth.token);
    const items = Array.from({ length: ITEMS }, (_, i) => ({ content: `item ${i + 1}` }));
    await api(server, `/lists/${list.id}/items/batch`, { items }, auth.token);

    const page = await browser.newPage();
    const results: Record<string, PageResult> = {};
    results['sign-in'] = await measure(page, `${server.url}/`);
    await page.goto(`${server.url}/`);
    await page.evaluate(
      (keys, session) => {
        localStorage.setItem(keys.token, session.token);
        localStorage.setItem(keys.user, JSON.stringify(session.user));
      },
      STORAGE_KEYS,
      auth,
    );
    results.dashboard = await measure(page, `${server.url}/`);
    results.list = await measure(page, `${server.url}/lists/${list.id}`);
    console.table(Object.fromEntries(Object.entries(results).map(([name, result]) => [name, { ...result.scores, ...result.metrics }])));
    for (const [name, result] of Object.entries(results)) {
      console.log(`\n${name}: ${result.failed.length ? `not passed: ${result.failed.join('; ')}` : 'every weighted audit passed'}`);
    }
  } finally {
    await browser.close();
    await server.stop('SIGTERM').catch(() => killChildServers());
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
