import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

/**
 * The floor of `npm run bench:realtime`: a bare `ws` server that does nothing but broadcast. A
 * POST /write broadcasts its body (as a change message of the size Listo sends) to every socket,
 * then answers 201. No database, no permission check, no log: what the machine costs by itself.
 */
const server = http.createServer((request, response) => {
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
    const message = JSON.stringify({ type: 'change', id: 's1', changes: [{ op: 'added', doc }], seq });
    for (const socket of wss.clients) socket.send(message);
    response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(doc));
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
