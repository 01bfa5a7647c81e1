import { describe, expect, it } from 'vitest';
import { FakeSocket } from '../../test/fake-socket.ts';
import { item } from '../../test/http.ts';
import { createLiveClient, type LiveClientOptions } from './live-client.ts';

/** A client whose sockets are fakes the test opens and reads, retrying at once. */
function clientWithFakeSockets(options: Partial<LiveClientOptions> = {}) {
  const sockets: FakeSocket[] = [];
  const client = createLiveClient({
    url: 'ws://listo.test/api/v1/realtime',
    getTicket: async () => 'ticket',
    connect: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    backoff: { baseMs: 1, maxMs: 1 },
    ...options,
  });
  return { sockets, client };
}

/**
 * Messages of the live socket are checked before they are applied (common/schemas/realtime.ts):
 * one of another shape changes nothing, and a new socket resumes from the last seq applied.
 * The client against the real server: server/realtime/live-client.test.ts.
 */
describe('a live message not in the protocol’s shape', () => {
  it('is not applied; the socket is replaced and the subscription resumes from its seq', async () => {
    const { sockets, client } = clientWithFakeSockets();
    const items = client.subscribe({ topic: 'items', listId: 'l1', onUpdate: () => undefined });
    await expect.poll(() => sockets.length).toBe(1);
    const first = sockets[0]!;
    first.open();
    const id = first.idOf('items', 'l1');
    first.receive({ type: 'snapshot', id, docs: [item('i1', 'milk')], seq: 4 });
    expect([...items.docs().keys()]).toEqual(['i1']);

    for (const malformed of ['not json', JSON.stringify({ type: 'change', id, changes: 'x' }), JSON.stringify({ type: 'change', id, seq: 5, changes: [{ op: 'added', doc: { id: 'i2' } }] })]) {
      const socket = sockets.at(-1)!;
      socket.onmessage?.({ data: malformed });
      expect([...items.docs().keys()]).toEqual(['i1']);
      expect(items.seq()).toBe(4);
      expect(socket.readyState).toBe(3);
      await expect.poll(() => sockets.length).toBeGreaterThan(sockets.indexOf(socket) + 1);
      sockets.at(-1)!.open();
      expect(sockets.at(-1)!.sent).toContainEqual({ type: 'subscribe', id, topic: 'items', listId: 'l1', since: 4 });
    }
    client.close();
  });
});

describe('a socket lost while the device is offline', () => {
  it('is not tried again until the network is back (checkNow), so no try fails on the way', async () => {
    let online = true;
    const { sockets, client } = clientWithFakeSockets({ isOnline: () => online });
    client.subscribe({ topic: 'user', onUpdate: () => undefined });
    await expect.poll(() => sockets.length).toBe(1);
    sockets[0]!.open();

    online = false;
    sockets[0]!.onclose?.({ code: 1006, reason: '' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sockets).toHaveLength(1);
    expect(client.status()).toBe('waiting');

    online = true;
    client.checkNow();
    await expect.poll(() => sockets.length).toBe(2);
    client.close();
  });

  it('is not opened with a ticket that arrives once the network is gone', async () => {
    let online = true;
    let tickets = 0;
    const { sockets, client } = clientWithFakeSockets({
      isOnline: () => online,
      getTicket: async () => {
        // The first ticket's answer comes just as the network goes.
        if (tickets++ === 0) online = false;
        return 'ticket';
      },
    });
    client.subscribe({ topic: 'user', onUpdate: () => undefined });
    await expect.poll(() => client.status()).toBe('waiting');
    expect(sockets).toHaveLength(0);

    online = true;
    client.checkNow();
    await expect.poll(() => sockets.length).toBe(1);
    client.close();
  });

  it('asks for no ticket while the device is offline, and connects once the network is back', async () => {
    let online = false;
    let tickets = 0;
    const { sockets, client } = clientWithFakeSockets({
      isOnline: () => online,
      getTicket: async () => {
        tickets += 1;
        return 'ticket';
      },
    });
    client.subscribe({ topic: 'user', onUpdate: () => undefined });
    await expect.poll(() => client.status()).toBe('waiting');
    expect(tickets).toBe(0);

    online = true;
    client.checkNow();
    await expect.poll(() => sockets.length).toBe(1);
    expect(tickets).toBe(1);
    client.close();
  });
});
