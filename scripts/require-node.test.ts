import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const SCRIPT = 'scripts/require-node.js';
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-require-node-'));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

/** Runs the check in a copy of the repo's files that needs `engine` instead (the Node running the tests is what it finds). */
function checkNeeding(engine: string) {
  const root = fs.mkdtempSync(path.join(temp, 'repo-'));
  fs.mkdirSync(path.join(root, 'scripts'));
  fs.copyFileSync(path.join(ROOT, SCRIPT), path.join(root, SCRIPT));
  fs.copyFileSync(path.join(ROOT, '.nvmrc'), path.join(root, '.nvmrc'));
  fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ type: 'module', engines: { node: engine } }));
  return spawnSync(process.execPath, [SCRIPT], { cwd: root, encoding: 'utf8' });
}

const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
const recommended = fs.readFileSync(path.join(ROOT, '.nvmrc'), 'utf8').trim();

describe('scripts/require-node.js', () => {
  it('runs first in npm start, npm test and npm run dev', () => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect([scripts.prestart, scripts.predev]).toEqual([`node ${SCRIPT}`, `node ${SCRIPT}`]);
    expect(scripts.pretest).toMatch(new RegExp(`^node ${SCRIPT} && `));
  });

  it("lets the repo's own Node requirement through on this Node, silently", () => {
    const result = spawnSync(process.execPath, [SCRIPT], { cwd: ROOT, encoding: 'utf8' });
    expect([result.status, result.stdout, result.stderr]).toEqual([0, '', '']);
  });

  it('lets an exactly matching Node through', () => {
    expect(checkNeeding(`>=${major}.${minor}`).status).toBe(0);
  });

  it('stops an older Node with one line saying what to install, whether its minor or its major is behind', () => {
    for (const needed of [`${major}.${minor + 1}`, `${major + 1}.0`]) {
      const result = checkNeeding(`>=${needed}`);
      expect(result.status).toBe(1);
      expect(result.stderr).toBe(
        `Listo needs Node.js ${needed} or newer; this is ${process.versions.node} (${process.execPath}). ` +
          `Install Node.js ${recommended} LTS (.nvmrc, e.g. nvm install), then run the command again.\n`,
      );
    }
  });
});
