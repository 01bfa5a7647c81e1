import { afterEach, describe, expect, it } from 'vitest';
import { CLOSE_CODES, type ServerMessage } from '../../common/realtime.ts';
import {
  backoffDelay,
  createLiveClient,
  type LiveClientOptions,
  type LiveStatus,
  type SocketLike,
} from '../../web/core/net/live-client.ts';
import { castOfList } from '../test/lists.ts';
import { createUser } from '../test/factories.ts';
import { startWebSocketProxy } from '../test/websocket-proxy.ts';
import { useTestApp, type TestApp } from '../test/test-app.ts';
import { call, listen, ticketFor, waitUntil } from '../test/live.ts';

/**
 * The web app's live client (web/core/net/live-client.ts) against the real server, over Node's
 * global WebSocket: it lives here because the server tests own the running app.
 */
const t = useTestApp();

/** A client for `token` whose sockets the test can reach, e.g. to drop the connection. */
async function clientFor(app: TestApp, token: string, extra: Partial<LiveClientOptions> = {}) {
  const sockets: WebSocket[] = [];
  const statuses: LiveStatus[] = [];
  const client = createLiveClient({
    url: await listen(app),
    getTicket: () => ticketFor(app, token),
    connect: (url) => {
      const socket = new WebSocket(url);
      sockets.push(socket);
      return socket as unknown as SocketLike;
    },
    backoff: { baseMs: 10, maxMs: 50 },
    onStatus: (status) => statuses.push(status),
    ...extra,
  });
  return { client, sockets, statuses };
}

const byId = (a: unknown, b: unknown) => (a as { id: string }).id.localeCompare((b as { id: string }).id);

