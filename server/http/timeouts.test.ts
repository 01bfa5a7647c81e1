import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { API_BASE_PATH, LIST_ITEMS_MAX } from '../../common/constants.ts';
import { fillList, ownerWithList } from '../items/item-test-helpers.ts';
import { waitUntil } from '../realtime/live-test-helpers.ts';
import { useTestApp } from '../test/test-app.ts';

/**
 * A client that stops reading, or sends its request at a trickle, is cut off after the connection
 * timeout instead of holding a socket and its buffers for ever (app.ts HTTP_TIMEOUTS; shortened here).
 */
const t = useTestApp({ timeouts: { connectionTimeoutMs: 300, requestTimeoutMs: 300 } });

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
});
