import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.ts';

/**
 * The web app's files: precompressed when the browser accepts it, hashed assets cached for good,
 * pages and the service worker revalidated, deep links answered with the app.
 */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-dist-'));
const SCRIPT = 'console.log("listo");'.repeat(50);
function write(name: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
  fs.writeFileSync(path.join(dist, name), text);
  fs.writeFileSync(path.join(dist, `${name}.br`), zlib.brotliCompressSync(text));
  fs.writeFileSync(path.join(dist, `${name}.gz`), zlib.gzipSync(text));
}
write('index.html', '<!doctype html><title>Listo</title>');
write('assets/index-abc123.js', SCRIPT);
write('sw.js', 'self.addEventListener("fetch", () => {});');
write('logo.svg', `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(100)}</svg>`);
fs.writeFileSync(path.join(dist, 'icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));

let t: TestApp;
afterAll(async () => {
  await t?.app.close();
  await t?.database.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

async function get(url: string, headers: Record<string, string> = {}) {
  t ??= await startTestApp({ webDistDir: dist });
  return t.app.inject({ method: 'GET', url, headers });
}

describe('the web app files', () => {
  it('go out brotli- or gzip-compressed, as the browser accepts', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gz = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('cache hashed assets for good, icons for a day, and revalidate the page and the service worker', async () => {
    expect((await get('/assets/index-abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/sw.js')).headers['cache-control']).toBe('no-cache');
    expect((await get('/icon-192.png')).headers['cache-control']).toBe('public, max-age=86400');
    const svg = await get('/logo.svg', { 'accept-encoding': 'br' });
    expect([svg.headers['content-encoding'], svg.headers['cache-control']]).toEqual(['br', 'public, max-age=86400']);
    expect((await get('/', { accept: 'text/html' })).headers['cache-control']).toBe('no-cache');
    const deepLink = await get('/lists/some-list', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(deepLink.statusCode).toBe(200);
    expect(deepLink.headers['content-encoding']).toBe('br');
    expect(deepLink.headers['cache-control']).toBe('no-cache');
  });

  it('answer a deep link asked for with HEAD as with GET, and never give the page for the API\'s paths', async () => {
    t ??= await startTestApp({ webDistDir: dist });
    const head = await t.app.inject({ method: 'HEAD', url: '/lists/some-list', headers: { accept: 'text/html' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
    for (const url of ['/api/v1', '/api/v1?x=1', '/api/v1/no-such-call']) {
      const answer = await get(url, { accept: 'text/html' });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ error: { code: 'not_found' } });
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('every answer', () => {
  it("carries helmet's headers, with Listo's Content-Security-Policy", async () => {
    const answers = [
      await get('/', { accept: 'text/html' }),
      await get('/api/v1/health'),
      await get('/api/v1/lists'),
      await get('/api/v1/no-such-call'),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 401, 404]);
    for (const answer of answers) {
      const policy = String(answer.headers['content-security-policy']).split(';');
      expect(policy).toContain("form-action 'self'");
      expect(policy).toContain("img-src 'self' data:");
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("style-src 'self' 'unsafe-inline'");
      expect(policy).toContain("font-src 'self' data:");
      // Plain HTTP on a LAN address must keep working.
      expect(policy.some((directive) => directive.startsWith('upgrade-insecure-requests'))).toBe(false);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('leaves Cross-Origin-Opener-Policy out on a plain-HTTP network address, where browsers ignore it', async () => {
    const opener = async (host: string) => (await get('/', { accept: 'text/html', host })).headers['cross-origin-opener-policy'];
    expect(await opener('localhost:3000')).toBe('same-origin');
    expect(await opener('127.0.0.1:3000')).toBe('same-origin');
    expect(await opener('192.168.1.20:3000')).toBeUndefined();
    expect(await opener('lists.home.arpa')).toBeUndefined();
    const lan = await get('/api/v1/health', { host: '192.168.1.20:3000' });
    expect(String(lan.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(lan.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps Cross-Origin-Opener-Policy on every address when PUBLIC_URL is HTTPS (behind a TLS proxy)', async () => {
    const behindProxy = await startTestApp({ webDistDir: dist, config: { publicUrl: 'https://lists.example.org' } });
    try {
      const answer = await behindProxy.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html', host: 'lists.example.org' } });
      expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
    } finally {
      await behindProxy.app.close();
      await behindProxy.database.close();
    }
  });
});
