import crypto from 'node:crypto';
import { STORE_TRIP_GAP_MS } from '../../common/store-order.ts';
import { sql, type Kysely } from 'kysely';
import { readTables, type RunQuery } from '../backup/catalog.ts';
import type { Database } from '../db/open.ts';
import type { DB } from '../db/schema.ts';
import { makeImage, dataUrlOf, upload } from './images.ts';
import { createAccessToken } from './access-tokens.ts';
import { createUser, type TestUser } from './factories.ts';
import { sendImport } from './transfer.ts';
import type { TestApp } from './test-app.ts';

/**
 * Puts rows in every table of the data model, through the API where a user can make them (accounts,
 * sessions, lists, shares, items with properties, order and photos, a removal's undo record, keyed
 * calls, tickets, a reset and a confirmation), directly where only another party could (account
 * linking, AI answers) or a server without mail (an invitation link).
 */
export async function fillEveryTable(t: TestApp): Promise<{ owner: TestUser; member: TestUser; listId: string }> {
  const owner = await createUser(t, { first_name: 'Ada' });
  const member = await createUser(t, { verified: false });
  const request = async (method: 'POST' | 'PUT', path: string, token: string, body: unknown, headers?: Record<string, string>) => {
    const response = await t.request({ method, path, token, body, headers });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };
  const { list } = await request('POST', '/lists', owner.token, { name: 'Groceries ✓' }, { 'idempotency-key': crypto.randomUUID() });
  await request('POST', '/lists', member.token, { name: 'Mine' });
  const ids: string[] = [];
  for (const content of ['milk 2 l', 'bread', 'eggs x12', 'Äpfel']) ids.push((await request('POST', `/lists/${list.id}/items`, owner.token, { content })).id);
  await request('PUT', `/lists/${list.id}/items/${ids[1]}`, owner.token, { is_completed: true, properties: { quantity: '2', note: 'brown' } });
  // A learned store order (eggs after bread, in their department), and a trip under way.
  await request('PUT', `/lists/${list.id}/items/${ids[2]}`, owner.token, { is_completed: true, properties: { department: 'Dairy & Eggs' } });
  t.clock.advance(STORE_TRIP_GAP_MS);
  await request('PUT', `/lists/${list.id}/items/${ids[3]}`, owner.token, { is_completed: true, store: 'Market' });
  await request('PUT', `/lists/${list.id}/items/order`, owner.token, { ids: [...ids].reverse() });
  await request('POST', `/lists/${list.id}/shares`, owner.token, { email: member.email, permission: 'edit' });
  await request('POST', `/lists/${list.id}/shares`, owner.token, { email: 'nobody-yet@example.com', permission: 'view' });
  const image = await makeImage('jpeg', { width: 64, height: 48 });
  const uploaded = await upload(t, owner.token, list.id, ids[0]!, dataUrlOf(image));
  if (uploaded.status !== 200) throw new Error(`upload: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
  // A photo removed with an undo id: its record, and the image it keeps.
  await upload(t, owner.token, list.id, ids[2]!, dataUrlOf(image));
  const removed = await t.request({ method: 'DELETE', path: `/lists/${list.id}/items/${ids[2]}/image?undo=${crypto.randomUUID()}`, token: owner.token });
  if (removed.status !== 200) throw new Error(`image removal: ${removed.status}`);
  await request('POST', '/auth/realtime-token', owner.token, undefined);
  // Notifications: a device's subscription (never called here), a change that waits in push_events
  // for it (made by another member: nobody is told of their own), a mute, a ping.
  const device = crypto.createECDH('prime256v1');
  const keys = { p256dh: device.generateKeys('base64url'), auth: crypto.randomBytes(16).toString('base64url') };
  await request('PUT', '/push/subscription', owner.token, { endpoint: 'https://push.example.net/send/backup', keys });
  const helper = await createUser(t, { first_name: 'Bo' });
  await request('POST', `/lists/${list.id}/shares`, owner.token, { email: helper.email, permission: 'edit' });
  await request('POST', `/lists/${list.id}/items`, helper.token, { content: 'candles' });
  await request('PUT', `/lists/${list.id}/notifications`, owner.token, { muted: true });
  await request('POST', `/lists/${list.id}/going-shopping`, owner.token, undefined);
  // A personal access token, and a file imported once (its digest is what a second import is known by).
  await createAccessToken(t, owner.token, { name: 'Claude' });
  const imported = await sendImport(t, member.token, 'weekend.md', new TextEncoder().encode('# Weekend\n- [ ] rope\n- [x] tent\n'));
  if (imported.status !== 201) throw new Error(`import: ${imported.status} ${JSON.stringify(imported.body)}`);
  await t.request({ method: 'POST', path: '/auth/password-reset', body: { email: owner.email } });
  await t.settle();
  await insertLinkedApp(t.database.db, owner.user.id);
  await insertProviderSignIn(t.database.db, owner.user.id);
  const now = new Date().toISOString();
  await t.database.db.insertInto('push_batches').values({ first_event_id: crypto.randomUUID(), created_at: now }).execute();
  await t.database.db
    .insertInto('ai_answers')
    .values({ model: 'gemini-flash-latest', question: 'category', language: 'en', name_key: 'milk', answer: JSON.stringify({ value: 'Dairy' }), created_at: now })
    .execute();
  // The link a server without mail gives a pending invitation (decision 047).
  await t.database.db
    .insertInto('invitation_links')
    .values({ id: crypto.randomUUID(), token_hash: crypto.randomBytes(16).toString('hex'), list_id: list.id, email: 'nobody-yet@example.com', created_at: now, expires_at: now, used_at: null, revoked_at: null })
    .execute();
  return { owner, member, listId: list.id };
}

/** The rows sign-in with an identity provider leaves: an identity, a sign-in on its way, a provider session. */
async function insertProviderSignIn(db: Kysely<DB>, userId: string): Promise<void> {
  const now = new Date();
  const later = new Date(now.getTime() + 600_000).toISOString();
  await db
    .insertInto('user_identities')
    .values({ provider: 'authentik', subject: 'sub-1', user_id: userId, email: 'owner@example.com', is_admin: true, created_at: now.toISOString(), last_login_at: now.toISOString() })
    .execute();
  await db
    .insertInto('oidc_logins')
    .values({
      state_hash: crypto.randomBytes(16).toString('hex'),
      browser_hash: crypto.randomBytes(16).toString('hex'),
      provider: 'authentik',
      intent: 'link',
      user_id: userId,
      code_verifier: crypto.randomBytes(32).toString('base64url'),
      nonce: crypto.randomBytes(16).toString('base64url'),
      created_at: now.toISOString(),
      expires_at: later,
      result: null,
    })
    .execute();
  const session = await db.selectFrom('sessions').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow();
  await db.insertInto('oidc_sessions').values({ session_id: session.id, provider: 'authentik', id_token: 'header.payload.signature' }).execute();
}

/** The rows an account linked to an app leaves: a used code, a grant, an access token. */
async function insertLinkedApp(db: Kysely<DB>, userId: string): Promise<void> {
  const now = new Date();
  const later = new Date(now.getTime() + 3_600_000).toISOString();
  const codeHash = crypto.randomBytes(16).toString('hex');
  await db
    .insertInto('oauth_codes')
    .values({
      code_hash: codeHash,
      client_id: 'listo-alexa',
      user_id: userId,
      redirect_uri: 'https://alexa.example/redirect',
      scope: 'lists:read items:write',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      created_at: now.toISOString(),
      expires_at: later,
      used_at: now.toISOString(),
    })
    .execute();
  const grantId = crypto.randomUUID();
  await db
    .insertInto('oauth_grants')
    .values({ id: grantId, client_id: 'listo-alexa', user_id: userId, scope: 'lists:read', refresh_token_hash: crypto.randomBytes(16).toString('hex'), refresh_expires_at: later, code_hash: codeHash, created_at: now.toISOString() })
    .execute();
  await db
    .insertInto('oauth_access_tokens')
    .values({ id: crypto.randomUUID(), token_hash: crypto.randomBytes(16).toString('hex'), grant_id: grantId, created_at: now.toISOString(), expires_at: later })
    .execute();
  await db.insertInto('oauth_spent_refresh_tokens').values({ token_hash: crypto.randomBytes(16).toString('hex'), grant_id: grantId }).execute();
  await db
    .insertInto('oauth_clients')
    .values({ id: `app_${crypto.randomBytes(8).toString('hex')}`, name: 'Assistant', redirect_uris: '["http://127.0.0.1:8000/cb"]', created_at: now.toISOString() })
    .execute();
}

/** Listo's tables in a database (the migrator's own left out). */
export async function tableNames(database: Database): Promise<string[]> {
  const query: RunQuery = async (text) => (await sql.raw<Record<string, unknown>>(text).execute(database.db)).rows;
  return (await readTables(query, database.dialect)).map((table) => table.name).sort();
}

/**
 * Every row of every table, each as canonical text: booleans as 0 and 1, JSON by its meaning (keys
 * sorted), so a SQLite and a PostgreSQL database holding the same data read the same. Sorted.
 */
export async function everyRow(database: Database): Promise<Record<string, string[]>> {
  const contents: Record<string, string[]> = {};
  for (const table of await tableNames(database)) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(database.db);
    contents[table] = rows.map((row) => canonical(row)).sort();
  }
  return contents;
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (typeof inner === 'boolean') return Number(inner);
    if (typeof inner === 'string' && /^[[{]/.test(inner)) {
      try {
        return sortKeys(JSON.parse(inner));
      } catch {
        return inner;
      }
    }
    return inner !== null && typeof inner === 'object' && !Array.isArray(inner) ? sortKeys(inner) : inner;
  });
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)).map(([key, inner]) => [key, sortKeys(inner)]));
}
