import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerTooLargeError, boundedFetch } from './bounded-fetch.ts';

const BOUND = 256 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'x');

/** Answers `/small` whole, `/declared` with a Content-Length over the bound, `/endless` in chunks it never stops sending. */
let finishedEndless: boolean | undefined;
const server = http.createServer((request, response) => {
  if (request.url === '/small') return void response.end('{"ok":true}');
  if (request.url === '/declared') return void response.writeHead(200, { 'content-length': String(BOUND + 1) }).end(Buffer.alloc(BOUND + 1));
  response.on('close', () => (finishedEndless = response.writableFinished));
  const more = () => {
    while (!response.destroyed && response.write(CHUNK));
    if (!response.destroyed) response.once('drain', more);
  };
  more();
});
let url = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('boundedFetch', () => {
  const fetchBounded = boundedFetch(BOUND);

  it('passes an answer within the bound through as it is', async () => {
    const response = await fetchBounded(`${url}/small`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('refuses an answer whose Content-Length is over the bound, before reading it', async () => {
    await expect(fetchBounded(`${url}/declared`)).rejects.toBeInstanceOf(AnswerTooLargeError);
  });

  it('stops reading an answer without a length at the bound, and cuts its connection', async () => {
    const response = await fetchBounded(`${url}/endless`);
    await expect(response.text()).rejects.toBeInstanceOf(AnswerTooLargeError);
    await expect.poll(() => finishedEndless).toBe(false);
  });
});
