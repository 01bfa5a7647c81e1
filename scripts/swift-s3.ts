import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

/**
 * A real S3-compatible server on 127.0.0.1 for the S3 blob store's tests and for trying Listo with
 * `STORAGE=s3` by hand: Debian's OpenStack Swift as an all-in-one (proxy with s3api + tempauth, and
 * one account, container and object server on a one-replica ring), everything in a temporary
 * folder that `stopSwiftS3` removes. Unlike the npm fakes, Swift checks SigV4 signatures and
 * expiry (decision 010). By hand: `node scripts/swift-s3.ts` prints the S3_* variables and runs
 * until Ctrl-C.
 */

/** What .ci/run installs; the tests skip (outside CI) or fail (in CI) without it. */
export const SWIFT_PACKAGES = 'swift swift-proxy swift-account swift-container swift-object';
const SERVERS = ['account', 'container', 'object', 'proxy'] as const;
type ServerName = (typeof SERVERS)[number];
const BIN = '/usr/bin';
// Swift's scripts run on Debian's Python, whatever python3 comes first on PATH (pyenv has no swift).
const PYTHON = '/usr/bin/python3';
/** s3api signs and checks requests for this region (its `location`); clients must use the same. */
export const SWIFT_REGION = 'us-east-1';
// tempauth's `user_<account>_<user>`; s3api takes "<account>:<user>" as the access key id.
const ACCOUNT = 'listo';
const USER = 'tester';
/** Four Python servers on two busy cores take about 5 s; a slow CI machine gets room (under the tests' 60 s hook limit). */
const START_TIMEOUT_MS = 45_000;
const POLL_MS = 100;
/** How long a server may take to exit on SIGTERM before it is killed. */
const STOP_GRACE_MS = 5_000;
/** Lines of a server's log shown when it fails to start. */
const LOG_TAIL_LINES = 20;

export interface SwiftS3 {
  /** The proxy, e.g. http://127.0.0.1:41234: the S3 endpoint (path-style addressing). */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The temporary folder with the configs, rings, logs and stored objects. */
  dir: string;
  processes: ChildProcess[];
}

/** Why Swift cannot run here, or undefined when its servers and ring builder are installed. */
export function swiftMissing(): string | undefined {
  const needed = [PYTHON, ...SERVERS.map((name) => `${BIN}/swift-${name}-server`)];
  const missing = needed.filter((file) => !fs.existsSync(file));
  if (missing.length === 0) return undefined;
  return `OpenStack Swift is not installed (no ${missing.join(', ')}); install it with: apt-get install -y --no-install-recommends ${SWIFT_PACKAGES}`;
}

/** Starts the servers and resolves once the proxy answers its health check and every server listens. */
export async function startSwiftS3(): Promise<SwiftS3> {
  const reason = swiftMissing();
  if (reason) throw new Error(reason);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-swift-'));
  const server: SwiftS3 = {
    endpoint: '',
    region: SWIFT_REGION,
    accessKeyId: `${ACCOUNT}:${USER}`,
    secretAccessKey: randomBytes(16).toString('hex'),
    dir,
    processes: [],
  };
  try {
    const [proxyPort, ...storagePorts] = await freePorts(SERVERS.length);
    const ports = { proxy: proxyPort!, account: storagePorts[0]!, container: storagePorts[1]!, object: storagePorts[2]! };
    server.endpoint = `http://127.0.0.1:${ports.proxy}`;
    fs.mkdirSync(path.join(dir, 'devices', 'd1'), { recursive: true });
    buildRings(dir, ports);
    for (const name of SERVERS) {
      const config = name === 'proxy' ? proxyConfig(dir, ports.proxy, server.secretAccessKey) : storageConfig(name, dir, ports[name]);
      fs.writeFileSync(path.join(dir, `${name}-server.conf`), config);
    }
    for (const name of SERVERS) server.processes.push(startServer(dir, name));
    await waitUntilHealthy(server, ports);
    return server;
  } catch (error) {
    await stopSwiftS3(server);
    throw error;
  }
}

/** Stops every server this start began (by PID), then removes the temporary folder. */
export async function stopSwiftS3(server: SwiftS3): Promise<void> {
  await Promise.all(server.processes.map(stopProcess));
  fs.rmSync(server.dir, { recursive: true, force: true });
}

/** Creates a bucket (Listo never creates its bucket; see docs/deploy.md). */
export async function createBucket(server: SwiftS3, bucket: string): Promise<void> {
  const client = new S3Client({
    endpoint: server.endpoint,
    region: server.region,
    forcePathStyle: true,
    credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
  });
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    client.destroy();
  }
}

/** Ports nothing listens on now: all held open at once, so no two are the same. */
async function freePorts(count: number): Promise<number[]> {
  const listeners = await Promise.all(
    Array.from({ length: count }, () => {
      const listener = net.createServer();
      return new Promise<net.Server>((resolve, reject) => {
        listener.once('error', reject);
        listener.listen(0, '127.0.0.1', () => resolve(listener));
      });
    }),
  );
  const ports = listeners.map((listener) => (listener.address() as net.AddressInfo).port);
  await Promise.all(listeners.map((listener) => new Promise((resolve) => listener.close(resolve))));
  return ports;
}

/**
 * One ring per server kind, one device, one replica, 2^0 partitions: built in one Python process
 * through Swift's RingBuilder, as swift-ring-builder would in nine slower runs.
 */
