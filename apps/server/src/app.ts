import { setReportZoneRules } from '@openrescue/shared';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createAuth } from './auth/auth.js';
import { resolveAuthSecret } from './auth/auth-secret.js';
import { authRoutes } from './auth/auth.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { dashboardExportRoutes } from './modules/dashboard-export/dashboard-export.routes.js';
import { createTokenVerifier } from './auth/token-verifier.js';
import type { Env } from './config/env.js';
import { type AppContext, createRepositories } from './context.js';
import { securityHeaders } from './plugins/security-headers.js';
import { LOG_REDACT_PATHS, logSerializers } from './lib/log-redaction.js';
import type { Database } from './db/connection.js';
import { databaseZoneRules } from './db/zone-rules.js';
import { companyUsersRoutes } from './modules/company-users/company-users.routes.js';
import { documentsRoutes } from './modules/documents/documents.routes.js';
import { setUpDocuments } from './modules/documents/documents.setup.js';
import { companyReportRoutes } from './modules/company-report/company-report.routes.js';
import { setUpCompanyReport } from './modules/company-report/company-report.setup.js';
import { createJobEvents } from './events/job-events.js';
import { createJobLocks } from './jobs/job-locks.js';
import { createJobRunner } from './jobs/job-runner.js';
import { jobsRoutes } from './modules/jobs/jobs.routes.js';
import { liveRoutes } from './modules/live/live.routes.js';
import { setUpLive } from './modules/live/live.setup.js';
import { publishingRoutes } from './modules/publishing/publishing.routes.js';
import { setUpPublishing } from './modules/publishing/publishing.setup.js';
import { lookupsRoutes } from './modules/lookups/lookups.routes.js';
import { registerMailOutbox } from './modules/mailing/mailing.outbox.js';
import { mailingRoutes } from './modules/mailing/mailing.routes.js';
import { metricsRoutes } from './modules/metrics/metrics.routes.js';
import { mapConnectSources } from './modules/network/network.config.js';
import { networkImportRoutes } from './modules/network/network-import.routes.js';
import { networkRoutes } from './modules/network/network.routes.js';
import { setUpNetwork } from './modules/network/network.setup.js';
import { transcriptsRoutes } from './modules/transcripts/transcripts.routes.js';
import { setUpTranscripts } from './modules/transcripts/transcripts.setup.js';
import { flowsRoutes } from './modules/flows/flows.routes.js';
import { setUpFlows } from './modules/flows/flows.setup.js';
import { publicLinksRoutes } from './modules/public-links/public-links.routes.js';
import { verifyReadonlyToken } from './modules/public-links/public-links.service.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { receiverUsersRoutes } from './modules/receiver-users/receiver-users.routes.js';
import { scheduleIdempotencyPruning } from './modules/retail/idempotency.js';
import { noPickupRoutes } from './modules/retail/no-pickup.routes.js';
import { bulkScanCorrectionRoutes } from './modules/retail/bulkscan-correction.routes.js';
import { retailRoutes } from './modules/retail/retail.routes.js';
import { sessionRoutes } from './modules/session/session.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { accessPlugin, type RouteRecord } from './plugins/access.js';
import { registerCompression } from './plugins/compression.js';
import { registerDocs } from './plugins/docs.js';
import { registerLoadShedding } from './plugins/load-shedding.js';
import { refuseSlowBodies } from './plugins/slow-bodies.js';
import { refuseCrossSite } from './plugins/cross-site.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { refuseNulText } from './plugins/nul-text.js';
import { registerWeb } from './plugins/web.js';
import { dashboardFirstView } from './modules/company-users/dashboard-first-view.js';
import { publicAppConfig } from './modules/system/app-config.js';
import { databaseRateLimitStore } from './plugins/database-rate-limit-store.js';
import { createDatabaseFileStore } from './storage/database-file-store.js';
import { createFileStore } from './storage/file-store.js';

const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 120_000;

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface BuildOptions {
  env: Env;
  database: Database;
  /** The address browsers use; defaults to http://localhost:{PORT}. */
  origin?: string;
  /** false silences the server; a stream receives the production log lines (tests read them). */
  logger?: false;
  logStream?: NodeJS.WritableStream;
  /** The data folder (published files go to its files/ folder); defaults to DATA_DIR from the start folder. */
  dataDir?: string;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  routes: RouteRecord[];
  /**
   * Starts and prepares the render threads a first request would otherwise wait for (the company report's, decision
   * 0077); main.ts calls it once the server listens. Test apps leave it out: their threads start on demand. Resolves
   * once they are prepared.
   */
  warmThreads(): Promise<void>;
}

/**
 * Background work of a built app: job notifications, leftovers of crashed writes, and the job runner, which resumes
 * every unfinished job and runs the start-up tasks. main.ts calls it once the server listens; the test app once it
 * is ready, without the start-up tasks (on a copied demo they would race the test's own reads).
 */
export async function startBackgroundWork(ctx: AppContext, options: { startUpTasks?: boolean } = {}): Promise<void> {
  await ctx.jobEvents.start();
  await ctx.files.clearTemporary();
  await ctx.jobRunner.start(options);
}

/**
 * The whole server: plugins first, then the modules' threads, pools and job handlers (their *.setup.ts), then their
 * routes. Tests build exactly this and call `inject`.
 */
