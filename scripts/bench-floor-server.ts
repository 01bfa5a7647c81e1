import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

/**
 * The floor of `npm run bench:realtime`, `bench:write` and `bench:read`: a bare `ws` server that
 * does nothing but broadcast. A POST /write broadcasts its body (as a change message of the size
 * Listo sends) to every socket, then answers 201; a GET /read answers a page of item documents. No
 * database, no permission check, no log: what the machine costs by itself.
 *
 * With FLOOR_LOG_FILE, the durable floor: each write is appended to that file first and answered
 * once an fdatasync made after it has finished. Writes that arrive while one runs share the next,
 * as Listo's group commit shares a commit, and the fdatasync runs off the event loop: the least a
 * durable write can cost on this disk.
 */
/** The log is written round and round within this size, allocated at start: like SQLite's WAL once it is reused, no write grows the file. */
const LOG_BYTES = 16 * 1024 * 1024;
const logFile = process.env.FLOOR_LOG_FILE ? openLog(process.env.FLOOR_LOG_FILE) : undefined;
let logOffset = 0;
let syncing = false;
let unsynced: (() => void)[] = [];

function openLog(file: string): number {
  const fd = fs.openSync(file, 'w+');
  fs.writeSync(fd, Buffer.alloc(LOG_BYTES));
  fs.fsyncSync(fd);
  return fd;
}

function whenDurable(line: string, answer: () => void): void {
  if (logFile === undefined) return answer();
  const bytes = Buffer.from(`${line}\n`);
  if (logOffset + bytes.length > LOG_BYTES) logOffset = 0;
  fs.writeSync(logFile, bytes, 0, bytes.length, logOffset);
  logOffset += bytes.length;
  unsynced.push(answer);
  if (!syncing) syncUnsynced(logFile);
}

function syncUnsynced(file: number): void {
  const covered = unsynced;
  unsynced = [];
  syncing = true;
  fs.fdatasync(file, (error) => {
    if (error) throw error;
    syncing = false;
    for (const answer of covered) answer();
    if (unsynced.length > 0) syncUnsynced(file);
  });
}

/** GET /read answers a page of FLOOR_PAGE_ITEMS item documents, made and serialised afresh each time as Listo's page is. */
const FLOOR_PAGE_ITEMS = 500;

function floorPage(): string {
  const now = new Date().toISOString();
  const items = Array.from({ length: FLOOR_PAGE_ITEMS }, (_, i) => ({
    id: crypto.randomUUID(),
    list_id: 'floor',
    content: `bench item ${i}`,
    is_completed: false,
    position: i,
    properties: {},
    images: null,
    created_by: 'floor',
    created_at: now,
    updated_at: now,
  }));
  return JSON.stringify({ items, next: null, seq: FLOOR_PAGE_ITEMS });
}

const server = http.createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/read') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(floorPage());
    return;
  }
  if (request.method !== 'POST' || request.url !== '/write') {
    response.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const { content, seq } = JSON.parse(Buffer.concat(chunks).toString()) as { content: string; seq: number };
    const doc = {
      id: crypto.randomUUID(),
      list_id: 'floor',
      content,
      is_completed: false,
      position: seq,
      properties: {},
      images: null,
      created_by: null,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    };
    const body = JSON.stringify(doc);
    whenDurable(body, () => {
      const message = JSON.stringify({ type: 'change', id: 's1', changes: [{ op: 'added', doc }], seq });
      for (const socket of wss.clients) socket.send(message);
      response.writeHead(201, { 'content-type': 'application/json' }).end(body);
    });
  });
});
const wss = new WebSocketServer({ server });

server.listen(0, '127.0.0.1', () => {
  console.log(`floor listening on ${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => {
  for (const socket of wss.clients) socket.terminate();
  server.close(() => process.exit(0));
});
