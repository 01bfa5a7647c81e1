import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The server the browser tests talk to: the real `server/main.ts` on a fresh temporary data folder,
 * removed again when Playwright stops it.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-e2e-'));
const server = spawn(process.execPath, [path.resolve(import.meta.dirname, '../server/main.ts')], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, RATE_LIMIT_AUTH: '0', LOG_LEVEL: 'warn' },
});

const stop = () => server.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
