import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { API_BASE_PATH, LIST_ITEMS_MAX } from '../../common/constants.ts';
import { fillList, ownerWithList } from '../test/items.ts';
import { waitUntil } from '../test/live.ts';
import { useTestApp } from '../test/test-app.ts';

/**
 * A client that stops reading, or sends its request at a trickle, is cut off after the connection
 * timeout instead of holding a socket and its buffers for ever (app.ts HTTP_TIMEOUTS; shortened here).
 */
const t = useTestApp({ timeouts: { connectionTimeoutMs: 300, requestTimeoutMs: 300, requestTimeoutCheckMs: 50 } });

async function port(): Promise<number> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

const openConnections = () => new Promise<number>((resolve) => t.app.server.getConnections((_error, count) => resolve(count)));

describe('HTTP connections', () => {
  it('are closed when the client never reads what it asked for', async () => {
    const { owner, listId } = await ownerWithList(t);
    await fillList(t, listId, LIST_ITEMS_MAX);
    const socket = net.connect(await port(), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.pause();
    socket.on('error', () => {});
    const request = `GET ${API_BASE_PATH}/lists/${listId}/items HTTP/1.1\r\nHost: listo.test\r\nAuthorization: Bearer ${owner.token}\r\n\r\n`;
    // Far more answer than the kernel buffers take: the server's writes stall.
    socket.write(request.repeat(40));
    await waitUntil(async () => (await openConnections()) === 1, 'the connection to be served');
    await waitUntil(async () => (await openConnections()) === 0, 'the stalled connection to be closed');
    socket.destroy();
  });

  it('are closed when the request trickles in and never ends', async () => {
    const socket = net.connect(await port(), '127.0.0.1');
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.on('error', () => {});
    socket.on('data', () => {});
    socket.write(`GET ${API_BASE_PATH}/health HTTP/1.1\r\nHost: listo.test\r\n`);
    await closed;
    expect(await openConnections()).toBe(0);
  });

  it.each([
    ['its headers', false],
    ['its body', true],
  ])('are answered 408 and closed when %s keep trickling in past the request timeout', async (_part, headersDone) => {
    const { owner } = await ownerWithList(t);
    const socket = net.connect(await port(), '127.0.0.1');
    let answer = '';
    socket.on('data', (data: Buffer) => (answer += data.toString()));
    socket.on('error', () => {});
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write(`POST ${API_BASE_PATH}/lists HTTP/1.1\r\nHost: listo.test\r\nAuthorization: Bearer ${owner.token}\r\n`);
    // 800 bytes take 0.1 s at the slowest upload rate taken (MIN_BODY_BYTES_PER_SECOND).
    if (headersDone) socket.write('Content-Type: application/json\r\nContent-Length: 800\r\n\r\n');
    // A byte every 100 ms: never idle for the connection timeout, never done either.
    const trickle = setInterval(() => socket.write(headersDone ? ' ' : 'X'), 100);
    const cut = await Promise.race([closed.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 5_000))]);
    clearInterval(trickle);
    socket.destroy();
    expect(cut).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('let a large body through that arrives slowly but steadily, past the request timeout', async () => {
    const { owner } = await ownerWithList(t);
    const socket = net.connect(await port(), '127.0.0.1');
    let answer = '';
    socket.on('data', (data: Buffer) => (answer += data.toString()));
    const body = `{"name":"Slow"${' '.repeat(16 * 1024)}}`;
    socket.write(
      `POST ${API_BASE_PATH}/lists HTTP/1.1\r\nHost: listo.test\r\nAuthorization: Bearer ${owner.token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    // 4 KB every 100 ms: 0.5 s in all, past the 300 ms request timeout, far above the slowest rate taken.
    for (let at = 0; at < body.length; at += 4096) {
      socket.write(body.slice(at, at + 4096));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await waitUntil(() => answer.includes('\r\n\r\n'), 'the answer');
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 201/);
  });
});
