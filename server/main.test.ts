import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { API_BASE_PATH } from '../common/constants.ts';
import { CLOSE_CODES, REALTIME_MESSAGES, REALTIME_PATH } from '../common/realtime.ts';
import { TestSocket } from './test/live.ts';
import { killChildServers, startChildServer, startWithNpm } from './test/child-server.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-main-'));
const holder = net.createServer();

afterAll(async () => {
  await killChildServers();
  await new Promise((resolve) => holder.close(resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** What `node server/main.ts` printed before it exited, for a start that must fail. */
async function failedStart(env: Record<string, string>): Promise<string> {
  const error = await startChildServer({ DATA_DIR: dataDir, ...env }).then(
    () => expect.fail('the server started'),
    (failure: Error) => failure,
  );
  expect(error.message).toContain('exited before it listened (1)');
  return error.message.slice(error.message.indexOf('output:\n') + 'output:\n'.length);
}

it('tells a newcomer whose port is taken what to do, in one line and without a stack', async () => {
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const { port } = holder.address() as net.AddressInfo;
  const output = await failedStart({ PORT: String(port) });
  expect(output).toBe(
    `Port ${port} on 127.0.0.1 is already in use, perhaps by another Listo. Stop what runs there, or start on another port: PORT=${port + 1} npm start\n`,
  );
});

it('names a bad setting in one line', async () => {
  expect(await failedStart({ PORT: 'three thousand' })).toBe('Invalid PORT: Invalid input: expected number, received NaN\n');
});

it('refuses, in one line, a second Listo on a data folder the first one uses', { timeout: 90_000 }, async () => {
  const first = await startChildServer({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
  expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('listo.db.lock'))).toEqual(['listo.db.lock']);
  const output = await failedStart({ PORT: '0', HOST: '127.0.0.1' });
  expect(output.trim()).toBe(
    `Another Listo is using the data folder ${dataDir}: stop it first, or set DATA_DIR to another folder. Several processes on one database need PostgreSQL (DATABASE_URL, docs/deploy.md).`,
  );
  expect(await first.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  // The folder is free again once the first has stopped, however it stopped.
  const next = await startChildServer({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
  expect(await next.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
  const after = await startChildServer({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
  expect(await after.stop('SIGTERM')).toEqual({ code: 0, signal: null });
});

it('shuts down on SIGTERM within its grace, even while a client stalls in the middle of its request', { timeout: 45_000 }, async () => {
  const server = await startChildServer({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
  const { hostname, port } = new URL(server.url);
  const stalled = net.connect(Number(port), hostname);
  await new Promise((resolve) => stalled.once('connect', resolve));
  const cut = new Promise((resolve) => stalled.once('close', resolve));
  // Half a request, and then nothing: once the server closes, no header deadline cuts it off.
  stalled.write('GET /api/v1/health HTTP/1.1\r\nHost: listo\r\nX-Half: ');
  expect(await server.stop('SIGTERM'), server.output()).toEqual({ code: 0, signal: null });
  await cut;
});

it('stops, server and all, when a process manager sends SIGTERM to npm start', { timeout: 240_000 }, async () => {
  const server = await startWithNpm({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
  expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);
  await server.stop('SIGTERM');
  // npm has exited; the server must not go on without it.
  const refused = () => fetch(`${server.url}/api/v1/health`).then(() => false, () => true);
  for (let tries = 0; !(await refused()) && tries < 50; tries++) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await refused()).toBe(true);
});

it.skipIf(process.getuid?.() !== 0)('says the chown that gives a data folder to the user Listo runs as, when that user may not write it', async () => {
  // As a container runs it with `--user 12345` on a volume root made: the folder is root's, 0755.
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-not-mine-'));
  fs.chmodSync(folder, 0o755);
  const error = await new Promise<{ code: number; stderr: string }>((resolve) => {
    execFile(process.execPath, ['server/main.ts'], { cwd: path.resolve(import.meta.dirname, '..'), uid: 12345, gid: 0, env: { PATH: process.env.PATH ?? '', DATA_DIR: folder, PORT: '0' } }, (failure, _stdout, stderr) =>
      resolve({ code: (failure as { code: number } | null)?.code ?? 0, stderr }),
    );
  });
  fs.rmSync(folder, { recursive: true, force: true });
  expect(error).toEqual({
    code: 1,
    stderr: `The data folder ${folder} cannot be used: this user may not write there. Give it to this user, as root: chown -R 12345:0 ${folder}; or set DATA_DIR to a folder this user may write to.\n`,
  });
});

it('on SIGTERM finishes the request under way, tells live sockets why they close, and exits cleanly', { timeout: 60_000 }, async () => {
  const server = await startChildServer({ DATA_DIR: fs.mkdtempSync(path.join(dataDir, 'term-')), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', RATE_LIMIT_AUTH: '0' });
  const call = (route: string, body?: unknown, token?: string) =>
    fetch(`${server.url}${API_BASE_PATH}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((response) => response.json());
  const { token } = await call('/auth/register', { email: 'shutdown@example.com', password: 'secret-password' });
  const { ticket } = await call('/auth/realtime-token', undefined, token);
  const socket = new TestSocket(`${server.url.replace('http', 'ws')}${API_BASE_PATH}${REALTIME_PATH}?ticket=${ticket}`);
  await socket.opened;
  // A request whose body is half there when the signal comes: it is answered once the rest arrives.
  // Its `Expect: 100-continue` says when the server has its headers, so the signal comes after them.
  const { hostname, port } = new URL(server.url);
  const body = JSON.stringify({ name: 'Made during the shutdown' });
  const request = net.connect(Number(port), hostname);
  await new Promise((resolve) => request.once('connect', resolve));
  let answer = '';
  request.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  const answered = new Promise((resolve) => request.once('end', resolve));
  const headersTaken = new Promise<void>((resolve) => request.on('data', () => answer.includes('100 Continue') && resolve()));
  request.write(
    `POST ${API_BASE_PATH}/lists HTTP/1.1\r\nHost: listo\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n${body.slice(0, 5)}`,
  );
  await headersTaken;
  const stopped = server.stop('SIGTERM');
  expect(await socket.closed).toEqual({ code: CLOSE_CODES.goingAway, reason: REALTIME_MESSAGES.goingAway });
  request.end(body.slice(5));
  await answered;
  expect(answer).toMatch(/^HTTP\/1.1 100 Continue\r\n\r\nHTTP\/1.1 201 /);
  expect(answer).toContain('Made during the shutdown');
  expect(await stopped, server.output()).toEqual({ code: 0, signal: null });
});
