import net from 'node:net';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/open.ts';
import { createTestDatabase, postgresUrlOf, usesPostgres } from '../test/test-database.ts';
import { createPostgresBus, type ChangeBus, type Notification } from './bus.ts';
import { waitUntil } from '../test/live.ts';

interface FreezingProxy {
  port: number;
  /** Connections made through it so far. */
  connections(): number;
  /** Chunks passed from clients to PostgreSQL so far: each query the listener sends is one. */
  relayedFromClients(): number;
  /**
   * Every connection open now goes silent both ways and stays open, as one a NAT forgot or cut by
   * a network outage: nothing passes, and neither side hears of the other's end (a client that
   * ends its side politely waits forever for the answer). With `newOnes`,
   * so do the connections made from now on, until `thaw()`.
   */
  freeze(newOnes?: boolean): void;
  /** Connections made from now on pass again; those frozen stay so. */
  thaw(): void;
  close(): Promise<void>;
}

/** A TCP proxy on loopback to `target` whose connections can be frozen. */
async function startFreezingProxy(target: { host: string; port: number }): Promise<FreezingProxy> {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket; frozen: boolean }>();
  let freezeNew = false;
  let made = 0;
  let relayed = 0;
  // Half-open allowed: a client's end reaches a frozen pair's proxy, which never answers it.
  const server = net.createServer({ allowHalfOpen: true }, (client) => {
    made++;
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream, frozen: freezeNew };
    pairs.add(pair);
    client.on('data', (data) => {
      if (pair.frozen) return;
      relayed++;
      upstream.write(data);
    });
    upstream.on('data', (data) => void (pair.frozen || client.write(data)));
    client.on('end', () => void (pair.frozen || upstream.end()));
    client.on('close', () => void (pair.frozen || upstream.destroy()));
    upstream.on('close', () => void (pair.frozen || client.destroy()));
    client.on('error', () => {});
    upstream.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => made,
    relayedFromClients: () => relayed,
    freeze(newOnes = false) {
      for (const pair of pairs) pair.frozen = true;
      freezeNew = newOnes;
    },
    thaw() {
      freezeNew = false;
    },
    async close() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Short enough for a test, long enough that `select 1` on a busy machine never misses it. */
const CHECK_EVERY_MS = 100;
const DEADLINE_MS = 1_000;

const LOST = 'warn: live-update listener lost its connection; reconnecting';
const NOT_BACK = 'warn: live-update listener could not reconnect';

/**
 * The LISTEN connection can go dead without an error: a NAT or proxy that stops passing data, a
 * half-open socket after a network cut. The bus checks it, gives up on one that stops answering,
 * connects anew and resyncs, so the process does not stay deaf to other processes' changes.
 */
describe.skipIf(!usesPostgres())('the PostgreSQL listener, on a connection that goes silent', () => {
  let database: Database;
  let proxy: FreezingProxy;
  let bus: ChangeBus | undefined;
  /** What the bus did, in order: notifications heard, warnings logged, resyncs. */
  let events: string[];
  /** The bus's LISTEN connections, in the order it made them. */
  let clients: pg.Client[];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });
  afterEach(async () => {
    await bus?.close();
    bus = undefined;
    await proxy.close();
  });

  /** A started bus whose LISTEN connections go through a fresh proxy (the pool goes straight to PostgreSQL). */
  async function startBus(): Promise<ChangeBus> {
    const url = new URL(postgresUrlOf(database));
    proxy = await startFreezingProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    events = [];
    clients = [];
    const newClient = () => {
      const client = new pg.Client({ connectionString: url.toString() });
      clients.push(client);
      return client;
    };
    const log = { warn: (_details: unknown, message: string) => events.push(`warn: ${message}`) } as never;
    const options = { checkEveryMs: CHECK_EVERY_MS, deadlineMs: DEADLINE_MS };
    bus = createPostgresBus({ ...database, newClient }, log, options);
    bus.onNotification((note) => events.push(`note ${JSON.stringify(note)}`));
    bus.onResync(() => events.push('resync'));
    await bus.start();
    return bus;
  }

  /** What another process's write does: a NOTIFY on commit, through the pool. */
  async function notify(listening: ChangeBus, note: Notification): Promise<void> {
    await database.db.transaction().execute((trx) => listening.inTransaction(trx, [note]));
  }

  const heard = (note: Notification) => () => events.includes(`note ${JSON.stringify(note)}`);
  /**
   * The sockets of connections given up on are destroyed, not left waiting half-closed for a
   * goodbye that never comes; the one listening now is open.
   */
  const socketsOf = (made: pg.Client[]) => made.map((client) => (client.connection.stream.destroyed ? 'destroyed' : 'open'));

  it('gives up on a connection that stopped answering, listens anew, resyncs and hears again', async () => {
    const listening = await startBus();
    await notify(listening, { u: 'before' });
    await waitUntil(heard({ u: 'before' }), 'the notification before the freeze');
    // A few checks answered: a healthy connection is kept.
    const relayed = proxy.relayedFromClients();
    await waitUntil(() => proxy.relayedFromClients() >= relayed + 3, 'three checks of the connection');
    expect(events).toEqual(['note {"u":"before"}']);

    proxy.freeze();
    await waitUntil(() => events.includes('resync'), 'the resync after reconnecting');
    await notify(listening, { u: 'after' });
    await waitUntil(heard({ u: 'after' }), 'the notification after reconnecting');

    expect(events).toEqual(['note {"u":"before"}', LOST, 'resync', 'note {"u":"after"}']);
    expect(clients).toHaveLength(2);
    expect(proxy.connections()).toBe(2);
    expect(socketsOf(clients)).toEqual(['destroyed', 'open']);
  });

  it('keeps trying while new connections go silent too, and resyncs once one gets through', async () => {
    const listening = await startBus();

    proxy.freeze(true);
    await waitUntil(() => events.filter((event) => event === NOT_BACK).length >= 2, 'two attempts to reconnect that hung');
    proxy.thaw();
    await waitUntil(() => events.includes('resync'), 'the resync after reconnecting');
    await notify(listening, { u: 'after' });
    await waitUntil(heard({ u: 'after' }), 'the notification after reconnecting');

    const attempts = events.filter((event) => event === NOT_BACK).length;
    expect(events).toEqual([LOST, ...Array<string>(attempts).fill(NOT_BACK), 'resync', 'note {"u":"after"}']);
    expect(socketsOf(clients)).toEqual([...Array<string>(clients.length - 1).fill('destroyed'), 'open']);
  });
});