export async function buildApp(options: BuildOptions): Promise<BuiltApp> {
  const { env, database } = options;
  // Days become instants by the database's time zone rules, as its rollups do (decision 0085).
  setReportZoneRules(await databaseZoneRules(database));
  const origin = (options.origin ?? env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: env.LOG_LEVEL,
            redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
            serializers: logSerializers,
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 2 * 1024 * 1024,
    // Backstops behind the body rate check (plugins/slow-bodies.ts): a request's head within 10 s, the whole request
    // within 2 minutes (receiving it: answers and live streams are not limited); looked at every second.
    requestTimeout: REQUEST_TIMEOUT_MS,
    http: { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: 1000 },
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  refuseNulText(app);

  const secret = await resolveAuthSecret(database, env.AUTH_SECRET);
  const auth = createAuth({
    env,
    db: database.db,
    baseURL: origin,
    secret,
    log: (level, message) => app.log[level]({ source: 'auth' }, message),
    onSessionEnded: (chainId) => verifyToken.sessionEnded(chainId),
  });
  const verifyToken = createTokenVerifier(auth, origin, database.db);
  const dataDir = options.dataDir ?? resolve(process.env.INIT_CWD ?? process.cwd(), env.DATA_DIR);
  // Published files are fsynced where the database is durable too (PostgreSQL); PGlite runs with fsync off.
  const files =
    (env.FILE_STORE ?? (database.kind === 'postgres' ? 'database' : 'folder')) === 'database'
      ? createDatabaseFileStore(database.db)
      : createFileStore(join(dataDir, 'files'), { sync: database.kind === 'postgres' });
  const jobEvents = createJobEvents(database, app.log);
  const jobLocks = createJobLocks(database, app.log);
  const jobRunner = createJobRunner({ db: database.db, locks: jobLocks, log: app.log });
  const ctx: AppContext = {
    env,
    database,
    auth,
    verifyToken,
    origin,
    repos: createRepositories(database),
    files,
    jobEvents,
    jobRunner,
  };
  const routes: RouteRecord[] = [];
  // Before the server stops listening: the files in hand finish (and commit), no new ones start.
  app.addHook('preClose', async () => jobRunner.stop());
  app.addHook('onClose', async () => {
    await jobLocks.close();
    await jobEvents.close();
  });

  securityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", ...mapConnectSources()],
        workerSrc: ["'self'", 'blob:'],
        formAction: ["'self'", ...(env.OIDC_ISSUER ? [new URL(env.OIDC_ISSUER).origin] : [])],
        upgradeInsecureRequests: null,
      },
    },
  });
  await registerLoadShedding(app, { maxInFlight: env.MAX_IN_FLIGHT, maxPerAddress: env.MAX_IN_FLIGHT_PER_ADDRESS });
  refuseSlowBodies(app);
  await registerCompression(app);
  await app.register(cookie);
  refuseCrossSite(app, { origin, fixed: Boolean(env.PUBLIC_URL), production: env.NODE_ENV === 'production' });
  // Counted in the database: every server process keeps to one limit (issue 10).
  await app.register(rateLimit, { global: false, hook: 'preHandler', store: databaseRateLimitStore(database.db) });
  await app.register(accessPlugin, {
    auth,
    verifyToken,
    verifyReadonly: (value) => verifyReadonlyToken(ctx, value),
    production: env.NODE_ENV === 'production',
    routes,
  });
  const sessionCookie = (await auth.$context).authCookies.sessionToken.name;
  const serverUrl = env.PUBLIC_URL ? origin : '/';
  await registerDocs(app, { productName: env.PRODUCT_NAME, serverUrl, sessionCookie });

  // Background work and the threads the routes use; route files declare routes only.
  const { downloads, posterPdf } = setUpDocuments(app, ctx);
  const companyReports = setUpCompanyReport(app, ctx);
  registerMailOutbox(app, ctx);
  setUpPublishing(app, ctx);
  const hub = setUpLive(app, ctx);
  setUpTranscripts(app, ctx);
  setUpFlows(ctx);
  setUpNetwork(ctx);
  scheduleIdempotencyPruning(app, database.db);

  await app.register(authRoutes, { auth, origin, env });
  await app.register(systemRoutes, { ctx });
  await app.register(sessionRoutes, { ctx });
  await app.register(companyUsersRoutes, { ctx });
  await app.register(receiverUsersRoutes, { ctx });
  await app.register(jobsRoutes, { ctx });
  await app.register(reportsRoutes, { ctx });
  await app.register(dashboardExportRoutes, { ctx });
  await app.register(lookupsRoutes, { ctx });
  await app.register(metricsRoutes, { ctx });
  await app.register(documentsRoutes, { ctx, downloads, posterPdf });
  await app.register(companyReportRoutes, { ctx, pool: companyReports.pool });
  await app.register(retailRoutes, { ctx });
  await app.register(bulkScanCorrectionRoutes, { ctx });
  await app.register(auditRoutes, { ctx });
  await app.register(noPickupRoutes, { ctx });
  await app.register(mailingRoutes, { ctx });
  await app.register(publicLinksRoutes, { ctx });
  await app.register(publishingRoutes, { ctx });
  await app.register(liveRoutes, { hub });
  await app.register(networkRoutes, { ctx });
  await app.register(networkImportRoutes, { ctx });
  await app.register(transcriptsRoutes, { ctx });
  await app.register(flowsRoutes, { ctx });

  await registerWeb(app, env.WEB_DIST ?? DEFAULT_WEB_DIST, publicAppConfig(env), (cookie) =>
    dashboardFirstView(ctx, cookie),
  );
  return {
    app,
    ctx,
    routes,
    warmThreads: () => {
      companyReports.pool.warm({ prepare: true, threads: 1 });
      return companyReports.pool.prepared();
    },
  };
}
