import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from './config-error.ts';
import { loadOrCreateSecret } from './secret.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-secret-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The key a separate process reads or makes in the data folder, as a second Listo starting beside this one would. */
function keyOfAnotherProcess(): Promise<string> {
  const script = `import { loadOrCreateSecret } from ${JSON.stringify(path.resolve('server/secret.ts'))}; process.stdout.write(loadOrCreateSecret(${JSON.stringify(dataDir)}, undefined));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}`))));
  });
}

describe('the secret key kept in the data folder', () => {
  it('is made once, readable by this user alone, and the same at every start', () => {
    const key = loadOrCreateSecret(dataDir, undefined);
    expect(key.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(path.join(dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
    expect(loadOrCreateSecret(dataDir, undefined)).toBe(key);
    // Nothing else is left in the folder.
    expect(fs.readdirSync(dataDir)).toEqual(['secret.key']);
  });

  it('is one key for processes that start at once on a fresh folder', async () => {
    const keys = await Promise.all(Array.from({ length: 4 }, keyOfAnotherProcess));
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]!.length).toBeGreaterThanOrEqual(32);
  });

  it('is refused, with what to do, when the file holds less than a key: never used as an empty or guessable secret', () => {
    fs.writeFileSync(path.join(dataDir, 'secret.key'), '');
    expect(() => loadOrCreateSecret(dataDir, undefined)).toThrow(ConfigError);
    expect(() => loadOrCreateSecret(dataDir, undefined)).toThrow(/secret\.key holds no usable key .* Delete it .* or set LISTO_SECRET/);
  });

  it('is LISTO_SECRET when that is set, and nothing is written', () => {
    expect(loadOrCreateSecret(dataDir, 'x'.repeat(40))).toBe('x'.repeat(40));
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});