describe('the live client', () => {
  it('keeps each subscription whole from its snapshot and the changes after it', async () => {
    const { owner, editor, listId } = await castOfList(t);
    await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: 'milk' });
    const { client } = await clientFor(t, editor.token);
    const messages: ServerMessage[] = [];
    const items = client.subscribe({ topic: 'items', listId, onUpdate: (_docs, message) => messages.push(message) });
    const shares = client.subscribe({ topic: 'shares', onUpdate: () => {} });
    await waitUntil(() => items.seq() === 1 && shares.docs().size === 1, 'both snapshots');

    const eggs = await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: 'eggs' });
    await call(t, editor.token, 'PUT', `/lists/${listId}/items/${eggs.id}`, { is_completed: true });
    await call(t, owner.token, 'PUT', `/lists/${listId}`, { name: 'Weekend' });
    // The check-off (seq 3) and the rename (seq 4) may come in one batch: the items' seq is then 4.
    await waitUntil(() => (items.seq() ?? 0) >= 3, 'the changes');
    await waitUntil(() => (shares.docs().get(listId) as { name: string }).name === 'Weekend', 'the rename');

    const rest = (await call(t, editor.token, 'GET', `/lists/${listId}/items`)).items;
    expect([...items.docs().values()].sort(byId)).toEqual([...rest].sort(byId));
    // Changes close together may share a message: one snapshot, then only changes.
    expect(messages.map((m) => m.type)).toEqual(['snapshot', ...messages.slice(1).map(() => 'change')]);
    expect(messages.length).toBeGreaterThan(1);
    client.close();
  });

  it('starts from the items a REST read answered: only what changed after its seq comes, no snapshot', async () => {
    const { owner, editor, listId } = await castOfList(t);
    await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: 'milk' });
    const read = await call(t, editor.token, 'GET', `/lists/${listId}/items`);
    expect(read.seq).toBe(1);
    await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: 'eggs' });

    const { client } = await clientFor(t, editor.token);
    const messages: ServerMessage[] = [];
    const items = client.subscribe({ topic: 'items', listId, from: { docs: read.items, seq: read.seq }, onUpdate: (_docs, message) => messages.push(message) });
    await waitUntil(() => items.seq() === 2, 'the change after the read');

    const rest = (await call(t, editor.token, 'GET', `/lists/${listId}/items`)).items;
    expect([...items.docs().values()].sort(byId)).toEqual([...rest].sort(byId));
    expect(messages.map((m) => m.type)).toEqual(['resumed']);
    client.close();
  });

  it('reconnects after a drop and resumes from its seq: no second snapshot, state equal to the server', async () => {
    const { owner, editor, listId } = await castOfList(t);
    // While the network is down, no ticket can be had: the client stays away until the writes are done.
    const network: { down?: PromiseWithResolvers<void> } = {};
    const { client, sockets, statuses } = await clientFor(t, editor.token, {
      getTicket: async () => {
        await network.down?.promise;
        return ticketFor(t, editor.token);
      },
    });
    const messages: ServerMessage[] = [];
    const items = client.subscribe({ topic: 'items', listId, onUpdate: (_docs, message) => messages.push(message) });
    await waitUntil(() => items.seq() === 0, 'the snapshot');
    const first = await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: 'first' });
    await waitUntil(() => items.seq() === 1, 'the first change');

    network.down = Promise.withResolvers();
    sockets[0]!.close(); // the network drops
    await waitUntil(() => statuses.includes('waiting'), 'the client noticing');
    for (const content of ['second', 'third']) await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content });
    await call(t, owner.token, 'DELETE', `/lists/${listId}/items/${first.id}`);
    network.down.resolve();

    await waitUntil(() => items.seq() === 4, 'the resume');
    expect(sockets).toHaveLength(2);
    expect(messages.map((m) => m.type), JSON.stringify(messages)).toEqual(['snapshot', 'change', 'resumed']);
    const rest = (await call(t, editor.token, 'GET', `/lists/${listId}/items`)).items;
    expect([...items.docs().values()].sort(byId)).toEqual([...rest].sort(byId));
    expect(statuses).toEqual(['connecting', 'open', 'waiting', 'connecting', 'open']);
    client.close();
  });

  it('without a ticket, follows a public list anonymously: authorless items, a resume after a drop, an end when it goes private', async () => {
    const { owner, listId } = await castOfList(t, { visibility: 'public' });
    // No ticket to hold back the reconnect with: a fixed 1.5 s wait lets the write below land
    // before it, so that the write comes in the resume (on a loaded machine it had come after).
    const { client, sockets } = await clientFor(t, owner.token, { getTicket: undefined, backoff: { baseMs: 3000, maxMs: 3000 }, random: () => 0 });
    const messages: ServerMessage[] = [];
    const ended: string[] = [];
    const items = client.subscribe({ topic: 'items', listId, onUpdate: (_docs, message) => messages.push(message), onEnd: (code) => ended.push(code) });
    await waitUntil(() => items.seq() === 0, 'the snapshot');
    const milk = await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: 'milk' });
    await waitUntil(() => items.seq() === 1, 'the change');
    expect(items.docs().get(milk.id)).toMatchObject({ content: 'milk', created_by: null });

    sockets[0]!.close();
    await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: 'eggs' });
    await waitUntil(() => items.seq() === 2, 'the resume');
    expect(messages.map((m) => m.type)).toEqual(['snapshot', 'change', 'resumed']);

    await call(t, owner.token, 'PUT', `/lists/${listId}/visibility`, { visibility: 'private', public_editable: false, allow_link_sharing: false });
    await waitUntil(() => ended.length === 1, 'the end');
    expect(ended).toEqual(['not_found']);
    client.close();
  });

  it('retries when a ticket cannot be had (offline), with growing waits', async () => {
    const { owner } = await castOfList(t);
    let failures = 2;
    const { client, statuses } = await clientFor(t, owner.token, {
      getTicket: async () => {
        if (failures-- > 0) throw new TypeError('Failed to fetch');
        return ticketFor(t, owner.token);
      },
    });
    const me = client.subscribe({ topic: 'user', onUpdate: () => {} });
    await waitUntil(() => me.docs().size === 1, 'the user snapshot');
    expect(statuses).toEqual(['connecting', 'waiting', 'connecting', 'waiting', 'connecting', 'open']);
    client.close();
  });

  it('opens its first connection only once `startAfter` has settled, and closes before it without connecting', async () => {
    const { owner } = await castOfList(t);
    const tickets: string[] = [];
    const start = Promise.withResolvers<void>();
    const getTicket = async () => {
      tickets.push('asked');
      return ticketFor(t, owner.token);
    };
    const { client, sockets } = await clientFor(t, owner.token, { getTicket, startAfter: start.promise });
    const me = client.subscribe({ topic: 'user', onUpdate: () => {} });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tickets).toEqual([]);
    start.resolve();
    await waitUntil(() => me.docs().size === 1, 'the user snapshot');
    expect(tickets).toEqual(['asked']);
    client.close();

    const never = await clientFor(t, owner.token, { getTicket, startAfter: Promise.resolve() });
    never.client.subscribe({ topic: 'user', onUpdate: () => {} });
    never.client.close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(tickets).toEqual(['asked']);
    expect(never.sockets).toHaveLength(0);
    expect(sockets).toHaveLength(1);
  });

  it('reports the end of a subscription whose access was revoked, and drops it', async () => {
    const { owner, viewer, listId } = await castOfList(t);
    const { client } = await clientFor(t, viewer.token);
    const ends: string[] = [];
    const items = client.subscribe({ topic: 'items', listId, onUpdate: () => {}, onEnd: (code) => ends.push(code) });
    await waitUntil(() => items.seq() === 0, 'the snapshot');
    await call(t, owner.token, 'DELETE', `/lists/${listId}/shares/${viewer.user.id}`);
    await waitUntil(() => ends.length === 1, 'the end');
    expect(ends).toEqual(['not_found']);
    client.close();
  });

  it('says when the account was deleted on another device, and stops instead of reconnecting', async () => {
    const user = await createUser(t);
    let deleted = 0;
    const { client, sockets } = await clientFor(t, user.token, { onAccountDeleted: () => deleted++ });
    const me = client.subscribe({ topic: 'user', onUpdate: () => {} });
    await waitUntil(() => me.docs().size === 1, 'the snapshot');
    await call(t, user.token, 'DELETE', '/auth/account', { currentPassword: user.password });
    await waitUntil(() => deleted === 1, 'the word of it');
    expect(client.status()).toBe('closed');
    client.checkNow();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(sockets).toHaveLength(1);
  });
});

