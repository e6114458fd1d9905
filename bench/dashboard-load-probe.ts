/**
 * The dashboard endpoint alone under 50 connections, on one PGlite server: a quick probe for A/B builds (the whole
 * figure, beside PostgreSQL, is api-load-bench.ts). Seeds a data folder on first use; reuse it with DASH_DIR.
 * Usage: [DASH_DIR=<data folder>] [ROUNDS=2] [PROF=<dir for --cpu-prof>] npx tsx bench/dashboard-load-probe.ts
 * Build the server first (npm run build -w apps/server); alternate builds between runs.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { accessToken, freePort, startServer } from '../apps/server/src/test-support/processes/server-process.js';
import { browserHeaders, DASHBOARD_TOTALS_PATH, DEMO_LOGINS } from './lib/app.js';
import { settle } from './lib/server-process.js';

const dataDir = process.env.DASH_DIR ?? mkdtempSync(join(tmpdir(), 'dashboard-probe-'));
const port = String(await freePort());
const env = {
  PORT: port,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  SEED_DEMO: 'true',
  DEMO_DONATIONS: '120000',
  LOG_LEVEL: 'warn',
  ACCESS_TOKEN_TTL_SECONDS: '3600',
};
const profile = process.env.PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF}`] : [];
const server = await startServer(env, 600_000, profile);
await settle(server.child.pid!, 3); // start-up work (the demo's documents) done
const token = await accessToken(server.base, ...DEMO_LOGINS.company);
const load = (duration: number) =>
  autocannon({ url: server.base + DASHBOARD_TOTALS_PATH, connections: 50, headers: browserHeaders(token), duration });
await load(2); // warm-up
for (let i = 0; i < Number(process.env.ROUNDS ?? 2); i++) {
  const r = await load(5);
  console.log(`dashboard, 50 connections, 5 s: req/s ${r.requests.average} p99 ${r.latency.p99}`);
}
await server.stop('SIGTERM');
console.log('data folder', dataDir);
