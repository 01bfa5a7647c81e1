/**
 * `node scripts/compose-check.ts PROXY_URL A_URL B_URL`: checks a running compose.postgres.yaml
 * topology (.ci/containers.sh runs it): through the proxy an account, a list and a live socket
 * (the WebSocket upgrade passes the proxy); then an item added on each process directly reaches that
 * socket, so whichever process holds it, a change made through the other one arrives
 * (LISTEN/NOTIFY between them).
 */
import crypto from 'node:crypto';
import { API_BASE_PATH } from '../common/constants.ts';
import { REALTIME_PATH, type ServerMessage } from '../common/realtime.ts';

const [proxy, a, b] = process.argv.slice(2);
if (!proxy || !a || !b) throw new Error('usage: node scripts/compose-check.ts PROXY_URL A_URL B_URL');
const TIMEOUT_MS = 10_000;

async function call(base: string, method: string, route: string, token?: string, body?: unknown) {
  const response = await fetch(`${base}${API_BASE_PATH}${route}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${base}${route}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

const { token } = await call(proxy, 'POST', '/auth/register', undefined, { email: `compose-${crypto.randomBytes(4).toString('hex')}@example.com`, password: 'secret-password' });
const { list } = await call(proxy, 'POST', '/lists', token, { name: 'Compose check' });
const { ticket } = await call(proxy, 'POST', '/auth/realtime-token', token);

const socket = new WebSocket(`${proxy.replace(/^http/, 'ws')}${API_BASE_PATH}${REALTIME_PATH}?ticket=${encodeURIComponent(ticket)}`);
const received: ServerMessage[] = [];
const waiters: (() => void)[] = [];
socket.addEventListener('message', (event) => {
  received.push(JSON.parse(String(event.data)) as ServerMessage);
  for (const wake of waiters.splice(0)) wake();
});
await new Promise((resolve, reject) => {
  socket.addEventListener('open', resolve);
  socket.addEventListener('error', () => reject(new Error('the live socket did not open through the proxy')));
});

/** Waits for a message that `matches`, at most TIMEOUT_MS. */
async function message(what: string, matches: (message: ServerMessage) => boolean): Promise<void> {
  const deadline = Date.now() + TIMEOUT_MS;
  while (!received.some(matches)) {
    if (Date.now() > deadline) throw new Error(`the socket never got ${what}; it got ${JSON.stringify(received)}`);
    await new Promise<void>((resolve) => {
      waiters.push(resolve);
      setTimeout(resolve, 200);
    });
  }
}

socket.send(JSON.stringify({ type: 'subscribe', id: 'items', topic: 'items', listId: list.id }));
await message('the snapshot', (m) => m.type === 'snapshot');
for (const [name, base] of [
  ['A', a],
  ['B', b],
] as const) {
  const content = `added on ${name}`;
  await call(base, 'POST', `/lists/${list.id}/items`, token, { content });
  await message(`the item added on ${name}`, (m) => m.type === 'change' && JSON.stringify(m.changes).includes(content));
  console.log(`a change made on ${name} reached the socket held through the proxy`);
}
socket.close();
