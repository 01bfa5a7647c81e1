import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../common/constants.ts';
import { addItems, ownerWithList } from '../test/items.ts';
import { useTestApp } from '../test/test-app.ts';

const t = useTestApp();

/** A raw connection that sends headers with `Expect: 100-continue`, so the test sees what comes before the body. */
async function expectingContinue(path: string, token: string, contentLength: number) {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const socket = net.connect((t.app.server.address() as AddressInfo).port, '127.0.0.1');
  socket.on('error', () => {});
  let received = '';
  socket.on('data', (data: Buffer) => (received += data.toString()));
  socket.write(
    `POST ${API_BASE_PATH}${path} HTTP/1.1\r\nHost: listo.test\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${contentLength}\r\nExpect: 100-continue\r\n\r\n`,
  );
  const until = async (done: (text: string) => boolean) => {
    while (!done(received)) await new Promise((resolve) => setTimeout(resolve, 10));
    return received;
  };
  return { socket, until };
}

describe('Expect: 100-continue', () => {
  it('answers a body over the limit 413 before it is sent, without inviting it', async () => {
    const { owner } = await ownerWithList(t);
    const { socket, until } = await expectingContinue('/lists', owner.token, 2 * 1024 * 1024);
    const answer = await until((text) => text.includes('}'));
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('"code":"too_large"');
  });

  it('invites a body within the limit, and takes it', async () => {
    const { owner } = await ownerWithList(t);
    const body = JSON.stringify({ name: 'Invited' });
    const { socket, until } = await expectingContinue('/lists', owner.token, Buffer.byteLength(body));
    expect(await until((text) => text.includes('\r\n\r\n'))).toBe('HTTP/1.1 100 Continue\r\n\r\n');
    socket.write(body);
    const answer = await until((text) => text.includes('}'));
    socket.destroy();
    expect(answer).toMatch(/HTTP\/1\.1 201 /);
  });

  it("invites a photo past the API's usual limit, within its route's own", async () => {
    const { owner, listId } = await ownerWithList(t);
    const [item] = await addItems(t, owner.token, listId, ['Bread']);
    const { socket, until } = await expectingContinue(`/lists/${listId}/items/${item!.id}/image`, owner.token, 3 * 1024 * 1024);
    expect(await until((text) => text.includes('\r\n\r\n'))).toBe('HTTP/1.1 100 Continue\r\n\r\n');
    socket.destroy();
  });
});
