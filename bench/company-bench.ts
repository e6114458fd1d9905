/**
 * How long does the company report take (issue 37 §2, decision 0068)? Usage:
 *   npx tsx bench/company-bench.ts [--runs 5] [--job-runs 3] [--stores 500] [--small 15] [--per-store 20]
 * Through the real app on in-memory PGlite (the demo network, then two companies of our own: `--small` stores and
 * `--stores` stores, every tenth store named in another script, `--per-store` donations per store and month from
 * January to the report's month, rolled up as the product does):
 * 1. `--small` stores: GET .../company/{id}/report.xlsx and report.pdf, each answered at once (budget 3 s each).
 * 2. `--stores` stores: POST .../report-jobs, then GET the job every 250 ms until it has succeeded: the time from the
 *    POST to the finished files (budget 30 s), and how many progress steps a user watching it saw.
 * Each first is measured honestly on a fresh server (an app built again on the same data, its threads not started):
 * the request sent the moment it is up, as main.ts leaves it (its threads starting and preparing, decision 0077),
 * beside the same without that preparation (threads started by the request, as before 0077). Then medians on a server
 * whose thread is prepared, a first after a minute idle, and the RSS the fresh server and its prepared thread add.
 */
import { parseArgs } from 'node:util';
import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import { recordFigures } from './lib/figures.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'job-runs': { type: 'string', default: '3' },
    stores: { type: 'string', default: '500' },
    small: { type: 'string', default: '15' },
    'per-store': { type: 'string', default: '20' },
  },
});
const runs = Number(values.runs);
const jobRuns = Number(values['job-runs']);
const bigStores = Number(values.stores);
const smallStores = Number(values.small);
const perStore = Number(values['per-store']);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (xs: number[]) => `median ${median(xs).toFixed(0)} ms (${xs.map((x) => x.toFixed(0)).join(', ')})`;
const OTHER_SCRIPTS = ['华联超市', 'سوق الخير', 'ਪੰਜਾਬ ਸਵੀਟਸ', 'Гастроном', '서울 식품점'];

async function time<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await work();
  return [performance.now() - started, result];
}

const { buildTestApp, signIn } = await import('../apps/server/src/test-support/test-app.js');
const { buildApp, startBackgroundWork } = await import('../apps/server/src/app.js');
const { loadEnv } = await import('../apps/server/src/config/env.js');
const { prepareDemo } = await import('../apps/server/src/demo-setup.js');
const t = await buildTestApp();
await prepareDemo(t.ctx, 2000, () => {});
const db = t.database.db;
const month = '2026-09-01';

/** A company of `n` stores with `perStore` donations per store and month, January to `month`. */
async function company(name: string, n: number): Promise<number> {
  const row = await db.insertInto('company').values({ name }).returning('id').executeTakeFirstOrThrow();
  const id = Number(row.id);
  await sql`insert into store (name, company_id, address, city, region, start_date)
    select case when g % 10 = 0 then (${sql.val(OTHER_SCRIPTS)}::text[])[1 + (g / 10) % ${OTHER_SCRIPTS.length}] || ' ' || g
      else ${name} || ' store ' || g end, ${id}, s.address, s.city, s.region, date '2020-01-01'
    from generate_series(1, ${n}::int) g, (select address, city, region from store order by id limit 1) s`.execute(db);
  await sql`insert into donation (entry_time, destination_id, company_id, store_id, receiver_id, department_id,
      weight_kg, meals_provided, food_rescued_kg, co2_emissions_kg, money_saved, impact_factor_version, source)
    select (m::timestamp at time zone 'America/Vancouver') + (k * interval '71 minutes'),
      1 + k % 3, ${id}, st.id, 1, 1 + (st.id + k) % 7, w, round(w / 0.544, 2), w, round(w * 3.36, 3), round(w * 0.175, 2), 1, 'import'
    from store st
    cross join generate_series(date '2026-01-01', ${month}::date, interval '1 month') m
    cross join generate_series(1, ${perStore}::int) k
    cross join lateral (select round((3 + (k * 7 + st.id) % 40 / 2.0)::numeric, 3) as w) x
    where st.company_id = ${id}`.execute(db);
  return id;
}

const small = await company('Bench Small Foods', smallStores);
const big = await company('Bench Large Foods', bigStores);
await sql`select refresh_donation_monthly(date '2026-01-01', ${month}::date)`.execute(db);
const { token } = await signIn(t.app, 'staff@openrescue.test', 'demo-staff');
// The seeding app stops (its threads and job runner); each figure below is taken on a server built for it.
await t.app.close();
await new Promise((resolve) => setTimeout(resolve, 2000)); // let the event-loop delay settle after the bulk load
const headers = { authorization: `Bearer ${token}` };
const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });

/** A fresh server on the same data; `warm`: as main.ts starts it (its threads preparing), else as tests do. */
async function freshServer(warm: boolean) {
  const built = await buildApp({ env, database: t.database, logger: false, dataDir: t.dataDir });
  await built.app.ready();
  await startBackgroundWork(built.ctx, { startUpTasks: false });
  if (warm) void built.warmThreads();
  return built;
}
type Server = Awaited<ReturnType<typeof freshServer>>;
const get = (s: Server, url: string) => s.app.inject({ method: 'GET', url, headers });

async function download(s: Server, type: 'xlsx' | 'pdf'): Promise<number> {
  const [ms, res] = await time(() => get(s, `/core-api/api/reports/company/${small}/report.${type}?month=${month}`));
  if (res.statusCode !== 200) throw new Error(`${type} ${res.statusCode}: ${res.body.slice(0, 300)}`);
  return ms;
}

