import type { LaunchOptions } from '@playwright/test';

/**
 * How the browser tests and benchmarks start Chromium: Debian's build (this machine cannot download
 * Playwright's own), with the flags that keep it from reaching for the network it does not have.
 */
export const CHROMIUM_LAUNCH_OPTIONS: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // A camera that shows a test pattern, and no permission prompt: the photo journeys need both.
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
  ],
};
