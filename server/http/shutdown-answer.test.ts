import net from 'node:net';
import { expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../common/messages.ts';
import { startTestApp } from '../test/test-app.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('answers a request that arrives during the shutdown 503 in the API envelope, and closes its connection', async () => {
  const t = await startTestApp();
  try {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as net.AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const ended = new Promise((resolve) => socket.on('close', resolve));

    // A sign-in still sending its body when the shutdown begins: its connection stays open for it.
    const body = JSON.stringify({ email: 'ada@example.com', password: 'not-the-password' });
    socket.write(`POST /api/v1/auth/login HTTP/1.1\r\nHost: listo.test\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`);
    await pause(100);
    const closing = t.app.close();
    await pause(100);
    // The rest of it, and a second request behind it on the same connection.
    socket.write(`${body.slice(10)}GET /api/v1/health HTTP/1.1\r\nHost: listo.test\r\n\r\n`);
    await ended;
    await closing;

    const second = received.slice(received.indexOf('HTTP/1.1', 1));
    expect(second).toMatch(/^HTTP\/1\.1 503 /);
    expect(second.toLowerCase()).toContain('connection: close');
    expect(second.slice(second.indexOf('\r\n\r\n') + 4)).toBe(JSON.stringify({ error: { code: 'shutting_down', message: SERVER_MESSAGES.shuttingDown } }));
  } finally {
    await t.database.close();
  }
});
