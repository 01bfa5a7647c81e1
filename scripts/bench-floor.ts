import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** The floor server of the write benchmarks (scripts/bench-floor-server.ts), started as a target. */

const ROOT = path.resolve(import.meta.dirname, '..');

export interface FloorTarget {
  name: string;
  /** Where it listens (bench:read asks it for pages). */
  url: string;
  pids(): number[];
  prepare(): Promise<(i: number) => Promise<void>>;
}

async function post(url: string, body: unknown): Promise<void> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
}

/** The floor; with `logFile`, the durable floor, which fdatasyncs each write (a group at a time) to it. */
export async function startFloor(children: ChildProcess[], logFile?: string): Promise<FloorTarget> {
  const env = { ...process.env, ...(logFile ? { FLOOR_LOG_FILE: logFile } : {}) };
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/bench-floor-server.ts')], { stdio: ['ignore', 'pipe', 'inherit'], env });
  children.push(child);
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = chunk.toString().match(/floor listening on (\d+)/);
      if (match) resolve(match[1]!);
    });
    child.once('exit', () => reject(new Error('floor server exited')));
  });
  return {
    name: logFile ? 'durable floor (the floor + an fdatasync per group of writes)' : 'floor (bare http + ws, no database)',
    url: `http://127.0.0.1:${port}`,
    pids: () => [child.pid!],
    prepare: async () => async (i: number) => void (await post(`http://127.0.0.1:${port}/write`, { content: `bench item ${i}`, seq: i })),
  };
}

