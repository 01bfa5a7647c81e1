import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import helmet, { type HelmetOptions } from 'helmet';
import { API_BASE_PATH, PATH_PARAM_MAX_LENGTH } from '../common/constants.ts';
import { PUSH_WINDOW_MS } from '../common/push.ts';
import { STORE_TRIP_GAP_MS } from '../common/store-order.ts';
import { accessTokenRoutes } from './access-tokens/access-tokens.routes.ts';
import { createAccessTokenService } from './access-tokens/access-tokens.service.ts';
import { deleteTokensOfUser } from './access-tokens/access-tokens.queries.ts';
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
import { registerAnswerContract } from './http/answer-contract.ts';
import { documentErrors, openApiRoutes, registerOpenApi } from './http/openapi.ts';
import { serializeAnswer } from './http/serialize-answer.ts';
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
import { registerIdempotency } from './http/idempotency.ts';
import { createChangeFeed } from './writes/change-feed.ts';
import { purgeExpiredIdempotencyKeys } from './writes/idempotency-store.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { registerTextGuard } from './http/text-guard.ts';
import { isTrustworthyOrigin } from './http/trustworthy-origin.ts';
import { registerWebApp } from './http/web-app.ts';
import { createBlobStorage, imageSources } from './images/blob-storage.ts';
import { createS3BlobStore } from './images/s3-blob-store.ts';
import { oidcRoutes } from './oidc/oidc.routes.ts';
import { createOidcService } from './oidc/oidc.service.ts';
import { createProviderRegistry, type ProviderRegistryOptions } from './oidc/providers.ts';
import { createAppClients } from './oauth/app-clients.ts';
import { createAppGrants } from './oauth/app-grants.ts';
import { appOAuthRoutes } from './oauth/apps.routes.ts';
import { createClientDocuments, type ClientDocumentOptions } from './oauth/client-documents.ts';
import { discoveryRoutes } from './oauth/discovery.routes.ts';
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
import { storeOrderRoutes } from './store-order/store-order.routes.ts';
import { createStoreOrderService } from './store-order/store-order.service.ts';
import { createClearService } from './items/clear.service.ts';
import { undoRoutes } from './undo/undo.routes.ts';
import { createUndoService } from './undo/undo.service.ts';
import { listLiveSources } from './lists/lists.live.ts';
import { MCP_OPENAPI_PATHS } from './mcp/mcp.openapi.ts';
import { mcpRoutes } from './mcp/mcp.routes.ts';
import { listsRoutes } from './lists/lists.routes.ts';
import { createListService } from './lists/lists.service.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { MAINTENANCE_INTERVAL_MS, startMaintenance } from './maintenance.ts';
import { defaultSubject } from './push/push.config.ts';
import { pushAgent } from './push/endpoint.ts';
import { deleteSessionSubscriptions } from './push/push.queries.ts';
import { pushRoutes } from './push/push.routes.ts';
import { createPushService, type PushService } from './push/push.service.ts';
import { createPushSender, type PushSender } from './push/sender.ts';
import { newVapidKeys, type VapidKeys } from './push/vapid.ts';
import { createRealtime, realtimeRoutes, type RealtimeOptions } from './realtime/index.ts';
import { createSharePresenter } from './shares/share.presenter.ts';
import { createExportService } from './transfer/export.service.ts';
import { createImportService } from './transfer/import.service.ts';
import { transferRoutes } from './transfer/transfer.routes.ts';
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
    Partial<Pick<Config, 'alexa' | 'ai' | 'rateLimitAi' | 'adminEmails' | 'push' | 'oidc' | 'storeTripGapMs' | 'oauthApps'>>;
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
  /** Told of every answer that breaks its route's documented answer (tests: server/http/answer-contract.ts). */
  answerContract?: (breach: string) => void;
  /** Called for every route the app registers (the fuzz test enumerates them). */
  onRoute?: (route: RouteOptions) => void;
  /** The VAPID key pair (server/push/vapid.ts); tests that pass none get a pair of their own. */
  vapid?: VapidKeys;
  /** A certificate the push requests trust (tests run a push service of their own). */
  pushCa?: string;
  /** Alexa signing certificates to trust without fetching them, by URL (tests sign skill requests with their own). */
  alexaCertificates?: Readonly<Record<string, string>>;
  /** Identity providers' discovery retries and requests (tests shorten the one and tamper with the other). */
  oidcProviders?: Omit<ProviderRegistryOptions, 'log'>;
  /** How apps' client metadata documents are fetched (tests answer DNS themselves and shorten the time limit). */
  clientDocuments?: Pick<ClientDocumentOptions, 'lookup' | 'timeoutMs'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Work running after its answer (mail); tests drain it. */
    background: Background;
    /** Notifications; tests send the windows that are over without waiting for the timer. */
    push: Pick<PushService, 'sendDue'>;
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
    // Fastify sends the reply; what the hook answers (the reply, a thenable) is not waited for.
    frameworkErrors: (error, request, reply) => void answerError(error, request, reply),
    // Fastify's own answer is not in our envelope (http/shutdown-answer.ts answers instead).
    return503OnClosing: false,
    clientErrorHandler: answerClientError,
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  registerAccessLog(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializeAnswer);
  if (deps.answerContract) registerAnswerContract(app, deps.answerContract);
  await registerOpenApi(app, MCP_OPENAPI_PATHS);
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

  // Realtime reads through the features (one read each); features write through the change feed
  // (server/writes/change-feed.ts), which tells realtime's bus after each write, claims the
  // Idempotency-Key of a handler that claims with its write, and stores its answer with the change.
  const presentShare = createSharePresenter({ secret: deps.secret, publicUrl: config.publicUrl, now });
  const realtime = await createRealtime({
    database,
    secret: deps.secret,
    now,
    log: app.log,
    options: deps.realtime,
    sources: { ...listLiveSources, ...itemLiveSources(presentItem), shareDoc: presentShare, ...authLiveSources(now) },
  });
  app.addHook('onClose', async () => realtime.close());
  const changes = createChangeFeed({ inTransaction: database.inTransaction, bus: realtime.bus, now });

  // Notifications (server/push/): item changes gathered per list, invitations and pings at once.
  const vapid = deps.vapid ?? newVapidKeys();
  const pushConfig = config.push ?? { vapid: undefined, subject: undefined, allowLoopback: false, windowMs: PUSH_WINDOW_MS };
  const agent = pushAgent({ allowLoopback: pushConfig.allowLoopback, ca: deps.pushCa });
  const sendPush: PushSender = createPushSender({ vapid, subject: pushConfig.subject ?? defaultSubject(config.publicUrl, config.mailFrom), agent });
  const push = createPushService({
    db,
    inTransaction: database.inTransaction,
    now,
    publicUrl: config.publicUrl,
    publicKey: vapid.publicKey,
    windowMs: pushConfig.windowMs,
    allowLoopback: pushConfig.allowLoopback,
    send: sendPush,
    background,
    log: app.log,
  });
  push.start();
  app.decorate('push', push);
  app.addHook('onClose', async () => {
    push.close();
    agent.destroy();
  });

  const verification = createEmailVerification({ secret: deps.secret, publicUrl: config.publicUrl, now });
  const lists = createListService({ db, now, changes, presentItem });
  const storeOrder = createStoreOrderService({ db, now, changes, tripGapMs: config.storeTripGapMs ?? STORE_TRIP_GAP_MS });
  const items = createItemService({ db, now, changes, presentItem, onItemsChanged: push.itemsChanged, storeOrder });
  const clear = createClearService({ db, now, changes });
  const undo = createUndoService({ db, now, changes, presentItem });
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
  const imports = createImportService({ db, now, changes, store: storage.store });
  const exports = createExportService({ db, now, store: storage.store });
  const media = createMediaService({ storage, urls: mediaUrls, now, log: app.log });
  const shares = createShareService({
    db,
    lists,
    mailer,
    verification,
    publicUrl: config.publicUrl,
    secret: deps.secret,
    presentShare,
    now,
    log: app.log,
    changes,
    onInvitedMember: push.invited,
  });
  const accessTokens = createAccessTokenService({ db, secret: deps.secret, now, changes });
  const auth = createAuthService({
    db,
    secret: deps.secret,
    mailer,
    background,
    verification,
    publicUrl: config.publicUrl,
    aiDefaultEnabled: config.aiDefaultEnabled,
    now,
    onSignOut: deleteSessionSubscriptions,
    // A new password, like a disabled account, ends what acts for the person: linked apps and tokens.
    endLinkedApps: async (trx, userId) => {
      await endAllLinksOfUser(trx, userId);
      await deleteTokensOfUser(trx, userId);
    },
    onEmailVerified: shares.acceptInvitations,
    passwordLogin: config.oidc?.passwordLogin ?? true,
    changes,
  });
  // Sign-in with identity providers: one that cannot be reached now is retried in the background.
  const oidcProviders = createProviderRegistry(config.oidc?.providers ?? [], { log: app.log, ...deps.oidcProviders });
  app.addHook('onClose', async () => oidcProviders.close());
  await oidcProviders.start();
  const oidc = createOidcService({
    db,
    secret: deps.secret,
    publicUrl: config.publicUrl,
    passwordLogin: config.oidc?.passwordLogin ?? true,
    auth,
    providers: oidcProviders,
    now,
    log: app.log,
  });
  const loginFailures = createFailureLimiter(config.rateLimitAuth);
  // The voice assistant (docs/api.md, "Voice assistant"): account linking and the skill.
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

  // Apps connecting by OAuth (docs/api.md, "Apps connecting by OAuth"): registration and consent.
  const allowLoopback = config.oauthApps?.allowLoopbackDocuments ?? false;
  const appClients = createAppClients({
    db,
    now,
    allowLoopback,
    log: app.log,
    documents: createClientDocuments({ allowLoopback, now, ...deps.clientDocuments }),
  });
  const appGrants = createAppGrants({ db, secret: deps.secret, now, clients: appClients, publicUrl: config.publicUrl });

  // AI (docs/api.md, "AI"): the offline assistant unless config names another provider; `none` turns AI off.
  const aiProvider = createAiProvider(config.ai ?? { provider: 'offline' }, app.log);
  app.addHook('onClose', async () => aiProvider?.close());
  const ai = aiProvider && createAiService({ db, now, changes, provider: aiProvider, presentItem });
  const admin = createAdminService({
    db,
    now,
    changes,
    adminEmails: config.adminEmails ?? [],
    accounts: auth,
    facts: {
      database: database.dialect,
      storageDriver: config.storage.driver,
      mail_configured: Boolean(config.smtpUrl),
      ai_provider: config.ai?.provider ?? 'offline',
    },
    isGroupAdmin: oidc.isGroupAdmin,
  });

  const stopMaintenance = startMaintenance({
    intervalMs: deps.maintenanceIntervalMs ?? MAINTENANCE_INTERVAL_MS,
    log: app.log,
    tasks: {
      credentials: () => auth.purgeExpired(),
      'live updates': () => realtime.purge(),
      'idempotency keys': () => purgeExpiredIdempotencyKeys(db, now()),
      'account links': () => alexa.oauth.purgeExpired(),
      'access tokens': () => accessTokens.purgeExpired(),
      'unused app registrations': () => appClients.purgeUnused(),
      'provider sign-ins': () => oidc.purgeExpired(),
      'invitation links': () => shares.purgeEndedLinks(),
      'image files': () => imageSweep.sweep(),
      notifications: () => push.purgeExpired(),
      // The images of the records that expire are swept in the next round.
      'undo records': () => undo.purgeExpired(),
    },
  });
  app.addHook('onClose', async () => stopMaintenance());

  // Security headers, with helmet's middleware built once: @fastify/helmet builds it again on every
  // request (2% of an item creation's CPU).
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
  const authenticators = [auth.authenticate, accessTokens.authenticate, alexa.oauth.authenticate];

  await app.register(
    async (api) => {
      documentErrors(api);
      registerAuthentication(api, authenticators, { publicUrl: config.publicUrl });
      registerTextGuard(api);
      registerIdempotency(api, { db, inTransaction: database.inTransaction, now });
      registerCompression(api);
      registerNoStore(api);
      // Deleting an item, a list or an account detaches its images (foreign keys): files go right after.
      api.addHook('onResponse', async (request, reply) => {
        if (request.method === 'DELETE' && reply.statusCode < 300) imageSweep.soon();
      });
      await api.register(openApiRoutes);
      await api.register(healthRoutes(database));
      await api.register(
        authRoutes(auth, { rateLimitPerMinute: config.rateLimitAuth, background, loginFailures, endProviderSession: oidc.endSessionUrl }),
      );
      await api.register(oidcRoutes(oidc, { publicUrl: config.publicUrl, rateLimitPerMinute: config.rateLimitAuth, loginFailures }));
      await api.register(listsRoutes(lists));
      await api.register(sharesRoutes(shares, { inviteLimitPerMinute: config.rateLimitAuth }));
      await api.register(itemsRoutes(items, clear));
      await api.register(storeOrderRoutes(storeOrder));
      await api.register(undoRoutes(undo));
      await api.register(aiRoutes(ai, { rateLimitPerMinute: config.rateLimitAi ?? 0 }));
      await api.register(adminRoutes(admin));
      await api.register(pushRoutes(push));
      await api.register(imagesRoutes(images, media));
      await api.register(transferRoutes(imports, exports));
      await api.register(realtimeRoutes(realtime));
      await api.register(alexa.routes({ auth, loginFailures, rateLimitPerMinute: config.rateLimitAuth, publicUrl: config.publicUrl }));
      await api.register(accessTokenRoutes(accessTokens));
      // RATE_LIMIT_AUTH=0 turns the limits on accounts' creation off, and so this one on apps' registrations.
      await api.register(appOAuthRoutes(appClients, appGrants, { limitRegistrations: config.rateLimitAuth > 0 }));
    },
    { prefix: API_BASE_PATH },
  );
  await app.register(discoveryRoutes(config.publicUrl));
  // The MCP server (docs/api.md, "MCP"): the same services, as the caller's actor.
  await app.register(
    mcpRoutes({
      authenticators,
      publicUrl: config.publicUrl,
      credentialsEnded: realtime.onCredentialsEnded,
      services: { lists, items, shares },
      ai,
      rateLimitAi: config.rateLimitAi ?? 0,
      log: app.log,
    }),
  );

  await registerWebApp(app, deps.webDistDir);
  return app;
}
