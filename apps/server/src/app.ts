import { API_BODY_LIMIT_BYTES, APP_VERSION, LOGIN_RATE_LIMIT_BURST_MS } from '@accueil/domain';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps, CoreDeps, HostDeps } from './app-deps';
import type { BackgroundService } from './app-module';
import { chooseVendors, createCarriers, MODULES, realtimeNamespaces } from './app-registry';
import type { CarrierInbox } from './carriers/messaging/messaging-carrier';
import { storageOnceBuilt } from './carriers/storage/stored-files';
import { withSystemAccess } from './db/tenant-scope';
import type { Config } from './config';
import { refuseUnsafeProduction } from './config-production';
import { openDatabase } from './db/client';
import { moveBlobsToStorage } from './db/move-blobs-to-storage';
import { frameworkErrorHandler, installErrorHandler } from './http/error-handler';
import { installJsonBody } from './http/json-body';
import { installNulTextGuard } from './http/nul-text-guard';
import { describeDocument, describeRoute } from './http/openapi-description';
import { resolveJwtSecret } from './http/jwt-secret';
import { requestTimeoutOptions, type RequestTimeouts } from './http/request-timeouts';
import { createRateLimiter, fastifyRateLimitStore } from './http/rate-limiter';
import { authenticateRequests, enforceDeclaredAccess } from './http/route-access';
import { API_DOCS_CSP, installSecurityHeaders } from './http/security-headers';
import { installSendRateLimit } from './http/send-rate-limit';
import { serveWebApp } from './http/web-app';
import { JOB_LIST } from './jobs/job-list';
import { createJobQueue, type JobQueue } from './jobs/job-queue';
import { jobSender } from './jobs/job-sender';
import { startJobsAfterListen } from './jobs/start-jobs-after-listen';
import { readAccessToken, verifyAccessToken } from './modules/auth/index';
import { afterInboundMedia } from './modules/attachments/index';
import { afterInboundText } from './modules/automations/index';
import { callsVoiceInbox } from './modules/calls/index';
import { sandboxStores } from './modules/sandbox/index';
import { applyCarrierStatus, applyCarrierStatuses, recordInboundText } from './modules/messages/index';
import type { AppInstance } from './http/types';
import { attachRealtime } from './realtime/socket-server';
import { withPollingLog } from './modules/messaging-v1';

export type { AppInstance } from './http/types';

export type BuildAppOptions = {
  /** The built web app to serve with SPA fallback (main passes WEB_DIST_DIR or apps/web/dist). */
  webDistDir?: string | null;
  /** Fastify logger options (default: pino at `LOG_LEVEL`). */
  logger?: FastifyServerOptions['logger'];
  /** Time limits on requests and connections (default `DEFAULT_REQUEST_TIMEOUTS`; tests shorten them). */
  timeouts?: Partial<RequestTimeouts>;
  /** With `DATA_DIR=memory://`: the migrated PGlite data directory to start from (tests; db/client.ts). */
  pgliteTemplate?: Blob;
};

export type BuiltApp = {
  app: AppInstance;
  deps: AppDeps;
  /** Which database runs (printed at start). */
  databaseKind: 'pglite' | 'postgres';
  /** True when the web app is served. */
  servesWebApp: boolean;
  /**
   * The background jobs (pg-boss, `JOB_LIST`): started 3 to 5 s after the server listens (on a
   * new database, before it listens: `startNewJobQueueBeforeListen`, called by `main`); a
   * server that never listens (tests through `app.inject`) starts them with `jobs.start()`.
   */
  jobs: JobQueue;
  /** Closes the HTTP server, the job queue (running jobs finish), realtime and the database. */
  close: () => Promise<void>;
};

/**
 * Builds the whole server from the registry (app-registry.ts): database (migrated), realtime
 * with the namespaces of the modules and the chosen carriers, the carriers, every module's
 * routes and jobs and the carriers' routes, OpenAPI at /api/docs, error answers, route access.
 * Does not listen.
 * Refuses to start (`ready()`/`listen()` reject) when a route under /api declares no access.
 * The resolved JWT secret is in `deps.config.JWT_SECRET`.
 * @throws Error before opening anything when a production configuration would expose the sandbox or the demo.
 */
