import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { API_BASE_PATH, LISTS_JOINED_MAX, LISTS_OWNED_MAX, STORAGE_KEYS } from '../common/constants.ts';
import { killChildServers, startChildServer, type ChildServer } from '../server/test/child-server.ts';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/chromium.ts';

/**
 * `npm run bench:web`: opening a list of 2,000 items in headless Chromium. Builds the web app if
 * stale, starts Listo (SQLite, a temp data folder, no auth rate limit), fills one list through
 * REST, then RUNS times in a fresh browser context: (a) opens the list with an empty `listo_cache`
 * (from network), (b) reloads it twice with the cache warm while every `/lists` API answer is held
 * back by API_DELAY_MS (so what is measured is the render from cache alone; the second reload is a
 * returning visitor's, whose browser has kept the compiled code), (c) adds an item through
 * the add bar, (d) scrolls down the list SCROLL_PX a frame for SCROLL_FRAMES frames, and (e) opens
 * the dashboard of an account at both list limits (DASHBOARD_LISTS cards: the lists it owns, and as
 * many of a second account's, joined by link) with an empty `listo_cache`. Times are
 * taken in the page: from navigation start (performance.now()) to the frame after the first item
 * row is in the DOM, and after the whole list is: all ITEMS rows, or, when the list is windowed,
 * the rows of the window with aria-setsize saying all ITEMS are there (for (e), all cards); for (c) from the Enter
 * keydown to the frame after the new row is in the DOM; for (d) the time between frames. Loopback
 * only; everything it starts or writes is removed at the end, also on failure.
 */
const ITEMS = 2000;
const BATCH = 200;
const RUNS = 5;
const API_DELAY_MS = 5000;
const WAIT_MS = 30_000;
const GUARD_MS = 5 * 60_000;
const SCROLL_FRAMES = 180;
const SCROLL_PX = 120;
/** A frame longer than this missed 60 fps (16.7 ms, with some slack for timer jitter). */
const LONG_FRAME_MS = 20;
const ROOT = path.resolve(import.meta.dirname, '..');
const ROW = '[data-testid="item-row"]';
const DASHBOARD_LISTS = LISTS_OWNED_MAX + LISTS_JOINED_MAX;
const CARD = 'ul[aria-label="Lists"] > li';

interface Marks {
  /** The app's header: what any screen shows first, the floor of the list's times. */
  shell?: number;
  firstRow?: number;
  allRows?: number;
  addStart?: number;
  addSeen?: number;
}

/** Runs in every document before the app: marks, in the frame after it happens, when rows appear. */
function installProbe(args: { target: number; row: string }): void {
  const marks: Marks & { addText?: string } = {};
  (window as unknown as { __bench: typeof marks }).__bench = marks;
  const afterFrame = (key: keyof Marks) => {
    if (marks[key] !== undefined) return;
    marks[key] = -1;
    requestAnimationFrame(() => setTimeout(() => (marks[key] = performance.now()), 0));
  };
  const check = () => {
    // The app's header, not the starting one main.tsx paints before the app's chunks are in (no buttons).
    if (document.querySelector('header button')) afterFrame('shell');
    const rows = document.querySelectorAll(args.row);
    if (rows.length > 0) afterFrame('firstRow');
    const windowed = Number(rows[0]?.closest('[aria-setsize]')?.getAttribute('aria-setsize') ?? 0) >= args.target;
    if (rows.length >= args.target || windowed) afterFrame('allRows');
    if (marks.addText !== undefined && marks.addStart !== undefined && marks.addSeen === undefined) {
      for (const row of rows) {
        if (row.textContent?.includes(marks.addText)) {
          afterFrame('addSeen');
          break;
        }
      }
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
  document.addEventListener(
    'keydown',
    (event) => {
      const input = event.target as HTMLInputElement | null;
      if (event.key === 'Enter' && input?.placeholder === 'Add item...' && marks.addText !== undefined) {
        marks.addStart = performance.now();
      }
    },
    true,
  );
}

async function send(url: string, body: unknown, token?: string, method = 'POST'): Promise<{ [key: string]: unknown }> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(WAIT_MS),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { [key: string]: unknown };
}

/** Waits until the probe has set `key` (the frame after the event) and answers it in ms. */
async function mark(page: Page, key: keyof Marks): Promise<number> {
  const handle = await page.waitForFunction(
    (k) => {
      const value = (window as unknown as { __bench?: Marks }).__bench?.[k];
      return value !== undefined && value >= 0 ? value : false;
    },
    key,
    { timeout: WAIT_MS, polling: 20 },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * Holds every `/lists` API request back API_DELAY_MS, through the DevTools protocol's Fetch domain:
 * Playwright's page.route would turn the HTTP cache off, and with it the compiled code a returning
 * visitor's browser keeps. Answers the function that lets requests through again.
 */
async function holdBackListApi(page: Page): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Fetch.requestPaused', ({ requestId }: { requestId: string }) => {
    setTimeout(() => void cdp.send('Fetch.continueRequest', { requestId }).catch(() => undefined), API_DELAY_MS);
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: `*${API_BASE_PATH}/lists*`, requestStage: 'Request' }] });
  return async () => {
    await cdp.send('Fetch.disable').catch(() => undefined);
    await cdp.detach().catch(() => undefined);
  };
}

