import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, loadConfig, mailNote, publicUrlNote, sharedSecretNote } from './config.ts';

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
    ['PUBLIC_URL', 'listo.example'],
    ['PUBLIC_URL', 'ftp://listo.example'],
    ['VAPID_PUBLIC_KEY', 'not base64url!'],
    ['VAPID_SUBJECT', 'http://listo.example'],
    ['PUSH_WINDOW_SECONDS', '0'],
    ['PUSH_ALLOW_LOOPBACK', 'maybe'],
  ])('names %s when it is %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid ${name}: `));
  });

  it('takes the notification settings', () => {
    const push = loadConfig({ VAPID_PUBLIC_KEY: 'cHVi', VAPID_PRIVATE_KEY: 'cHJpdg', PUSH_WINDOW_SECONDS: '5', PUSH_ALLOW_LOOPBACK: 'true' }).push;
    expect(push).toEqual({ vapid: { publicKey: 'cHVi', privateKey: 'cHJpdg' }, subject: undefined, allowLoopback: true, windowMs: 5000 });
    expect(loadConfig({}).push).toEqual({ vapid: undefined, subject: undefined, allowLoopback: false, windowMs: 60_000 });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'cHVi' })).toThrow('Invalid VAPID_PRIVATE_KEY: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together');
  });

  it.each(['https://home.example/listo', 'https://home.example/?app=listo', 'https://home.example/#listo', 'https://user:pw@listo.example'])(
    'refuses a PUBLIC_URL that is not the root of a host (%s): its links and the app would miss',
    (value) => {
      expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(
        'Invalid PUBLIC_URL: must be the root of a host, like https://listo.example.com: Listo cannot be served under a path',
      );
    },
  );
});

describe('publicUrlNote', () => {
  it('says so when other devices can reach Listo but the links in mails name this machine alone', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20']) {
      expect(publicUrlNote(loadConfig({ HOST }))).toBe(
        '  note: links in mails point to http://localhost:3000, which other devices cannot open; set PUBLIC_URL to the address they use, e.g. PUBLIC_URL=http://192.168.1.20:3000',
      );
    }
    expect(publicUrlNote(loadConfig({ HOST: '0.0.0.0', PUBLIC_URL: 'http://127.0.0.1:3000' }))).toContain('http://127.0.0.1:3000');
  });

  it('says nothing when only this machine can reach Listo, or PUBLIC_URL names an address others use', () => {
    for (const HOST of ['127.0.0.1', 'localhost', '::1']) expect(publicUrlNote(loadConfig({ HOST }))).toBeUndefined();
    expect(publicUrlNote(loadConfig({ HOST: '0.0.0.0', PUBLIC_URL: 'http://192.168.1.20:3000' }))).toBeUndefined();
    expect(publicUrlNote(loadConfig({ HOST: '0.0.0.0', PUBLIC_URL: 'https://lists.example.org' }))).toBeUndefined();
  });
});

describe('mailNote', () => {
  it('says, without SMTP_URL, that mails go to the log and what that means for invitations and password resets', () => {
    const note = mailNote(loadConfig({}));
    expect(note).toContain('mails are written to this log');
    expect(note).toContain('the Share dialog gives an invitation link');
    expect(note).toContain('Password resets');
    expect(note?.split('\n')).toHaveLength(1);
  });

  it('says nothing when mail is configured', () => {
    expect(mailNote(loadConfig({ SMTP_URL: 'smtp://mail.example.org:587' }))).toBeUndefined();
  });
});

