import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import helmet, { type HelmetOptions } from 'helmet';
import { API_BASE_PATH, PATH_PARAM_MAX_LENGTH } from '../common/constants.ts';
import { createAlexa, NO_ALEXA } from './alexa/alexa.ts';
import { adminRoutes } from './admin/admin.routes.ts';
import { createAdminService } from './admin/admin.service.ts';
import { aiRoutes } from './ai/ai.routes.ts';
import { createAiService } from './ai/ai.service.ts';
import { createAiProvider } from './ai/create-provider.ts';
import { authLiveSources } from './auth/auth.live.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { createAuthService } from './auth/auth.service.ts';
import { createEmailVerification } from './auth/email-verification.ts';
import { createFailureLimiter } from './auth/failure-limiter.ts';
import { createBackground, type Background } from './background.ts';
import { fastifyTrustProxy, type Config } from './config.ts';
import type { Database } from './db/open.ts';
import { registerAuthentication } from './http/authenticate.ts';
import { registerAccessLog } from './http/access-log.ts';
import { registerBodyDeadline } from './http/body-deadline.ts';
import { registerExpectContinue } from './http/expect-continue.ts';
import { registerIdleWhileWorking } from './http/idle-while-working.ts';
import { registerShutdownAnswer } from './http/shutdown-answer.ts';
import { answerClientError } from './http/client-errors.ts';
import { registerCompression } from './http/compression.ts';
import { registerQueryEncoding } from './http/query-encoding.ts';
import { registerSingleQueryValues } from './http/single-query-values.ts';
import { registerNoStore } from './http/no-store.ts';
import { answerError, registerErrorHandler } from './http/error-handler.ts';
import { healthRoutes } from './http/health.ts';
import { answerInTheWrite, claimingWithTheWrite, purgeExpiredIdempotencyKeys, registerIdempotency } from './http/idempotency.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { registerTextGuard } from './http/text-guard.ts';
import { isTrustworthyOrigin } from './http/trustworthy-origin.ts';
import { registerWebApp } from './http/web-app.ts';
import { createBlobStorage, imageSources } from './images/blob-storage.ts';
import { createS3BlobStore } from './images/s3-blob-store.ts';
import { endAllLinksOfUser } from './oauth/oauth.queries.ts';
import { createImagesPresenter } from './images/image.presenter.ts';
import { createImageSweep } from './images/image-sweep.ts';
import { imagesRoutes } from './images/images.routes.ts';
import { createImageService } from './images/images.service.ts';
import { createLocalBlobStore } from './images/local-blob-store.ts';
import { createMediaService } from './images/media.ts';
import { createMediaUrls } from './images/media-urls.ts';
import { createItemPresenter } from './items/item.presenter.ts';
import { itemLiveSources } from './items/items.live.ts';
import { itemsRoutes } from './items/items.routes.ts';
import { createItemService } from './items/items.service.ts';
import { listLiveSources } from './lists/lists.live.ts';
import { listsRoutes } from './lists/lists.routes.ts';
import { createListService } from './lists/lists.service.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { MAINTENANCE_INTERVAL_MS, startMaintenance } from './maintenance.ts';
import { createRealtime, realtimeRoutes, type RealtimeOptions } from './realtime/index.ts';
import { presentShare } from './shares/share.presenter.ts';
import { sharesRoutes } from './shares/shares.routes.ts';
import { createShareService } from './shares/shares.service.ts';

/** Large enough for a batch of 200 long items; photos get their own, larger limit on their routes. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Connection and request bounds (Node's http server): a client that sends its request slowly, or
 * stops reading its answer, is cut off instead of holding a socket and its buffers for ever.
 */
export const HTTP_TIMEOUTS = {
  /** The whole request, headers and body, must arrive within this. */
  requestTimeoutMs: 30_000,
  /** A socket with no traffic either way (e.g. a client that never reads) is closed after this, unless its request is being handled. */
  connectionTimeoutMs: 60_000,
  /**
   * How often Node checks the request timeout. Its default, 30 s, let a request that trickles in a
   * byte at a time run for up to twice the timeout.
   */
  requestTimeoutCheckMs: 1_000,
};

