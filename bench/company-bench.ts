/**
 * How long does the company report take (issue 37 §2, decision 0068)? Usage:
 *   npx tsx bench/company-bench.ts [--runs 5] [--job-runs 3] [--stores 500] [--small 15] [--per-store 20]
 * Through the real app on in-memory PGlite (the demo network, then two companies of our own: `--small` stores and
 * `--stores` stores, every tenth store named in another script, `--per-store` donations per store and month from
 * January to the report's month, rolled up as the product does):
 * 1. `--small` stores: GET .../company/{id}/report.xlsx and report.pdf, each answered at once (budget 3 s each).
 * 2. `--stores` stores: POST .../report-jobs, then GET the job every 250 ms until it has succeeded: the time from the
 *    POST to the finished files (budget 30 s), and how many progress steps a user watching it saw.
 * The first of each is reported apart (the render threads start and load their fonts then).
 */
import { parseArgs } from 'node:util';
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
await new Promise((resolve) => setTimeout(resolve, 2000)); // let the event-loop delay settle after the bulk load
const headers = { authorization: `Bearer ${token}` };
const get = (url: string) => t.app.inject({ method: 'GET', url, headers });

// 1. A small company, answered at once.
const xlsx: number[] = [];
const pdf: number[] = [];
for (let i = 0; i < runs + 1; i++) {
  for (const [type, out] of [
    ['xlsx', xlsx],
    ['pdf', pdf],
  ] as const) {
    const [ms, res] = await time(() => get(`/core-api/api/reports/company/${small}/report.${type}?month=${month}`));
    if (res.statusCode !== 200) throw new Error(`${type} ${res.statusCode}: ${res.body.slice(0, 300)}`);
    out.push(ms);
  }
}

// 2. A large company, as a job with progress.
const jobs: number[] = [];
const steps: number[] = [];
for (let i = 0; i < jobRuns + 1; i++) {
  const [ms, seen] = await time(async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: `/core-api/api/reports/company/${big}/report-jobs`,
      headers,
      payload: { month },
    });
    if (started.statusCode !== 202) throw new Error(`job ${started.statusCode}: ${started.body.slice(0, 300)}`);
    const id = (started.json() as { id: string }).id;
    const progress = new Set<number>();
    for (;;) {
      const job = (await get(`/core-api/api/reports/company-report-jobs/${id}`)).json() as {
        status: string;
        processed: number;
        error: string | null;
      };
      progress.add(job.processed);
      if (job.status === 'failed') throw new Error(`the job failed: ${job.error}`);
      if (job.status === 'succeeded') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const file = await get(`/core-api/api/reports/company-report-jobs/${id}/report.pdf`);
    if (file.statusCode !== 200) throw new Error(`job pdf ${file.statusCode}`);
    return progress.size;
  });
  jobs.push(ms);
  steps.push(seen);
}

const group = 'Company report (issue 37)';
recordFigures([
  {
    group,
    name: `GET company report .xlsx, ${smallStores} stores (PGlite)`,
    unit: 'ms',
    samples: xlsx.slice(1),
    compare: { name: 'first (threads starting)', samples: xlsx.slice(0, 1) },
    target: { op: '<=', value: 3000 },
  },
  {
    group,
    name: `GET company report .pdf, ${smallStores} stores (PGlite)`,
    unit: 'ms',
    samples: pdf.slice(1),
    compare: { name: 'first (threads starting)', samples: pdf.slice(0, 1) },
    target: { op: '<=', value: 3000 },
  },
  {
    group,
    name: `company report job, ${bigStores} stores: POST to both files stored (PGlite)`,
    unit: 'ms',
    samples: jobs.slice(1),
    compare: { name: 'first (threads starting)', samples: jobs.slice(0, 1) },
    target: { op: '<=', value: 30_000 },
  },
]);
console.log(`GET .xlsx, ${smallStores} stores: first ${xlsx[0].toFixed(0)} ms; then ${fmt(xlsx.slice(1))}`);
console.log(`GET .pdf, ${smallStores} stores: first ${pdf[0].toFixed(0)} ms; then ${fmt(pdf.slice(1))}`);
console.log(`job, ${bigStores} stores: first ${jobs[0].toFixed(0)} ms; then ${fmt(jobs.slice(1))}`);
console.log(`progress values a watcher saw per job: ${steps.join(', ')}`);
await t.close();