export async function buildApp(config: Config, opts: BuildAppOptions = {}): Promise<BuiltApp> {
  refuseUnsafeProduction(config);
  const cfg: Config = { ...config, JWT_SECRET: await resolveJwtSecret(config) };
  // The app's logger exists only once Fastify is built, after the database is open.
  let logIdleConnectionError = (error: Error) => console.error('database: idle connection lost', error);
  const database = await openDatabase({
    onIdleConnectionError: (error) => logIdleConnectionError(error),
    databaseUrl: cfg.DATABASE_URL,
    poolSize: cfg.DATABASE_POOL_SIZE,
    dataDir: cfg.DATA_DIR,
    pgliteTemplate: opts.pgliteTemplate,
  });
  const app = Fastify({
    logger: opts.logger ?? { level: cfg.LOG_LEVEL },
    bodyLimit: API_BODY_LIMIT_BYTES,
    ...requestTimeoutOptions(opts.timeouts),
    trustProxy: cfg.TRUST_PROXY,
    // Zod validates and serialises every route: without this, Fastify loads Ajv and
    // fast-json-stringify at each start for nothing (~0.2 s of a restart; see the crash test in docs/benchmarks.md).
    // (Fastify types these factories for Ajv; the zod compilers have the runtime shape they need.)
    schemaController: {
      compilersFactory: {
        buildValidator: (() => validatorCompiler) as never,
        buildSerializer: (() => serializerCompiler) as never,
      },
    },
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  logIdleConnectionError = (err) => app.log.error({ err }, 'database: idle connection lost');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  // First of the request hooks: refusals by later ones (401, 429) carry the headers too.
  installSecurityHeaders(app, cfg.PUBLIC_URL);
  enforceDeclaredAccess(app);
  installJsonBody(app);
  installNulTextGuard(app);

  // The deps are built in stages, each complete (app-deps.ts): core, + realtime, + carriers.
  const core: CoreDeps = { db: database.db, config: cfg, log: app.log };
  const vendors = chooseVendors(cfg);
  const realtime = await attachRealtime(app.server, core, {
    redisUrl: cfg.REDIS_URL,
    namespaces: realtimeNamespaces(vendors),
    presenceGraceMs: cfg.PRESENCE_GRACE_MS,
    presenceSweepMs: cfg.PRESENCE_SWEEP_MS,
  });
  // Open websockets would keep the HTTP server's close waiting: end them first.
  app.addHook('preClose', () => realtime.close());
  // The queue runs handlers with the deps, and use cases send jobs through them: `jobs` reads it when sending.
  // Likewise the storage carrier: the carriers' callbacks (a voicemail's audio) use it once all are built.
  // French organisations' inbox events are also kept for their polling transport (docs/behaviour/france.md).
  const publisher = withPollingLog(realtime.publisher, core);
  app.addHook('preClose', () => publisher.flushed());
  const host: HostDeps = {
    ...core,
    realtime: publisher,
    jobs: jobSender(() => jobs),
    storage: storageOnceBuilt(() => carriers.deps.storage),
  };
  const carriers = await createCarriers(vendors, {
    ...host,
    inbox: messagesInbox(host),
    voiceInbox: callsVoiceInbox(host),
    sandbox: sandboxStores(host),
  });
  const deps: AppDeps = { ...host, ...carriers.deps };
  // Files still kept in the database (before migration 0032) move to the storage carrier first.
  await moveBlobsToStorage(deps);
  // Rate limits are kept in Redis when configured, so they hold across server processes.
  // The send limit runs before authentication: a refused request costs no database query.
  const rateLimiter = await createRateLimiter({ redisUrl: cfg.REDIS_URL, log: app.log });
  installSendRateLimit(app, rateLimiter, cfg, (token) =>
    readAccessToken(cfg.JWT_SECRET ?? '', token).then(
      (c) => ({ userId: c.sub, organizationId: c.org }),
      () => null,
    ),
  );
  authenticateRequests(app, (token) => verifyAccessToken(deps, token));

  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    store: fastifyRateLimitStore(rateLimiter, LOGIN_RATE_LIMIT_BURST_MS),
    skipOnError: true,
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Accueil API', version: APP_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    // Fastify answers HEAD for every GET route: described too.
    exposeHeadRoutes: true,
    transform: describeRoute,
    transformObject: describeDocument,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: API_DOCS_CSP });
  // Every module's routes in the registry's order, then those the chosen carriers bring.
  for (const module of MODULES) await module.routes?.(app, deps);
  for (const routes of carriers.routes) await routes(app);
  const servesWebApp = await serveWebApp(app, opts.webDistDir);

  const jobs = createJobQueue({ database, deps, jobs: JOB_LIST, log: app.log });
  const jobsStart = startJobsAfterListen(app, jobs);
  // The modules' long-running tasks (the mailboxes' IDLE watches) live while the server listens.
  let services: BackgroundService[] = [];
  app.addHook('onListen', (done) => {
    services = MODULES.flatMap((module) => (module.services ?? []).map((start) => start(deps)));
    done();
  });

  const close = async () => {
    jobsStart.cancel();
    await app.close();
    await Promise.all(services.map((service) => service.stop()));
    await jobs.stop();
    await realtime.close();
    await rateLimiter.close();
    await database.close();
  };
  return { app, deps, databaseKind: database.kind, servesWebApp, jobs, close };
}

/**
 * Where the carriers hand what they receive: the messages module's ingest use cases. Both find
 * their organisation from what the carrier sent (the team by the number texted, the message by
 * the carrier's id), so they run with named access across organisations (db/tenant-scope.ts).
 */
function messagesInbox(deps: HostDeps): CarrierInbox {
  return {
    recordInboundText: (text) =>
      withSystemAccess('inbound-webhook', async () => {
        const stored = await recordInboundText(deps, text);
        await afterInboundMedia(deps, text, stored);
        await afterInboundText(deps, stored);
        return stored;
      }),
    applyCarrierStatus: (update) =>
      withSystemAccess('carrier-status', () => applyCarrierStatus(deps, update)),
    applyCarrierStatuses: (updates) =>
      withSystemAccess('carrier-status', () => applyCarrierStatuses(deps, updates)),
  };
}
