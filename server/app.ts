import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_BASE_PATH, APP_VERSION, PATH_PARAM_MAX_LENGTH } from '../common/constants.ts';
import type { HealthView } from '../common/schemas/api.ts';
import { createAccess } from './access/access.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { createAuthService } from './auth/auth.service.ts';
import type { Config } from './config.ts';
import type { Database } from './db/open.ts';
import { registerAuthentication } from './http/authenticate.ts';
import { answerClientError } from './http/client-errors.ts';
import { answerError, registerErrorHandler } from './http/error-handler.ts';
import { registerIdempotency } from './http/idempotency.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { registerTextGuard } from './http/text-guard.ts';
import { registerWebApp } from './http/web-app.ts';
import { itemsRoutes } from './items/items.routes.ts';
import { createItemService } from './items/items.service.ts';
import { listsRoutes } from './lists/lists.routes.ts';
import { createListService } from './lists/lists.service.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createRealtime, type RealtimeOptions } from './realtime/realtime.ts';
import { realtimeRoutes } from './realtime/realtime.routes.ts';
import { sharesRoutes } from './shares/shares.routes.ts';
import { createShareService } from './shares/shares.service.ts';

/** Large enough for a batch of 200 long items; photos get their own, larger limit on their routes. */
const BODY_LIMIT_BYTES = 1024 * 1024;

export interface AppDeps {
  config: Pick<Config, 'publicUrl' | 'smtpUrl' | 'mailFrom' | 'aiDefaultEnabled' | 'rateLimitAuth' | 'logLevel' | 'trustProxy'>;
  database: Database;
  secret: string;
  /** Defaults to SMTP or the log, from config. */
  mailer?: Mailer;
  now?: () => Date;
  /** Where the built web app is; defaults to dist/web. */
  webDistDir?: string;
  /** Live-subscription timings and bounds (tests shorten them). */
  realtime?: RealtimeOptions;
  /** Called for every route the app registers (the fuzz test enumerates them). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the whole HTTP application. The caller owns the database and closes it after the app. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: PATH_PARAM_MAX_LENGTH },
    frameworkErrors: answerError,
    clientErrorHandler: answerClientError,
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only: a text/plain body gets a clear 415 instead of a confusing 400.
  app.removeContentTypeParser('text/plain');
  registerJsonBodyParser(app);
  registerErrorHandler(app);

  const mailer = deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  app.addHook('onClose', async () => mailer.close());
  const now = deps.now ?? (() => new Date());
  const realtime = await createRealtime({ database, secret: deps.secret, now, log: app.log, options: deps.realtime });
  app.addHook('onClose', async () => realtime.close());
  const access = createAccess(database.db);
  const { changes } = realtime;
  const lists = createListService({ db: database.db, access, now, changes });
  const items = createItemService({ db: database.db, access, now, changes });
  const shares = createShareService({
    db: database.db,
    access,
    lists,
    mailer,
    publicUrl: config.publicUrl,
    now,
    log: app.log,
    changes,
  });
  const auth = createAuthService({
    db: database.db,
    secret: deps.secret,
    mailer,
    publicUrl: config.publicUrl,
    aiDefaultEnabled: config.aiDefaultEnabled,
    now,
    onUserCreated: shares.acceptInvitations,
    changes,
  });

  await app.register(fastifyHelmet, {
    // Browsers on a LAN address over plain HTTP would otherwise be told to fetch assets over HTTPS.
    contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } },
  });
  await app.register(fastifyRateLimit, { global: false });

  await app.register(
    async (api) => {
      registerAuthentication(api, auth);
      registerTextGuard(api);
      registerIdempotency(api, { db: database.db, now });
      api.get('/health', { config: { public: true } }, async () => {
        return { status: 'ok', database: database.dialect, version: APP_VERSION } satisfies HealthView;
      });
      await api.register(authRoutes(auth, { rateLimitPerMinute: config.rateLimitAuth }));
      await api.register(listsRoutes(lists));
      await api.register(sharesRoutes(shares, { inviteLimitPerMinute: config.rateLimitAuth }));
      await api.register(itemsRoutes(items));
      await api.register(realtimeRoutes(realtime));
    },
    { prefix: API_BASE_PATH },
  );

  await registerWebApp(app, deps.webDistDir);
  return app;
}
