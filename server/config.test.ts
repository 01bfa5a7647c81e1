import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, loadConfig } from './config.ts';

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
      trustProxy: false,
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
    ['TRUST_PROXY', 'proxy.example'],
    ['TRUST_PROXY', '10.0.0.1,'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.0/0'],
    ['TRUST_PROXY', '::1/129'],
    ['TRUST_PROXY', '-1'],
  ])('names %s when it is %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid ${name}: `));
  });
});

describe('image storage', () => {
  it('is the local folder by default, with a quota of 1024 MB per user', () => {
    expect(loadConfig({}).storage).toEqual({ driver: 'local', quotaBytes: 1024 * 1024 * 1024 });
    expect(loadConfig({ STORAGE_QUOTA_MB: '0' }).storage.quotaBytes).toBe(0);
  });

  it('reads the S3 variables when STORAGE=s3', () => {
    const config = loadConfig({
      STORAGE: 's3',
      STORAGE_QUOTA_MB: '50',
      S3_BUCKET: 'listo',
      S3_ENDPOINT: 'http://127.0.0.1:8080',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.storage).toEqual({
      driver: 's3',
      quotaBytes: 50 * 1024 * 1024,
      s3: {
        bucket: 'listo',
        endpoint: 'http://127.0.0.1:8080',
        region: 'eu-west-1',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
        forcePathStyle: true,
      },
    });
  });

  it.each([
    ['STORAGE', { STORAGE: 'ftp' }],
    ['STORAGE_QUOTA_MB', { STORAGE_QUOTA_MB: '-1' }],
    ['S3_BUCKET', { STORAGE: 's3' }],
    ['S3_ENDPOINT', { S3_ENDPOINT: 'not a url' }],
    ['S3_SECRET_ACCESS_KEY', { STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' }],
    ['S3_ACCESS_KEY_ID', { STORAGE: 's3', S3_BUCKET: 'b', S3_SECRET_ACCESS_KEY: 'secret' }],
    ['S3_FORCE_PATH_STYLE', { S3_FORCE_PATH_STYLE: 'sometimes' }],
  ])('names %s when it is wrong', (name, env) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid ${name}: `));
  });
});

describe('TRUST_PROXY', () => {
  const trustProxy = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it.each(['false', '0', 'off'])('trusts nobody when it is %s', (value) => {
    expect(trustProxy(value)).toBe(false);
  });

  it('reads a number as that many proxy hops', () => {
    expect(trustProxy('2')).toBe(2);
  });

  it('reads a list of proxy addresses and CIDR ranges, IPv4 and IPv6', () => {
    expect(trustProxy(' 127.0.0.1, 10.0.0.0/8,::1 , fd00::/8')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']);
  });

  it.each(['true', 'TRUE', 'yes'])('refuses %s, which would trust any X-Forwarded-For, and says what to give', (value) => {
    expect(() => trustProxy(value)).toThrow(
      /^Invalid TRUST_PROXY: .*forge; give the number of proxies in front of Listo \(e\.g\. 1\) or their addresses/,
    );
  });

  it('hands Fastify a hop count as a trust function of the hop, since Fastify ignores a bare number', () => {
    const trust = fastifyTrustProxy(2);
    expect(typeof trust).toBe('function');
    const trusts = trust as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => trusts('192.0.2.1', hop))).toEqual([true, true, false]);
    expect(fastifyTrustProxy(['10.0.0.1'])).toEqual(['10.0.0.1']);
    expect(fastifyTrustProxy(false)).toBe(false);
  });
});