export interface AppDeps {
  config: Pick<
    Config,
    'publicUrl' | 'smtpUrl' | 'mailFrom' | 'aiDefaultEnabled' | 'rateLimitAuth' | 'logLevel' | 'trustProxy' | 'dataDir' | 'storage'
  > &
    Partial<Pick<Config, 'alexa' | 'ai' | 'rateLimitAi' | 'adminEmails'>>;
  database: Database;
  secret: string;
  /** Defaults to SMTP or the log, from config. */
  mailer?: Mailer;
  now?: () => Date;
  /** Where the built web app is; defaults to dist/web. */
  webDistDir?: string;
  /** Live-subscription timings and bounds (tests shorten them). */
  realtime?: RealtimeOptions;
  /** How often expired rows are purged (tests shorten it). */
  maintenanceIntervalMs?: number;
  /** Socket timeouts (tests shorten them). */
  timeouts?: Partial<typeof HTTP_TIMEOUTS>;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Called for every route the app registers (the fuzz test enumerates them). */
  onRoute?: (route: RouteOptions) => void;
  /** Alexa signing certificates to trust without fetching them, by URL (tests sign skill requests with their own). */
  alexaCertificates?: Readonly<Record<string, string>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Work running after its answer (mail); tests drain it. */
    background: Background;
  }
}

