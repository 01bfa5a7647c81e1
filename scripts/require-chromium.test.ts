import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const SCRIPT = 'scripts/require-chromium.ts';

function check(chromiumPath: string) {
  return spawnSync(process.execPath, [SCRIPT], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, CHROMIUM_PATH: chromiumPath } });
}

describe('scripts/require-chromium.ts', () => {
  it('runs before npm test', () => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.pretest).toMatch(new RegExp(` && node ${SCRIPT}$`));
  });

  it('stops at once, saying how to get one, when there is no browser for the browser tests', () => {
    const result = check('/nonexistent/chromium');
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      'The browser tests need Chromium at /nonexistent/chromium, and there is none. ' +
        'Install it (Debian and Ubuntu: apt-get install chromium), or set CHROMIUM_PATH to a Chromium or Chrome.\n',
    );
  });

  it('says nothing when the browser is there', () => {
    const result = check(process.execPath);
    expect([result.status, result.stdout, result.stderr]).toEqual([0, '', '']);
  });
});
