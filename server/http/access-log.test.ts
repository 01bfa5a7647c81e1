import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.ts';

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
});
