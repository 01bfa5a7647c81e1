import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/** The line main.ts prints once it listens; the URL after it carries the real port. */
const READY = /Listo is running at http:\/\/[^:\s]+:(\d+)/;
const START_TIMEOUT_MS = 30_000;
/** `npm start` may build the web app first (when vitest runs without `npm test`'s build). */
const NPM_START_TIMEOUT_MS = 180_000;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ChildServer {
  /** Base URL on 127.0.0.1 (main.ts prints "localhost", which may resolve to ::1 first). */
  url: string;
  /** The process id (benchmarks read its CPU time). */
  pid: number;
  /** Everything the server wrote to stdout and stderr so far, for failure messages. */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<Exit>;
  /** Sends a signal and waits for the exit. */
  stop(signal: NodeJS.Signals): Promise<Exit>;
}

const running = new Set<ChildProcess>();

/**
 * Runs `node server/main.ts` as a child process with only the given environment (plus PATH and
 * HOME), so no DATABASE_URL or PORT of the developer's shell leaks in; resolves once it listens.
 * `nodeOptions` go before the script (e.g. `--cpu-prof` for a profile).
 */
export function startChildServer(env: Record<string, string>, nodeOptions: readonly string[] = []): Promise<ChildServer> {
  return startServerProcess(process.execPath, [...nodeOptions, 'server/main.ts'], env, START_TIMEOUT_MS);
}

/** The server as a newcomer starts it: `npm start` (the web app is built first when stale). */
export function startWithNpm(env: Record<string, string>): Promise<ChildServer> {
  return startServerProcess('npm', ['start', '--silent'], env, NPM_START_TIMEOUT_MS);
}

async function startServerProcess(command: string, args: readonly string[], env: Record<string, string>, timeoutMs: number): Promise<ChildServer> {
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });
  const port = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => fail(`did not start within ${timeoutMs} ms`), timeoutMs);
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`server ${why}; output:\n${output}`));
    };
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(READY);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('error', (error) => fail(`could not be spawned (${error.message})`));
    // 'close', not 'exit': by then everything it wrote has been read, for the failure's message.
    child.once('close', (code, signal) => fail(`exited before it listened (${signal ?? code})`));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output: () => output,
    exited,
    async stop(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Kills every child server still running; for afterAll, so a failed test leaves no process behind. */
export async function killChildServers(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}