/** Builds the whole HTTP application. The caller owns the database and closes it after the app. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const timeouts = { ...HTTP_TIMEOUTS, ...deps.timeouts };
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, ...(deps.logStream ? { stream: deps.logStream } : {}) },
    // Our own access log (http/access-log.ts) writes one line per request, at debug.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    requestTimeout: timeouts.requestTimeoutMs,
    connectionTimeout: timeouts.connectionTimeoutMs,
    http: { connectionsCheckingInterval: timeouts.requestTimeoutCheckMs },
    routerOptions: { maxParamLength: PATH_PARAM_MAX_LENGTH },
    frameworkErrors: answerError,
    // Fastify's own answer is not in our envelope (http/shutdown-answer.ts answers instead).
    return503OnClosing: false,
    clientErrorHandler: answerClientError,
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  registerAccessLog(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only: a text/plain body gets a clear 415 instead of a confusing 400.
  app.removeContentTypeParser('text/plain');
  registerJsonBodyParser(app);
  registerBodyDeadline(app, timeouts.requestTimeoutMs);
  registerExpectContinue(app);
  registerIdleWhileWorking(app);
  registerShutdownAnswer(app);
  registerQueryEncoding(app);
  registerSingleQueryValues(app);
  registerErrorHandler(app);

  const mailer = deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  const background = createBackground(app.log);
  app.decorate('background', background);
  app.addHook('onClose', async () => {
    await background.drain();
    mailer.close();
  });
  const now = deps.now ?? (() => new Date());
  const db = database.db;

  // Photos (server/images/): items carry Listo's signed URLs, made by one signer for REST and
  // live subscriptions alike; the files live in the store STORAGE names.
  const mediaUrls = createMediaUrls({ secret: deps.secret, now });
  const presentItem = createItemPresenter(createImagesPresenter(mediaUrls));
  const storage = createBlobStorage(
    config,
    { local: createLocalBlobStore, s3: createS3BlobStore },
    mediaUrls,
  );
  app.addHook('onClose', async () => storage.store.close());
  const imageSweep = createImageSweep({ db, store: storage.store, now, background });

  // Realtime reads through the features (one read each); features write through its change feed,
  // whose writes also claim the Idempotency-Key of a handler that claims with its write, and
  // store its answer when the route makes it from the write's value.
  const realtime = await createRealtime({
    database: { ...database, inTransaction: claimingWithTheWrite(database.inTransaction) },
    beforeCommit: answerInTheWrite,
    secret: deps.secret,
    now,
    log: app.log,
    options: deps.realtime,
    sources: { ...listLiveSources, ...itemLiveSources(presentItem), shareDoc: presentShare, ...authLiveSources(now) },
  });
  app.addHook('onClose', async () => realtime.close());
  const { changes } = realtime;

  const verification = createEmailVerification({ secret: deps.secret, publicUrl: config.publicUrl, now });
  const lists = createListService({ db, now, changes, presentItem });
  const items = createItemService({ db, now, changes, presentItem });
  const images = createImageService({
    db,
    now,
    changes,
    store: storage.store,
    sweep: imageSweep,
    presentItem,
    quotaBytes: config.storage.quotaBytes,
    log: app.log,
  });
  const media = createMediaService({ storage, urls: mediaUrls, now, log: app.log });
  const shares = createShareService({
    db,
    lists,
    mailer,
    verification,
    publicUrl: config.publicUrl,
    now,
    log: app.log,
    changes,
  });
  const auth = createAuthService({
    db,
    secret: deps.secret,
    mailer,
    background,
    verification,
    publicUrl: config.publicUrl,
    aiDefaultEnabled: config.aiDefaultEnabled,
    now,
    onNewPassword: endAllLinksOfUser,
    onEmailVerified: shares.acceptInvitations,
    changes,
  });
  const loginFailures = createFailureLimiter(config.rateLimitAuth);
  // The voice assistant (issue 11): account linking and the skill.
  const alexa = createAlexa({
    db,
    secret: deps.secret,
    now,
    log: app.log,
    config: config.alexa ?? NO_ALEXA,
    lists,
    items,
    certificates: deps.alexaCertificates,
  });

  // AI (issue 10): the offline assistant unless config names another provider; `none` turns AI off.
  const aiProvider = createAiProvider(config.ai ?? { provider: 'offline' }, app.log);
  app.addHook('onClose', async () => aiProvider?.close());
  const ai = aiProvider && createAiService({ db, now, changes, provider: aiProvider, presentItem });
  const admin = createAdminService({ db, now, changes, adminEmails: config.adminEmails ?? [] });

  const stopMaintenance = startMaintenance({
    intervalMs: deps.maintenanceIntervalMs ?? MAINTENANCE_INTERVAL_MS,
    log: app.log,
    tasks: {
      credentials: () => auth.purgeExpired(),
      'live updates': () => realtime.purge(),
      'idempotency keys': () => purgeExpiredIdempotencyKeys(db, now()),
      'account links': () => alexa.oauth.purgeExpired(),
      'image files': () => imageSweep.sweep(),
    },
  });
  app.addHook('onClose', async () => stopMaintenance());

  // Security headers, with helmet's middleware built once: @fastify/helmet builds it again on every
  // request (2% of an item creation's CPU, issue 13).
  const helmetOptions: HelmetOptions = {
    // Browsers on a LAN address over plain HTTP would otherwise be told to fetch assets over HTTPS.
    contentSecurityPolicy: {
      directives: {
        upgradeInsecureRequests: null,
        formAction: ["'self'", ...alexa.formActionSources],
        // Helmet's defaults also allow any https: origin; the app loads its styles and fonts from
        // itself, and an injected stylesheet must not reach out.
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        imgSrc: imageSources(config.storage),
      },
    },
  };
  const securityHeaders = helmet(helmetOptions);
  // Browsers ignore Cross-Origin-Opener-Policy on an origin that is not secure, with a console
  // error on every page: on a home network's plain-HTTP address it is left out. An HTTPS
  // PUBLIC_URL says browsers come over HTTPS, whatever a proxy in front tells us.
  const insecureOriginHeaders = helmet({ ...helmetOptions, crossOriginOpenerPolicy: false });
  const servedOverHttps = new URL(config.publicUrl).protocol === 'https:';
  app.addHook('onRequest', (request, reply, done) => {
    const secure = servedOverHttps || isTrustworthyOrigin(request.protocol, request.hostname);
    (secure ? securityHeaders : insecureOriginHeaders)(request.raw, reply.raw, () => done());
  });
  await app.register(fastifyRateLimit, { global: false });

  await app.register(
    async (api) => {
      registerAuthentication(api, [auth.authenticate, alexa.oauth.authenticate]);
      registerTextGuard(api);
      registerIdempotency(api, { db, inTransaction: database.inTransaction, now });
      registerCompression(api);
      registerNoStore(api);
      // Deleting an item, a list or an account detaches its images (foreign keys): files go right after.
      api.addHook('onResponse', async (request, reply) => {
        if (request.method === 'DELETE' && reply.statusCode < 300) imageSweep.soon();
      });
      await api.register(healthRoutes(database));
      await api.register(authRoutes(auth, { rateLimitPerMinute: config.rateLimitAuth, background, loginFailures }));
      await api.register(listsRoutes(lists));
      await api.register(sharesRoutes(shares, { inviteLimitPerMinute: config.rateLimitAuth }));
      await api.register(itemsRoutes(items));
      await api.register(aiRoutes(ai, { rateLimitPerMinute: config.rateLimitAi ?? 0 }));
      await api.register(adminRoutes(admin));
      await api.register(imagesRoutes(images, media));
      await api.register(realtimeRoutes(realtime));
      await api.register(alexa.routes({ auth, loginFailures, rateLimitPerMinute: config.rateLimitAuth }));
    },
    { prefix: API_BASE_PATH },
  );

  await registerWebApp(app, deps.webDistDir);
  return app;
}