describe('sharedSecretNote', () => {
  const DATABASE_URL = 'postgres://listo@db:5432/listo';

  it('says so when this process shares PostgreSQL with others but no LISTO_SECRET with them', () => {
    expect(sharedSecretNote(loadConfig({ DATABASE_URL, DATA_DIR: '/srv/listo' }))).toBe(
      '  note: LISTO_SECRET is not set, so this process signs sessions with /srv/listo/secret.key; every process on this database must use the same key: set LISTO_SECRET to one value for all (docs/deploy.md)',
    );
  });

  it('says nothing with LISTO_SECRET set, or on SQLite, which one process holds alone', () => {
    expect(sharedSecretNote(loadConfig({ DATABASE_URL, LISTO_SECRET: 'x'.repeat(32) }))).toBeUndefined();
    expect(sharedSecretNote(loadConfig({}))).toBeUndefined();
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

  it('addresses the bucket by path with an endpoint of its own, by host name on AWS, unless told', () => {
    const s3 = (env: Record<string, string>) => {
      const { storage } = loadConfig({ STORAGE: 's3', S3_BUCKET: 'listo', ...env });
      return storage.driver === 's3' ? storage.s3 : undefined;
    };
    expect(s3({ S3_ENDPOINT: 'https://s3.example.org/' })).toMatchObject({ endpoint: 'https://s3.example.org', forcePathStyle: true });
    expect(s3({})).toMatchObject({ endpoint: undefined, forcePathStyle: false, region: 'us-east-1' });
    expect(s3({ S3_ENDPOINT: 'https://s3.example.org', S3_FORCE_PATH_STYLE: 'false' })?.forcePathStyle).toBe(false);
  });

  it.each([
    ['STORAGE', { STORAGE: 'ftp' }],
    ['S3_BUCKET', { STORAGE: 's3', S3_BUCKET: 'My_Photos' }],
    ['S3_ENDPOINT', { S3_ENDPOINT: 'ftp://minio:9000' }],
    ['S3_REGION', { S3_REGION: 'EU West' }],
    ['STORAGE_QUOTA_MB', { STORAGE_QUOTA_MB: '-1' }],
    ['S3_BUCKET', { STORAGE: 's3' }],
    ['S3_ENDPOINT', { S3_ENDPOINT: 'not a url' }],
    ['S3_SECRET_ACCESS_KEY', { STORAGE: 's3', S3_BUCKET: 'listo', S3_ACCESS_KEY_ID: 'key' }],
    ['S3_ACCESS_KEY_ID', { STORAGE: 's3', S3_BUCKET: 'listo', S3_SECRET_ACCESS_KEY: 'secret' }],
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

describe('ALEXA_* (account linking)', () => {
  const client = {
    ALEXA_CLIENT_ID: 'alexa-skill',
    ALEXA_CLIENT_SECRET: 's'.repeat(32),
    ALEXA_REDIRECT_URIS: 'https://pitangui.amazon.com/api/skill/link/M2A, https://layla.amazon.com/api/skill/link/M2A',
  };

  it('makes no client without ALEXA_CLIENT_ID', () => {
    expect(loadConfig({}).alexa).toEqual({ client: undefined, skillId: undefined });
  });

  it('reads the client, its redirect URIs and scopes, and the skill id', () => {
    expect(loadConfig({ ...client, ALEXA_SCOPES: 'lists:read', ALEXA_SKILL_ID: 'amzn1.ask.skill.x' }).alexa).toEqual({
      client: {
        id: 'alexa-skill',
        secret: 's'.repeat(32),
        name: 'Alexa',
        redirectUris: ['https://pitangui.amazon.com/api/skill/link/M2A', 'https://layla.amazon.com/api/skill/link/M2A'],
        scopes: ['lists:read'],
      },
      skillId: 'amzn1.ask.skill.x',
    });
    expect(loadConfig(client).alexa.client?.scopes).toEqual(['lists:read', 'items:write']);
    expect(loadConfig({ ...client, ALEXA_REDIRECT_URIS: 'http://127.0.0.1:4400/link' }).alexa.client?.redirectUris).toEqual([
      'http://127.0.0.1:4400/link',
    ]);
  });

  it.each([
    ['ALEXA_CLIENT_SECRET', { ALEXA_CLIENT_SECRET: 'too-short' }],
    ['ALEXA_REDIRECT_URIS', { ALEXA_REDIRECT_URIS: 'http://alexa.example/link' }],
    ['ALEXA_REDIRECT_URIS', { ALEXA_REDIRECT_URIS: 'https://alexa.example/link#x' }],
    ['ALEXA_REDIRECT_URIS', { ALEXA_REDIRECT_URIS: 'not a url' }],
    ['ALEXA_SCOPES', { ALEXA_SCOPES: 'lists:read account' }],
    ['ALEXA_CLIENT_SECRET', { ALEXA_CLIENT_SECRET: undefined }],
    ['ALEXA_REDIRECT_URIS', { ALEXA_REDIRECT_URIS: undefined }],
  ])('names %s when it is wrong or missing', (name, change) => {
    const env = Object.fromEntries(Object.entries({ ...client, ...change }).filter((entry) => entry[1] !== undefined));
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid ${name}: `));
  });
});

describe('AI settings', () => {
  it('default to the offline assistant, 30 AI calls a minute, no admins', () => {
    expect(loadConfig({})).toMatchObject({ ai: { provider: 'offline' }, rateLimitAi: 30, adminEmails: [] });
  });

  it('choose Gemini with a Gemini key, with the current Flash and Pro models unless named', () => {
    expect(loadConfig({ GEMINI_API_KEY: 'key' }).ai).toEqual({
      provider: 'gemini',
      apiKey: 'key',
      baseUrl: undefined,
      models: { standard: 'gemini-flash-latest', expensive: 'gemini-pro-latest' },
      timeoutMs: 30_000,
    });
    const pinned = loadConfig({ GEMINI_API_KEY: 'key', GEMINI_MODEL_STANDARD: 'gemini-3.8-flash', AI_TIMEOUT_MS: '5000' }).ai;
    expect(pinned).toMatchObject({ models: { standard: 'gemini-3.8-flash', expensive: 'gemini-pro-latest' }, timeoutMs: 5000 });
  });

  it('choose an OpenAI-compatible server with its URL, and need its model', () => {
    const config = loadConfig({ OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1', OPENAI_MODEL: 'llama3.2' });
    expect(config.ai).toEqual({ provider: 'openai', baseUrl: 'http://127.0.0.1:11434/v1', apiKey: undefined, model: 'llama3.2', timeoutMs: 30_000 });
    expect(() => loadConfig({ OPENAI_API_KEY: 'sk-x' })).toThrow(/^Invalid OPENAI_MODEL: required/);
  });

  it('follow AI_PROVIDER over the keys, and refuse Gemini without its key', () => {
    expect(loadConfig({ AI_PROVIDER: 'none', GEMINI_API_KEY: 'key' }).ai).toEqual({ provider: 'none' });
    expect(loadConfig({ AI_PROVIDER: 'offline', GEMINI_API_KEY: 'key' }).ai).toEqual({ provider: 'offline' });
    expect(() => loadConfig({ AI_PROVIDER: 'gemini' })).toThrow(/^Invalid GEMINI_API_KEY: required when AI_PROVIDER is gemini$/);
    expect(() => loadConfig({ AI_PROVIDER: 'claude' })).toThrow(/^Invalid AI_PROVIDER/);
  });

  it('read RATE_LIMIT_AI and ADMIN_EMAILS', () => {
    const config = loadConfig({ RATE_LIMIT_AI: '0', ADMIN_EMAILS: ' Ada@Example.com, ops@example.com ' });
    expect(config).toMatchObject({ rateLimitAi: 0, adminEmails: ['ada@example.com', 'ops@example.com'] });
    expect(() => loadConfig({ ADMIN_EMAILS: 'ada@example.com, not an address' })).toThrow(/^Invalid ADMIN_EMAILS/);
  });
});
