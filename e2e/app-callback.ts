import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from '@playwright/test';

/**
 * An app's side of the OAuth redirect: a desktop app's listener on loopback (RFC 8252 7.3), an
 * origin of its own, running for the calling file's tests. Its `uri` is set once they start.
 */
export function appCallback(): { readonly uri: string } {
  const callback = { uri: '' };
  let server: http.Server;
  test.beforeAll(async () => {
    server = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Connected</h1>'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    callback.uri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
  });
  test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return callback;
}
