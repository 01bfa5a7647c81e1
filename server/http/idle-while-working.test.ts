import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../common/constants.ts';
import type { AppDeps } from '../app.ts';
import { createFakeModelServer } from '../test/ai-model.ts';
import { fromJson } from '../db/values.ts';
import { addItems, itemRows, ownerWithList } from '../test/items.ts';
import { useTestApp } from '../test/test-app.ts';

/**
 * A request whose handler works longer than the connection timeout (a slow model here) is answered,
 * not cut off with its change applied behind the client's back (idle-while-working.ts). The
 * connection timeout is shortened to 300 ms; timeouts.test.ts shows it still closes a client that
 * never reads.
 */
const fake = createFakeModelServer();
const config: Partial<AppDeps['config']> = { rateLimitAi: 0 };
beforeAll(async () => {
  await fake.start();
  config.ai = { provider: 'openai', apiKey: 'test-key', baseUrl: `${fake.url}/v1`, model: 'served-model', timeoutMs: 5_000 };
});
afterAll(() => fake.close());
const t = useTestApp({ config, timeouts: { connectionTimeoutMs: 300 } });

function postOverHttp(port: number, path: string, token: string, body: unknown) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path, method: 'POST', agent: false, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

describe('a request handled for longer than the connection timeout', () => {
  it('is answered when the work is done', async () => {
    const { owner, listId } = await ownerWithList(t);
    await addItems(t, owner.token, listId, ['milk']);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    fake.script({ delayMs: 1_000 });

    const answer = await postOverHttp((t.app.server.address() as AddressInfo).port, `${API_BASE_PATH}/lists/${listId}/sort`, owner.token, {
      prompt: 'department',
    });

    expect(answer.status).toBe(200);
    expect(fromJson((await itemRows(t, listId))[0]!.properties)).toMatchObject({ department: 'Dairy & Eggs' });
  });
});
