import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { API_BASE_PATH } from '../../common/constants.ts';
import { buildApp, type AppDeps } from '../app.ts';
import type { Database } from '../db/open.ts';
import type { Mail, Mailer } from '../mail/mailer.ts';
import { createTestDatabase } from './test-database.ts';

/** Server tests do not serve the web app unless they ask for one (a folder without a build). */
const NO_WEB_APP = '/nonexistent-listo-web-build';

/** The server secret of every test app (tests that forge stored token digests need it). */
export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hmac';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** Mails the app sent, newest last (unless a mailer was passed in or `realMailer` was asked for). */
  mails: Mail[];
  /** The app's DATA_DIR: its image files are under `blobs/` (local storage). */
  dataDir: string;
  /** Moves the app's clock. */
  clock: { now: Date; advance(ms: number): void };
  /** Waits for the work the app does after answering (mail). */
  settle(): Promise<void>;
  request(options: ApiRequest): Promise<ApiResponse>;
}

export interface ApiRequest {
  method: InjectOptions['method'];
  /** Below the API base, e.g. `/auth/login`. */
  path: string;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

export interface ApiResponse {
  status: number;
  // Tests read answers of many shapes; each asserts the fields it cares about.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Record<string, unknown>;
}

export interface TestAppOptions {
  /** The app's database (closed with the app); a fresh one of the test project's kind by default. */
  database?: Database;
  config?: Partial<AppDeps['config']>;
  mailer?: Mailer;
  /** The captured mails go nowhere, as on a server without SMTP_URL (`mailer.delivers` false). */
  withoutMail?: boolean;
  /** Let the app build its own mailer from config (SMTP when `config.smtpUrl` is set); `mails` stays empty. */
  realMailer?: boolean;
  /** Live-subscription timings and bounds, shortened by the tests of heartbeat and slow readers. */
  realtime?: AppDeps['realtime'];
  /** How often expired rows are purged (the purge tests shorten it). */
  maintenanceIntervalMs?: number;
  timeouts?: AppDeps['timeouts'];
  logStream?: AppDeps['logStream'];
  /** A built web app to serve (defaults to none). */
  webDistDir?: string;
  /** Sees every route the app registers. */
  onRoute?: AppDeps['onRoute'];
  /** Alexa signing certificates trusted without a fetch (server/alexa tests). */
  alexaCertificates?: AppDeps['alexaCertificates'];
  /** The VAPID key pair and the push service's certificate (server/push tests). */
  vapid?: AppDeps['vapid'];
  pushCa?: AppDeps['pushCa'];
  /** Identity providers' discovery retries and requests (server/oidc tests). */
  oidcProviders?: AppDeps['oidcProviders'];
  /** How apps' client metadata documents are fetched (server/oauth tests). */
  clientDocuments?: AppDeps['clientDocuments'];
}

/** A Listo app on a fresh database for the tests of one file; torn down after them. */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  const handle = {} as TestApp;
  beforeAll(async () => Object.assign(handle, await startTestApp(options)));
  afterAll(async () => {
    try {
      await handle.app?.close();
    } finally {
      await handle.database?.close();
    }
  });
  return handle;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'listo-data-'));
  const mails: Mail[] = [];
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  // Every answer is checked against its route's documented answer (server/http/answer-contract.ts):
  // a breach fails the request that met it, and the file when the app closes.
  const breaches: string[] = [];
  const failOnBreaches = () => {
    if (breaches.length === 0) return;
    const found = breaches.splice(0);
    throw new Error(`Answers outside the API's documented contract (docs/decisions/064):\n${found.join('\n')}`);
  };
  const app = await buildApp({
    config: {
      publicUrl: 'http://listo.test',
      smtpUrl: undefined,
      mailFrom: 'Listo <listo@listo.test>',
      aiDefaultEnabled: true,
      rateLimitAuth: 0,
      logLevel: 'silent',
      trustProxy: false,
      dataDir,
      storage: { driver: 'local', quotaBytes: 0 },
      ...options.config,
    },
    database,
    secret: TEST_SECRET,
    mailer: options.realMailer ? undefined : (options.mailer ?? { delivers: !options.withoutMail, send: async (mail) => void mails.push(mail), close() {} }),
    now: () => clock.now,
    realtime: options.realtime,
    maintenanceIntervalMs: options.maintenanceIntervalMs,
    timeouts: options.timeouts,
    onRoute: options.onRoute,
    webDistDir: options.webDistDir ?? NO_WEB_APP,
    logStream: options.logStream,
    alexaCertificates: options.alexaCertificates,
    vapid: options.vapid,
    pushCa: options.pushCa,
    oidcProviders: options.oidcProviders,
    clientDocuments: options.clientDocuments,
    answerContract: (breach) => void breaches.push(breach),
  });
  app.addHook('onClose', async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  app.addHook('onClose', async () => failOnBreaches());
  await app.ready();
  return {
    app,
    database,
    dataDir,
    mails,
    clock,
    settle: () => app.background.drain(),
    async request({ method, path, body, token, headers = {} }) {
      const response = await app.inject({
        method,
        url: `${API_BASE_PATH}${path}`,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
        ...(body === undefined ? {} : typeof body === 'string' ? { payload: body } : { payload: body as object }),
      });
      failOnBreaches();
      const text = response.body;
      return { status: response.statusCode, body: text ? safeJson(text) : undefined, headers: response.headers };
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