/** Scrolls the page down a step a frame; answers the time between frames, in ms. */
async function scrollFrames(page: Page): Promise<number[]> {
  return page.evaluate(
    async ({ frames, step }) => {
      const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
      const gaps: number[] = [];
      let last = await nextFrame();
      for (let frame = 0; frame < frames; frame++) {
        window.scrollBy(0, step);
        const now = await nextFrame();
        gaps.push(now - last);
        last = now;
      }
      return gaps;
    },
    { frames: SCROLL_FRAMES, step: SCROLL_PX },
  );
}

/**
 * Gives the account of `token` a full dashboard: LISTS_OWNED_MAX lists of its own (it has `owned`
 * already) and LISTS_JOINED_MAX of a second account's, shared by link and joined.
 */
async function fillDashboard(api: string, token: string, owned: number): Promise<void> {
  for (let index = owned; index < LISTS_OWNED_MAX; index++) await send(`${api}/lists`, { name: `Own list ${index + 1}` }, token);
  const sharer = (await send(`${api}/auth/register`, { email: `bench-sharer-${crypto.randomBytes(4).toString('hex')}@example.com`, password: 'bench-password' })) as { token: string };
  for (let index = 0; index < LISTS_JOINED_MAX; index++) {
    const { id } = (await send(`${api}/lists`, { name: `Shared list ${index + 1}` }, sharer.token)).list as { id: string };
    await send(`${api}/lists/${id}/visibility`, { visibility: 'private', public_editable: false, allow_link_sharing: true }, sharer.token, 'PUT');
    await send(`${api}/lists/${id}/join`, {}, token);
  }
}

