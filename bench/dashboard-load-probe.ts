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
import { DEFAULT_RANGE, defaultMonth, rangeBounds, REPORT_TIME_ZONE } from '@openrescue/shared';
import { freePort, spawnUntil } from '../apps/server/src/jobs/crash-harness.js';
import { SERVER_ENV, SERVER_NODE_ARGS } from '../apps/server/scripts/node-args.mjs';
import { accessToken, DEMO_LOGINS } from './lib/app.js';
const dataDir = process.env.DASH_DIR ?? mkdtempSync(join(tmpdir(), 'dash-prof-'));
const port = String(await freePort());
const env = { ...SERVER_ENV, PORT: port, PUBLIC_URL: `http://127.0.0.1:${port}`, NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: 'true',
  DEMO_DONATIONS: '120000', LOG_LEVEL: 'warn', ACCESS_TOKEN_TTL_SECONDS: '3600' };
const prof = process.env.PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF}`] : [];
const s = await spawnUntil([...prof, ...SERVER_NODE_ARGS, 'apps/server/dist/main.js'], env, ' is running at ', 600_000, 'server');
const base = `http://127.0.0.1:${port}`;
await new Promise((r) => setTimeout(r, 8000));
const token = await accessToken(base, ...DEMO_LOGINS.company);
const today = new Intl.DateTimeFormat('en-CA', { timeZone: REPORT_TIME_ZONE }).format(new Date());
const bounds = rangeBounds(DEFAULT_RANGE, defaultMonth(today));
const url = base + `/core-api/api/retail/reports/donation_totals?entry_time__gte=${bounds.from}&entry_time__lte=${bounds.to}&from_company_id=1&annotate=from_department_id&annotate_metrics=true&page_size=10000`;
const headers = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br', authorization: `Bearer ${token}` };
await autocannon({ url, connections: 50, headers, duration: 2 });
for (let i = 0; i < Number(process.env.ROUNDS ?? 2); i++) {
  const r = await autocannon({ url, connections: 50, headers, duration: 5 });
  console.log(`dashboard, 50 connections, 5 s: req/s ${r.requests.average} p99 ${r.latency.p99}`);
}
await s.stop('SIGTERM');
console.log('dir', dataDir);