describe('a socket that silently died (half-open: a laptop that slept, a phone that changed networks)', () => {
  /** A client whose sockets go through a proxy that can make them half-open, on a list with one item (seq 1). */
  async function throughProxy(heartbeat: LiveClientOptions['heartbeat']) {
    const { owner, editor, listId } = await castOfList(t);
    const direct = new URL(await listen(t));
    const proxy = await startWebSocketProxy({ host: direct.hostname, port: Number(direct.port) });
    cleanups.push(() => proxy.close());
    const url = direct.href.replace(`:${direct.port}/`, `:${proxy.port}/`);
    const { client, statuses } = await clientFor(t, editor.token, { url, heartbeat });
    cleanups.push(() => client.close());
    const messages: ServerMessage[] = [];
    const items = client.subscribe({ topic: 'items', listId, onUpdate: (_docs, message) => messages.push(message) });
    await waitUntil(() => items.seq() === 0, 'the snapshot');
    await call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: 'milk' });
    await waitUntil(() => items.seq() === 1, 'the first item');
    const contents = () => [...items.docs().values()].map((doc) => (doc as { content: string }).content).sort();
    const addEggs = () => call(t, owner.token, 'POST', `/lists/${listId}/items`, { content: 'eggs' });
    return { client, statuses, proxy, messages, contents, addEggs };
  }

  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('is found by its unanswered ping, dropped, and replaced by one that resumes from its seq', async () => {
    const { statuses, proxy, messages, contents, addEggs } = await throughProxy({ pingMs: 50, timeoutMs: 300 });
    proxy.stallWebSockets();
    await addEggs();
    await waitUntil(() => contents().includes('eggs'), 'the item added while the socket was dead');
    expect(contents()).toEqual(['eggs', 'milk']);
    expect(messages.map((message) => message.type)).toEqual(['snapshot', 'change', 'resumed']);
    expect(proxy.connections()).toBe(2);
    expect(statuses.slice(-3)).toEqual(['waiting', 'connecting', 'open']);
  });

  it('is checked at once by checkNow (the page shown again, the network back), not only on the next ping', async () => {
    const { client, proxy, contents, addEggs } = await throughProxy({ pingMs: 3_600_000, timeoutMs: 300 });
    proxy.stallWebSockets();
    await addEggs();
    client.checkNow();
    await waitUntil(() => contents().includes('eggs'), 'the item added while the socket was dead');
    expect(proxy.connections()).toBe(2);
  });

  it('keeps a healthy socket, whose pings are answered', async () => {
    const { client, proxy, messages } = await throughProxy({ pingMs: 20, timeoutMs: 2_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    client.checkNow();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(proxy.connections()).toBe(1);
    expect(client.status()).toBe('open');
    // The pongs are the client's business: subscribers see none of them.
    expect(messages.map((message) => message.type)).toEqual(['snapshot', 'change']);
  });
});