/** POST to both files stored; how many progress values a watcher asking every 250 ms saw. */
async function job(s: Server): Promise<[number, number]> {
  return time(async () => {
    const started = await s.app.inject({
      method: 'POST',
      url: `/core-api/api/reports/company/${big}/report-jobs`,
      headers,
      payload: { month },
    });
    if (started.statusCode !== 202) throw new Error(`job ${started.statusCode}: ${started.body.slice(0, 300)}`);
    const id = (started.json() as { id: string }).id;
    const progress = new Set<number>();
    for (;;) {
      const job = (await get(s, `/core-api/api/reports/company-report-jobs/${id}`)).json() as {
        status: string;
        processed: number;
        error: string | null;
      };
      progress.add(job.processed);
      if (job.status === 'failed') throw new Error(`the job failed: ${job.error}`);
      if (job.status === 'succeeded') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const file = await get(s, `/core-api/api/reports/company-report-jobs/${id}/report.pdf`);
    if (file.statusCode !== 200) throw new Error(`job pdf ${file.statusCode}`);
    return progress.size;
  });
}

// 1. Firsts, each on a fresh server: prepared as main.ts starts it, and (the comparison) not prepared, one after the
// other per kind. This process's own code and the database's pages are warmed first by a server whose figures are
// not kept, so that only the render threads differ (a new process would add its own warming to both).
const warmUp = await freshServer(false);
for (const type of ['xlsx', 'pdf'] as const) await download(warmUp, type);
await warmUp.app.close();
const first = { xlsx: [] as number[], pdf: [] as number[], job: [] as number[] };
const unprepared = { xlsx: [] as number[], pdf: [] as number[], job: [] as number[] };
for (const kind of ['xlsx', 'pdf', 'job'] as const) {
  for (const warm of [true, false]) {
    const s = await freshServer(warm);
    (warm ? first : unprepared)[kind].push(kind === 'job' ? (await job(s))[0] : await download(s, kind));
    await s.app.close();
  }
}

// 2. Medians on a server whose threads are prepared; what the preparation costs in memory and time.
const rssBefore = process.memoryUsage().rss;
const [preparedMs, s] = await time(async () => {
  const built = await freshServer(false);
  await built.warmThreads();
  return built;
});
const rssAfter = process.memoryUsage().rss;
const xlsx: number[] = [];
const pdf: number[] = [];
for (let i = 0; i < runs; i++) {
  xlsx.push(await download(s, 'xlsx'));
  pdf.push(await download(s, 'pdf'));
}
const jobs: number[] = [];
const steps: number[] = [];
for (let i = 0; i < jobRuns; i++) {
  const [ms, seen] = await job(s);
  jobs.push(ms);
  steps.push(seen);
}
// 3. After a quiet minute (the pool stops idle threads after 60 s; its first one stays, decision 0077).
const quietMinute = () => new Promise((resolve) => setTimeout(resolve, 65_000));
const afterIdle = { xlsx: [] as number[], pdf: [] as number[], job: [] as number[] };
await quietMinute();
afterIdle.xlsx.push(await download(s, 'xlsx'));
afterIdle.pdf.push(await download(s, 'pdf'));
await quietMinute();
afterIdle.job.push((await job(s))[0]);
await s.app.close();

const group = 'Company report (issue 37)';
const firstNote = 'first request on a fresh server, its threads preparing (decision 0077)';
recordFigures([
  ...(
    [
      ['xlsx', `GET company report .xlsx, ${smallStores} stores (PGlite)`, xlsx, 3000],
      ['pdf', `GET company report .pdf, ${smallStores} stores (PGlite)`, pdf, 3000],
      ['job', `company report job, ${bigStores} stores: POST to both files stored (PGlite)`, jobs, 30_000],
    ] as const
  ).flatMap(([kind, name, samples, budget]) => [
    { group, name, unit: 'ms' as const, samples: [...samples], target: { op: '<=' as const, value: budget } },
    {
      group,
      name: `${name}, first on a fresh server`,
      unit: 'ms' as const,
      samples: first[kind],
      compare: { name: 'threads not prepared (before 0077)', samples: unprepared[kind] },
      target: { op: '<=' as const, value: budget },
      note: firstNote,
    },
    {
      group,
      name: `${name}, first after a minute idle`,
      unit: 'ms' as const,
      samples: afterIdle[kind],
      compare: {
        name: 'threads not prepared (before 0077, every first after a minute idle)',
        samples: unprepared[kind],
      },
      target: { op: '<=' as const, value: budget },
      note: 'xlsx then pdf after one quiet minute, the job after another',
    },
  ]),
  { group, name: 'render thread prepared, from the start of the server build', unit: 'ms', samples: [preparedMs] },
  {
    group,
    name: 'RSS added by a fresh server and its prepared thread',
    unit: 'MB',
    samples: [(rssAfter - rssBefore) / 2 ** 20],
  },
]);
const line = (label: string, kind: 'xlsx' | 'pdf' | 'job', warm: number[]) =>
  console.log(
    `${label}: first on a fresh server ${first[kind][0].toFixed(0)} ms (not prepared: ${unprepared[kind][0].toFixed(0)} ms); ` +
      `prepared ${fmt(warm)}; after a minute idle ${afterIdle[kind][0].toFixed(0)} ms`,
  );
line(`GET .xlsx, ${smallStores} stores`, 'xlsx', xlsx);
line(`GET .pdf, ${smallStores} stores`, 'pdf', pdf);
line(`job, ${bigStores} stores`, 'job', jobs);
console.log(`progress values a watcher saw per job: ${steps.join(', ')}`);
console.log(
  `threads prepared ${preparedMs.toFixed(0)} ms after the build began; RSS ${(rssBefore / 2 ** 20).toFixed(0)} -> ${(rssAfter / 2 ** 20).toFixed(0)} MB`,
);
await t.database.close();
rmSync(t.dataDir, { recursive: true, force: true });
