import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { API_BASE_PATH } from '../../common/constants.ts';
import { REALTIME_PATH, REALTIME_PUBLIC_READER_PARAM, docKey, type ClientMessage, type ServerMessage, type Topic } from '../../common/realtime.ts';
import type { TestApp } from './test-app.ts';

/** Test helpers of live subscriptions: a real port, a real `ws` client, and bounded waits. */

/** Ends a hang; it judges no speed. At load 15, a change through two PostgreSQL processes took over 10 s. */
const WAIT_MS = 20_000;

/** Makes the test app listen on a free loopback port (once per app); answers its ws:// base. */
export async function listen(t: TestApp): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}${API_BASE_PATH}${REALTIME_PATH}`;
}

export async function ticketFor(t: TestApp, token: string): Promise<string> {
  const response = await t.request({ method: 'POST', path: '/auth/realtime-token', token });
  if (response.status !== 200) throw new Error(`ticket: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.ticket as string;
}

/** Polls `check` until it answers something truthy; fails after a bound, never asserts a time. */
export async function waitUntil<T>(check: () => T | Promise<T>, what: string, timeoutMs = WAIT_MS): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A test client: every message it received, in order, and the documents of each subscription. */
export class TestSocket {
  readonly ws: WebSocket;
  readonly messages: ServerMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly opened: Promise<void>;
  /** Local state per subscription id, kept whole from snapshots, resumes and changes. */
  readonly docs = new Map<string, Map<string, unknown>>();
  readonly seqs = new Map<string, number>();
  readonly #topics = new Map<string, Topic>();
  #closedWith: { code: number; reason: string } | undefined;

  constructor(url: string, options: WebSocket.ClientOptions = {}) {
    this.ws = new WebSocket(url, options);
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
    this.closed = new Promise((resolve) => {
      this.ws.once('close', (code, reason) => {
        this.#closedWith = { code, reason: reason.toString() };
        resolve(this.#closedWith);
      });
    });
    this.ws.on('error', () => {});
    this.ws.on('message', (data) => this.#receive(JSON.parse(data.toString()) as ServerMessage));
  }

  static async open(t: TestApp, token: string, options: WebSocket.ClientOptions = {}): Promise<TestSocket> {
    const url = `${await listen(t)}?ticket=${encodeURIComponent(await ticketFor(t, token))}`;
    const socket = new TestSocket(url, options);
    await socket.opened;
    return socket;
  }

  /** A socket without a session: an anonymous reader of public lists. */
  static async openPublic(t: TestApp): Promise<TestSocket> {
    const socket = new TestSocket(`${await listen(t)}?${REALTIME_PUBLIC_READER_PARAM}=1`);
    await socket.opened;
    return socket;
  }

  #receive(message: ServerMessage): void {
    this.messages.push(message);
    if (message.type === 'error' || !('id' in message)) return;
    const topic = this.#topics.get(message.id);
    if (!topic) return;
    if (message.type === 'snapshot') {
      this.docs.set(message.id, new Map(message.docs.map((doc) => [docKey(topic, doc), doc])));
    } else {
      const docs = this.docs.get(message.id) ?? new Map<string, unknown>();
      for (const change of message.changes) {
        if (change.op === 'removed') docs.delete(docKey(topic, change.doc));
        else docs.set(docKey(topic, change.doc), change.doc);
      }
      this.docs.set(message.id, docs);
    }
    if (message.seq !== undefined) this.seqs.set(message.id, message.seq);
  }

  send(message: ClientMessage | Record<string, unknown> | string): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Subscribes and waits for the first answer (snapshot, resumed or error). */
  async subscribe(id: string, topic: Topic, extra: { listId?: string; since?: number } = {}): Promise<ServerMessage> {
    this.#topics.set(id, topic);
    const start = this.messages.length;
    this.send({ type: 'subscribe', id, topic, ...extra });
    return this.next((m) => 'id' in m && m.id === id && m.type !== 'change', `answer to ${id}`, start);
  }

  /** The first message at or after index `from` that matches. */
  async next(match: (message: ServerMessage) => boolean, what: string, from = 0): Promise<ServerMessage> {
    return waitUntil(() => {
      const found = this.messages.slice(from).find(match);
      // A closed socket gets nothing more: say why at once rather than time out.
      if (!found && this.#closedWith) throw new Error(`socket closed (${this.#closedWith.code} ${this.#closedWith.reason}) before ${what}`);
      return found;
    }, what);
  }

  /** Every message of one subscription. */
  of(id: string): ServerMessage[] {
    return this.messages.filter((message) => 'id' in message && message.id === id);
  }

  /** Every change of one subscription, flattened, in arrival order. */
  changesOf(id: string) {
    return this.of(id).flatMap((message) => (message.type === 'change' ? message.changes : []));
  }

  state(id: string): Map<string, unknown> {
    return this.docs.get(id) ?? new Map();
  }

  close(): void {
    this.ws.close();
  }
}

/** A REST call that must succeed; answers its body. */
export async function call(
  t: TestApp,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any -- answers of many shapes, as in test-app.ts
  const response = await t.request({ method, path, token, body });
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}
