import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './e2e/chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 3100);

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
  fullyParallel: false,
  workers: 1,
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
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: CHROMIUM_LAUNCH_OPTIONS,
      },
    },
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
