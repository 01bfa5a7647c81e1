import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.ts';
import { redactedUrl } from './access-log.ts';

/** Quiet by default: requests are logged, one line each, only at `debug`. */
function appLoggingAt(level: 'info' | 'debug') {
  const lines: Record<string, unknown>[] = [];
  const t = useTestApp({ config: { logLevel: level }, logStream: { write: (line) => void lines.push(JSON.parse(line)) } });
  return { t, lines };
}

describe('at the default level (info)', () => {
  const { t, lines } = appLoggingAt('info');
  it('logs nothing for a request', async () => {
    await t.request({ method: 'GET', path: '/health' });
    await t.request({ method: 'GET', path: '/no-such-thing' });
    expect(lines.filter((line) => line.level === 30 || (line.msg as string)?.includes('request'))).toEqual([]);
  });
});

describe('at debug', () => {
  const { t, lines } = appLoggingAt('debug');
  it('logs one line per request, with method, path, status and time', async () => {
    await t.request({ method: 'GET', path: '/health' });
    const logged = lines.filter((line) => line.msg === 'request');
    expect(logged).toEqual([expect.objectContaining({ method: 'GET', url: '/api/v1/health', status: 200, ms: expect.any(Number) })]);
  });

  it("never writes a signed photo URL's signature", async () => {
    await t.request({ method: 'GET', path: '/media/images/a/full.webp?exp=1900000000&sig=c2VjcmV0' });
    expect(JSON.stringify(lines)).not.toContain('c2VjcmV0');
    expect(lines.filter((line) => line.msg === 'request').at(-1)).toMatchObject({ url: '/api/v1/media/images/a/full.webp?exp=1900000000&sig=redacted' });
  });
});

describe('redactedUrl', () => {
  it("keeps a URL's path and plain parameters, and hides the value of a credential", () => {
    expect(redactedUrl('/api/v1/media/images/a/full.webp?exp=1900000000&sig=abc123')).toBe('/api/v1/media/images/a/full.webp?exp=1900000000&sig=redacted');
    expect(redactedUrl('/x?%73ig=abc&token=t&code=c&access_token=a&q=milk')).toBe('/x?%73ig=redacted&token=redacted&code=redacted&access_token=redacted&q=milk');
    expect(redactedUrl('/api/v1/health')).toBe('/api/v1/health');
    expect(redactedUrl('/x?%E0%A4%A=1')).toBe('/x?%E0%A4%A=1');
  });
});
