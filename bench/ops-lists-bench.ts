/**
 * Ops console lists and weight entry at network scale: 2,000 stores (~605 receivers), server-side timings through
 * the real app (`inject`, so no socket noise), on PGlite in memory.
 * Usage: npx tsx bench/ops-lists-bench.ts [--runs 50]
 * Targets (issue 4): first page p95 <= 30 ms; search p95 <= 30 ms; a 500-row bulk insert <= 300 ms.
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.js';
import { loadEnv } from '../apps/server/src/config/env.js';
import { openDatabase } from '../apps/server/src/db/connection.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { ensureDemoAccounts } from '../apps/server/src/demo-accounts.js';
import { recordFigures } from './lib/figures.js';
import { loadBenchNetwork } from './report-totals-data.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '50' } } });
const runs = Number(values.runs);
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

const database = await openDatabase({ dataDir: null });
await migrate(database);
await loadBenchNetwork(
  database,
  { donations: 50_000, stores: 2000, bigCompanyStores: 500, companies: 10, years: 1 },
  () => {},
);
const env = loadEnv({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ACCESS_TOKEN_TTL_SECONDS: '3600' });
const { app, ctx } = await buildApp({ env, database, logger: false, origin: 'http://localhost:8080' });
await ensureDemoAccounts(ctx.auth);
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/core-api/api/auth/sign-in/email',
  payload: { email: 'staff@openrescue.test', password: 'demo-staff' },
});
const cookie = [login.headers['set-cookie']]
  .flat()
  .map((c) => String(c).split(';')[0])
  .join('; ');
const token = (
  await app.inject({
    method: 'POST',
    url: '/core-api/api/session/token',
    headers: { cookie, origin: 'http://localhost:8080' },
  })
).json().token as string;
const headers = { authorization: `Bearer ${token}` };

async function time(label: string, url: string) {
  const times: number[] = [];
  for (let i = 0; i < runs + 5; i++) {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url, headers });
    const ms = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    if (i >= 5) times.push(ms); // the first few warm caches and JIT
  }
  const { count } = JSON.parse((await app.inject({ method: 'GET', url, headers })).body) as { count: number };
  recordFigures([
    {
      group: 'Console lists (server, 2,000 stores)',
      name: `${label} (PGlite)`,
      unit: 'ms',
      samples: times,
      target: { op: '<=', value: 30, of: 'p95' },
      note: `count ${count}`,
    },
  ]);
  console.log(
    `${label.padEnd(34)} p50 ${pct(times, 0.5).toFixed(1)} ms   p95 ${pct(times, 0.95).toFixed(1)} ms   (count ${count})`,
  );
}

const storeCount = Number(
  (await sql<{ n: number }>`select count(*)::int as n from store`.execute(database.db)).rows[0].n,
);
const receiverCount = Number(
  (await sql<{ n: number }>`select count(*)::int as n from receiver`.execute(database.db)).rows[0].n,
);
console.log(`Ops lists on PGlite: ${storeCount} stores, ${receiverCount} receivers, ${runs} runs each`);
await time('stores, first page', '/core-api/api/retail/stores?page_size=50&expand=receivers');
await time('stores, search "store 1"', '/core-api/api/retail/stores?page_size=50&search=store%201&expand=receivers');
await time(
  'receivers HUB, first page',
  '/core-api/api/retail/receivers?receiver_type=HUB&page_size=50&expand=store_set',
);
await time(
  'receivers, search "receiver 1"',
  '/core-api/api/retail/receivers?page_size=50&search=receiver%201&expand=store_set',
);

const pairs = (
  await sql<{
    store_id: number;
    receiver_id: number;
  }>`select store_id, receiver_id from store_receiver order by store_id, receiver_id limit 500`.execute(database.db)
).rows;
const inserts: number[] = [];
for (let i = 0; i < 5; i++) {
  const items = pairs.map((p, j) => ({
    store_id: Number(p.store_id),
    receiver_id: Number(p.receiver_id),
    department: 1 + (j % 7),
    destination: 1,
    weight_kg: 5 + (j % 40),
    email: 'staff@openrescue.test',
    entry_time: new Date(Date.now() - 7 * 3600_000 - i * 60_000).toISOString(),
  }));
  const started = performance.now();
  const res = await app.inject({ method: 'POST', url: '/core-api/api/bulkscan/', headers, payload: items });
  const ms = performance.now() - started;
  if (res.statusCode !== 201) throw new Error(`bulk insert answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  inserts.push(ms);
}
recordFigures([
  {
    group: 'Console lists (server, 2,000 stores)',
    name: '500-row bulk weight entry (bulk_scan + donations + rollups, PGlite)',
    unit: 'ms',
    samples: inserts,
    target: { op: '<=', value: 300 },
  },
]);
console.log(
  `500-row bulk insert                 median ${pct(inserts, 0.5).toFixed(0)} ms   runs: ${inserts.map((m) => m.toFixed(0)).join(', ')}`,
);
await app.close();
await database.close();
