import type net from 'node:net';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../common/constants.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { insertLists } from '../test/list-factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { COMPRESS_MIN_LENGTH } from './compression.ts';

const t = useTestApp();

/** A user whose dashboard answer is far past the threshold. */
async function userWithLists(): Promise<TestUser> {
  const user = await createUser(t);
  await insertLists(t, user.user.id, 40);
  return user;
}

function get(user: TestUser, path: string, acceptEncoding?: string) {
  return t.app.inject({
    method: 'GET',
    url: `${API_BASE_PATH}${path}`,
    headers: { authorization: `Bearer ${user.token}`, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
  });
}

const DECODE = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync } as const;

describe('compressed API answers', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
  ] as const)('answers a large GET for "%s" in %s, the same JSON, its length the compressed one', async (accept, encoding) => {
    const user = await userWithLists();
    const plain = await get(user, '/lists');
    expect(plain.body.length).toBeGreaterThan(COMPRESS_MIN_LENGTH);
    const packed = await get(user, '/lists', accept);
    expect(packed.statusCode).toBe(200);
    expect(packed.headers['content-encoding']).toBe(encoding);
    expect(packed.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(packed.headers['content-length'])).toBe(packed.rawPayload.length);
    expect(packed.rawPayload.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(DECODE[encoding](packed.rawPayload).toString())).toEqual(JSON.parse(plain.body));
  });

  it('sends a large GET as it is to a client that accepts no compression, still saying that it varies', async () => {
    const user = await userWithLists();
    for (const accept of [undefined, 'identity', 'zstd']) {
      const response = await get(user, '/lists', accept);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/Accept-Encoding/);
      expect(response.json().lists).toHaveLength(40);
    }
  });

  it('leaves small answers and every answer to a POST as they are (a POST may carry a session token)', async () => {
    const user = await userWithLists();
    const me = await get(user, '/auth/me', 'br, gzip');
    expect(me.body.length).toBeLessThan(COMPRESS_MIN_LENGTH);
    expect(me.headers['content-encoding']).toBeUndefined();
    const { body: created } = await t.request({ method: 'POST', path: '/lists', token: user.token, body: { name: 'Big' } });
    const items = Array.from({ length: 50 }, (_, index) => ({ content: `item number ${index}` }));
    const batch = await t.app.inject({
      method: 'POST',
      url: `${API_BASE_PATH}/lists/${created.list.id}/items/batch`,
      headers: { authorization: `Bearer ${user.token}`, 'accept-encoding': 'br, gzip' },
      payload: { items },
    });
    expect(batch.statusCode).toBe(201);
    expect(batch.body.length).toBeGreaterThan(COMPRESS_MIN_LENGTH);
    expect(batch.headers['content-encoding']).toBeUndefined();
  });

  it('reaches a real HTTP client: fetch over a socket decodes it', async () => {
    const user = await userWithLists();
    if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as net.AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}${API_BASE_PATH}/lists`, {
      headers: { authorization: `Bearer ${user.token}`, 'accept-encoding': 'br' },
    });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(((await response.json()) as { lists: unknown[] }).lists).toHaveLength(40);
  });
});
