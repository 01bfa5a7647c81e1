import fs from 'node:fs';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/chromium.ts';

// Before `npm test`, not in Playwright's setup: the browser tests run last, after minutes of the
// others, and without a browser each of them would fail on its own with the same launch error.
const chromium = CHROMIUM_LAUNCH_OPTIONS.executablePath!;
if (!fs.existsSync(chromium)) {
  console.error(
    `The browser tests need Chromium at ${chromium}, and there is none. ` +
      'Install it (Debian and Ubuntu: apt-get install chromium), or set CHROMIUM_PATH to a Chromium or Chrome.',
  );
  process.exit(1);
}
