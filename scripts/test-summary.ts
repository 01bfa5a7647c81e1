import fs from 'node:fs';

/**
 * Prints one closing line, "N passed, N failed, N skipped", over the Vitest and Playwright runs of
 * `npm test` in CI, and fails when either left no report or nothing ran at all.
 */
interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

const read = <T>(file: string): T => JSON.parse(fs.readFileSync(file, 'utf8')) as T;
const vitest = read<VitestReport>('test-results/vitest.json');
const playwright = read<PlaywrightReport>('test-results/playwright.json');

const passed = vitest.numPassedTests + playwright.stats.expected + playwright.stats.flaky;
const failed = vitest.numFailedTests + playwright.stats.unexpected;
const skipped = vitest.numPendingTests + vitest.numTodoTests + playwright.stats.skipped;
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
if (failed > 0 || passed === 0) process.exit(1);
