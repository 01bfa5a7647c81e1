import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { DEV_API_PORT } from '../vite.config.ts';

/**
 * `npm run dev`: Vite's dev server with hot reload on PORT (3000), which proxies /api to the API
 * server in watch mode on the next port (DEV_API_PORT). Ctrl-C stops both.
 */
const root = path.resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [
  spawn(process.execPath, ['--watch', 'server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: String(DEV_API_PORT) },
  }),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], { cwd: root, stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