function buildRings(dir: string, ports: Record<'account' | 'container' | 'object', number>): void {
  const script = `
import json, os, sys
from swift.common.ring import RingBuilder
directory, ports = sys.argv[1], json.loads(sys.argv[2])
for name, port in ports.items():
    builder = RingBuilder(0, 1, 0)
    builder.add_dev({'id': 0, 'region': 1, 'zone': 1, 'ip': '127.0.0.1', 'port': port, 'device': 'd1', 'weight': 1})
    builder.rebalance()
    builder.get_ring().save(os.path.join(directory, name + '.ring.gz'))
`;
  const { account, container, object } = ports;
  const result = spawnSync(PYTHON, ['-c', script, dir, JSON.stringify({ account, container, object })], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`Building Swift's rings failed: ${result.stderr || result.error?.message}`);
}

/**
 * Settings every server shares. workers = 0 serves in the process we start (no forked workers to
 * chase at stop); mount_check = false lets a plain folder be the device. swift.conf (hash prefix,
 * storage policy 0) is read from /etc/swift, as installed by the package: Swift has no other place.
 */
function commonSettings(dir: string, port: number): string {
  return `[DEFAULT]
bind_ip = 127.0.0.1
bind_port = ${port}
workers = 0
swift_dir = ${dir}
devices = ${path.join(dir, 'devices')}
mount_check = false
log_level = WARNING
`;
}

function storageConfig(name: Exclude<ServerName, 'proxy'>, dir: string, port: number): string {
  return `${commonSettings(dir, port)}
[pipeline:main]
pipeline = ${name}-server

[app:${name}-server]
use = egg:swift#${name}
`;
}

/**
 * s3api just before tempauth, as Swift's sample proxy-server.conf asks. tempauth needs the cache
 * filter in the pipeline; without a memcached it logs "error-limited" lines and works on.
 */
function proxyConfig(dir: string, port: number, secret: string): string {
  return `${commonSettings(dir, port)}
[pipeline:main]
pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats s3api tempauth copy slo dlo proxy-logging proxy-server

[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true

[filter:s3api]
use = egg:swift#s3api
location = ${SWIFT_REGION}

[filter:tempauth]
use = egg:swift#tempauth
user_${ACCOUNT}_${USER} = ${secret} .admin

[filter:cache]
use = egg:swift#memcache

[filter:catch_errors]
use = egg:swift#catch_errors

[filter:gatekeeper]
use = egg:swift#gatekeeper

[filter:healthcheck]
use = egg:swift#healthcheck

[filter:proxy-logging]
use = egg:swift#proxy_logging

[filter:listing_formats]
use = egg:swift#listing_formats

[filter:copy]
use = egg:swift#copy

[filter:slo]
use = egg:swift#slo

[filter:dlo]
use = egg:swift#dlo
`;
}

function startServer(dir: string, name: ServerName): ChildProcess {
  // A file, not a pipe: a pipe nobody reads would fill and stop the server. -v logs to it.
  const log = fs.openSync(logFile(dir, name), 'a');
  const child = spawn(`${BIN}/swift-${name}-server`, [path.join(dir, `${name}-server.conf`), '-v'], {
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  return child;
}

function logFile(dir: string, name: ServerName): string {
  return path.join(dir, `${name}.log`);
}

async function waitUntilHealthy(server: SwiftS3, ports: Record<ServerName, number>): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const exited = SERVERS.findIndex((_, index) => server.processes[index]!.exitCode !== null || server.processes[index]!.signalCode !== null);
    if (exited >= 0) throw new Error(`Swift's ${SERVERS[exited]} server exited at start:\n${logTail(server.dir, SERVERS[exited]!)}`);
    if ((await proxyHealthy(server.endpoint)) && (await Promise.all(SERVERS.map((name) => listens(ports[name])))).every(Boolean)) return;
    if (Date.now() > deadline) {
      throw new Error(`Swift was not healthy after ${START_TIMEOUT_MS / 1000} s; proxy log:\n${logTail(server.dir, 'proxy')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function proxyHealthy(endpoint: string): Promise<boolean> {
  try {
    const response = await fetch(`${endpoint}/healthcheck`);
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

function listens(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function logTail(dir: string, name: ServerName): string {
  const file = logFile(dir, name);
  if (!fs.existsSync(file)) return '(no log)';
  return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-LOG_TAIL_LINES).join('\n');
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

/** By hand: start, make a bucket, print the variables Listo needs, stop on Ctrl-C or SIGTERM. */
async function main(): Promise<void> {
  const bucket = process.argv[2] ?? 'listo';
  const started = performance.now();
  const server = await startSwiftS3();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  try {
    await createBucket(server, bucket);
  } catch (error) {
    await stopSwiftS3(server);
    throw error;
  }
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void stopSwiftS3(server).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  console.log(
    [
      `Swift (S3) is healthy after ${seconds} s, data in ${server.dir}. Ctrl-C stops it and removes the folder.`,
      'STORAGE=s3',
      `S3_ENDPOINT=${server.endpoint}`,
      `S3_REGION=${server.region}`,
      `S3_BUCKET=${bucket}`,
      `S3_ACCESS_KEY_ID=${server.accessKeyId}`,
      `S3_SECRET_ACCESS_KEY=${server.secretAccessKey}`,
      'S3_FORCE_PATH_STYLE=true',
    ].join('\n'),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
