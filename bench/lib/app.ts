/**
 * The real product for a benchmark: migrations, the benchmark's own data, the whole Fastify app (with the built web
 * app when asked) listening on a free loopback port. Sign-in through the real auth routes (accessToken, sessionCookie)
 * is test support: apps/server/src/test-support/processes/server-process.ts.
 */
import { defaultDashboardBounds } from '@openrescue/shared';
import { buildApp, DEFAULT_WEB_DIST } from '../../apps/server/src/app.js';
import { loadEnv } from '../../apps/server/src/config/env.js';
import type { AppContext } from '../../apps/server/src/context.js';
import { openDatabase, type Database } from '../../apps/server/src/db/connection.js';
import { migrate } from '../../apps/server/src/db/migrate.js';
import { ensureDemoAccounts } from '../../apps/server/src/demo-accounts.js';
import { freePort } from '../../apps/server/src/test-support/processes/server-process.js';

export type BenchApp = {
  base: string;
  ctx: AppContext;
  database: Database;
  close: () => Promise<void>;
};

export async function startBenchApp(options: {
  /** A PostgreSQL server; without it PGlite in memory (a worker thread, as `npm start`). */
  databaseUrl?: string;
  /** Serve the built web app (apps/web/dist) as `npm start` does. */
  web?: boolean;
  env?: Record<string, string>;
  /** Fills the database before the app starts (demo network, bench network, organizations…). */
  load?: (database: Database) => Promise<void>;
  /** Runs with the app's context once it is built (e.g. prepareDemo). */
  prepare?: (ctx: AppContext) => Promise<void>;
}): Promise<BenchApp> {
  const database = await openDatabase(
    options.databaseUrl ? { databaseUrl: options.databaseUrl, poolSize: 10 } : { dataDir: null },
  );
  await migrate(database);
  await options.load?.(database);
  const env = loadEnv({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    WEB_DIST: options.web ? DEFAULT_WEB_DIST : '/nonexistent',
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    ...options.env,
  });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The auth library trusts its own origin only, so the app is built for the address it will listen on.
  const { app, ctx } = await buildApp({ env, database, logger: false, origin: base });
  await ensureDemoAccounts(ctx.auth);
  await options.prepare?.(ctx);
  await app.listen({ port, host: '127.0.0.1' });
  return {
    base,
    ctx,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export const DEMO_LOGINS = {
  staff: ['staff@openrescue.test', 'demo-staff'],
  company: ['company@openrescue.test', 'demo-company'],
  store: ['store@openrescue.test', 'demo-store'],
} as const;

/** What the browser sends: JSON wanted, compression accepted, the bearer token of the signed-in user. */
export const browserHeaders = (token?: string): Record<string, string> => ({
  accept: 'application/json',
  'accept-encoding': 'gzip, deflate, br',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

const dashboardBounds = defaultDashboardBounds();
/** The client dashboard's totals request as it opens for the company user: company 1, the default range, by department. */
export const DASHBOARD_TOTALS_PATH =
  `/core-api/api/retail/reports/donation_totals?entry_time__gte=${dashboardBounds.from}` +
  `&entry_time__lte=${dashboardBounds.to}&from_company_id=1&annotate=from_department_id&annotate_metrics=true&page_size=10000`;
