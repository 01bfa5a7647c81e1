import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './e2e/chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const CHROMIUM = { ...devices['Desktop Chrome'], launchOptions: CHROMIUM_LAUNCH_OPTIONS };
/** Specs that rewrite the built app's files while they run (e2e/update.spec.ts: the service worker). */
const EXCLUSIVE_SPECS = /update\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/playwright',
  // Screenshot baselines (fixtures.ts expectScreenshots), committed; one set for every machine: CI
  // runs on the same Debian Chromium and fonts as development.
  snapshotPathTemplate: '{testDir}/screenshots/{arg}{ext}',
  expect: {
    toHaveScreenshot: { animations: 'disabled', maxDiffPixelRatio: 0.002, stylePath: 'e2e/screenshot.css' },
  },
  // A journey with screenshots in two themes and sizes takes 10-25 s here and up to 1.7 times that
  // on a busy CI machine; the timeout is there to end a hang, not to judge speed (bench:web does).
  timeout: 60_000,
  // Two files at a time, each with its own browser, against one server: the tests make their own
  // accounts and lists (decision 068). The whole suite took 16.2 min with one worker and 11.5 with
  // two, on the same busy machine.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // CI keeps a machine-readable result for the summary line of .ci/run.
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/playwright.json' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'chromium', testIgnore: EXCLUSIVE_SPECS, use: CHROMIUM },
    // A spec that changes what the server serves to everyone (a new service worker) runs alone, after the rest.
    { name: 'chromium-alone', testMatch: EXCLUSIVE_SPECS, dependencies: ['chromium'], use: CHROMIUM },
  ],
  webServer: {
    command: 'node e2e/serve.ts',
    url: `http://127.0.0.1:${PORT}/api/v1/health`,
    env: { PORT: String(PORT) },
    reuseExistingServer: false,
    timeout: 60_000,
    // SIGTERM, so serve.ts removes its temporary data folder and mailbox on the way out.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
