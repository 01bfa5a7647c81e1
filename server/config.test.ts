import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('needs nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      aiDefaultEnabled: true,
      rateLimitAuth: 20,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '4000',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h/db',
      PUBLIC_URL: 'https://listo.example/',
      AI_DEFAULT_ENABLED: 'false',
      RATE_LIMIT_AUTH: '0',
    });
    expect(config).toMatchObject({
      port: 4000,
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u@h/db',
      publicUrl: 'https://listo.example',
      aiDefaultEnabled: false,
      rateLimitAuth: 0,
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['AI_DEFAULT_ENABLED', 'maybe'],
    ['RATE_LIMIT_AUTH', '-1'],
    ['LISTO_SECRET', 'short'],
  ])('names %s when it is %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid ${name}: `));
  });
});