describe('checkNow while waiting to reconnect', () => {
  it('reconnects at once instead of after the backoff', async () => {
    const { owner } = await castOfList(t);
    const { client, sockets } = await clientFor(t, owner.token, { backoff: { baseMs: 600_000, maxMs: 600_000 } });
    const me = client.subscribe({ topic: 'user', onUpdate: () => {} });
    await waitUntil(() => me.docs().size === 1, 'the user snapshot');
    sockets[0]!.close();
    await waitUntil(() => client.status() === 'waiting', 'the drop');
    client.checkNow();
    await waitUntil(() => client.status() === 'open', 'the reconnect');
    expect(sockets).toHaveLength(2);
    client.close();
  });
});

describe('backoff', () => {
  it('doubles from the base up to the cap, with half of it random', () => {
    const low = () => 0;
    const high = () => 1;
    expect([0, 1, 2, 3, 10].map((n) => backoffDelay(n, 500, 30_000, low))).toEqual([250, 500, 1000, 2000, 15_000]);
    expect([0, 1, 2, 3, 10].map((n) => backoffDelay(n, 500, 30_000, high))).toEqual([500, 1000, 2000, 4000, 30_000]);
  });
});

describe('a server of another protocol version', () => {
  it('stops the client instead of reconnecting forever', async () => {
    const fakes: SocketLike[] = [];
    const statuses: LiveStatus[] = [];
    const client = createLiveClient({
      url: 'ws://127.0.0.1:1/realtime',
      getTicket: async () => 'ticket',
      connect: () => {
        const fake: SocketLike = { readyState: 0, send() {}, close() {}, onopen: null, onmessage: null, onclose: null, onerror: null };
        fakes.push(fake);
        return fake;
      },
      onStatus: (status) => statuses.push(status),
    });
    client.subscribe({ topic: 'user', onUpdate: () => {} });
    await waitUntil(() => fakes.length === 1 && fakes[0]!.onclose, 'the socket');
    fakes[0]!.onclose!({ code: CLOSE_CODES.version, reason: 'old client' });
    expect(statuses).toEqual(['connecting', 'outdated']);
    expect(client.status()).toBe('outdated');
    // Nothing brings it back but a reload: not a new subscription, not the network coming back.
    client.subscribe({ topic: 'shares', onUpdate: () => {} });
    client.checkNow();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fakes).toHaveLength(1);
  });
});