/** A fresh browser context (empty caches) signed in as `auth`, with the probe counting `probe.row`. */
async function signedInPage(
  browser: Browser,
  auth: { token: string; user: unknown },
  probe: { target: number; row: string },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(
    ({ keys, token, user }) => {
      localStorage.setItem(keys.token, token);
      localStorage.setItem(keys.user, user);
    },
    { keys: STORAGE_KEYS, token: auth.token, user: JSON.stringify(auth.user) },
  );
  await context.addInitScript(installProbe, probe);
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  return { context, page };
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

let server: ChildServer | undefined;
let browser: Browser | undefined;
let dataDir: string | undefined;

async function cleanup(): Promise<void> {
  await browser?.close().catch(() => undefined);
  browser = undefined;
  if (server) {
    const stopping = server.stop('SIGTERM');
    const killed = await Promise.race([stopping.then(() => false), new Promise((resolve) => setTimeout(() => resolve(true), 5000))]);
    if (killed) await killChildServers();
    server = undefined;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
}

async function main(): Promise<void> {
  const guard = setTimeout(() => {
    console.error(`bench-web: gave up after ${GUARD_MS / 60_000} minutes`);
    void cleanup().then(() => process.exit(1));
  }, GUARD_MS);
  try {
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-if-stale.ts')], { cwd: ROOT, stdio: 'inherit', timeout: 3 * 60_000 });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-bench-web-'));
    server = await startChildServer({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', RATE_LIMIT_AUTH: '0', LOG_LEVEL: 'warn' });
    const api = `${server.url}${API_BASE_PATH}`;
    const email = `bench-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const auth = (await send(`${api}/auth/register`, { email, password: 'bench-password' })) as { token: string; user: unknown };
    const listId = ((await send(`${api}/lists`, { name: 'Bench 2000' }, auth.token)).list as { id: string }).id;
    for (let start = 1; start <= ITEMS; start += BATCH) {
      const items = Array.from({ length: Math.min(BATCH, ITEMS - start + 1) }, (_, i) => ({ content: `item ${start + i}` }));
      await send(`${api}/lists/${listId}/items/batch`, { items }, auth.token);
    }

    browser = await chromium.launch({ ...CHROMIUM_LAUNCH_OPTIONS, headless: true });
    const results = {
      networkFirst: [] as number[],
      networkAll: [] as number[],
      cacheCold: { shell: [] as number[], firstRow: [] as number[], allRows: [] as number[] },
      cacheWarm: { shell: [] as number[], firstRow: [] as number[], allRows: [] as number[] },
      add: [] as number[],
      dashboard: [] as number[],
      frames: [] as number[],
      networkShell: [] as number[],
    };
    let rowsRendered = 0;
    let itemsOnList = ITEMS;
    const listUrl = `${server.url}/lists/${listId}`;
    for (let run = 0; run < RUNS; run++) {
      const { context, page } = await signedInPage(browser, auth, { target: ITEMS, row: ROW });
      try {

        // (a) From network: a new context, so no listo_cache and an empty HTTP cache.
        await page.goto(listUrl);
        results.networkFirst.push(await mark(page, 'firstRow'));
        results.networkShell.push(await mark(page, 'shell'));
        results.networkAll.push(await mark(page, 'allRows'));
        rowsRendered = await page.locator(ROW).count();
        itemsOnList = ITEMS + run;

        // (c) Add an item through the add bar, network answering normally.
        const text = `bench added ${run}`;
        await page.evaluate((t) => ((window as unknown as { __bench: { addText?: string } }).__bench.addText = t), text);
        const input = page.getByPlaceholder('Add item...');
        await input.fill(text);
        await input.press('Enter');
        results.add.push((await mark(page, 'addSeen')) - (await mark(page, 'addStart')));
        // Wait for the server's item, and for the cache to hold it, before reloading.
        await page.locator('[data-pending="true"]').first().waitFor({ state: 'detached' });
        await page.waitForFunction(
          ({ key, t }) => (localStorage.getItem(key) ?? '').includes(t),
          { key: STORAGE_KEYS.cache, t: text },
          { timeout: WAIT_MS },
        );

        // (b) From cache: reload with every /lists API answer held back, so rows come from listo_cache;
        // then once more, as a returning visitor (the browser keeps compiled code from the first).
        const release = await holdBackListApi(page);
        for (const visit of [results.cacheCold, results.cacheWarm]) {
          await page.reload();
          visit.firstRow.push(await mark(page, 'firstRow'));
          visit.shell.push(await mark(page, 'shell'));
          visit.allRows.push(await mark(page, 'allRows'));
        }
        await release();

        // (d) Scroll down the list, a step a frame.
        results.frames.push(...(await scrollFrames(page)));
      } finally {
        await context.close();
      }
    }

    // (e) The dashboard at both list limits, from network.
    await fillDashboard(api, auth.token, 1);
    for (let run = 0; run < RUNS; run++) {
      const { context, page } = await signedInPage(browser, auth, { target: DASHBOARD_LISTS, row: CARD });
      try {
        await page.goto(`${server.url}/`);
        results.dashboard.push(await mark(page, 'allRows'));
      } finally {
        await context.close();
      }
    }

    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    console.log(`\nmachine: ${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    console.log(`Chromium ${browser.version()} headless, 1280x800; list of ${ITEMS} items; ${rowsRendered} item rows in the DOM for ${itemsOnList} items on the list (the bench adds one per run)${rowsRendered === itemsOnList ? ', no virtualisation' : ', windowed'}; ${RUNS} runs`);
    const fromCache = [results.cacheCold, results.cacheWarm].flatMap((visit) => [...visit.firstRow, ...visit.allRows]);
    if (fromCache.some((t) => t >= API_DELAY_MS)) console.log('WARNING: a from-cache time is past the API delay, so it may include the network answer');
    console.log(`from cache: /lists API answers held back ${API_DELAY_MS} ms, so rows shown before that come from listo_cache\n`);
    console.log('| measure | median ms | p95 ms | runs ms |');
    console.log('|---|---|---|---|');
    const rows: [string, number[]][] = [
      ['from network: app header shown (the floor)', results.networkShell],
      ['from network: first item row', results.networkFirst],
      [`from network: whole list (${ITEMS} rows, or the window over them)`, results.networkAll],
      ['from cache, first reload: app header shown (the floor)', results.cacheCold.shell],
      ['from cache, first reload: first item row', results.cacheCold.firstRow],
      [`from cache, first reload: whole list (${ITEMS} rows, or the window over them)`, results.cacheCold.allRows],
      ['from cache, returning: app header shown (the floor)', results.cacheWarm.shell],
      ['from cache, returning: first item row', results.cacheWarm.firstRow],
      [`from cache, returning: whole list (${ITEMS} rows, or the window over them)`, results.cacheWarm.allRows],
      ['add an item: Enter to row shown', results.add],
      [`dashboard of ${DASHBOARD_LISTS} lists, from network: all cards`, results.dashboard],
    ];
    for (const [name, values] of rows) {
      const sorted = [...values].sort((a, b) => a - b);
      console.log(`| ${name} | ${median(values).toFixed(0)} | ${percentile(sorted, 95).toFixed(0)} | ${values.map((v) => v.toFixed(0)).join(', ')} |`);
    }
    const frames = [...results.frames].sort((a, b) => a - b);
    const long = frames.filter((gap) => gap > LONG_FRAME_MS).length;
    console.log(
      `| scroll, ${SCROLL_PX} px a frame: time between frames (${frames.length} frames) | ${median(frames).toFixed(1)} | ${percentile(frames, 95).toFixed(1)} | ${long} frames over ${LONG_FRAME_MS} ms (${((100 * long) / frames.length).toFixed(1)}%), longest ${frames.at(-1)?.toFixed(0)} |`,
    );
  } finally {
    clearTimeout(guard);
    await cleanup();
  }
}

await main();
