/**
 * Cost growth (issue 8): the dashboard and the network endpoint at three data sizes (x1, x10, x100), with the
 * growth stated, through the real app on PGlite in memory (a worker thread, as `npm start`).
 *
 * - Dashboard: the company user's dashboard totals request (last month by department with metrics, company 1, a
 *   Bearer token from the real sign-in, as the dashboard sends it, see bench/api-load-bench.ts), on the demo network (prepareDemo) with
 *   --base x1, x10 and x100 donations (12,000 / 120,000 / 1,200,000). Beside it, in the same run at each size, the
 *   plain GROUP BY over raw donations a straightforward implementation would run for the same totals (rawTotals,
 *   the tests' reference query, called on the database directly: no HTTP, so the comparison flatters raw).
 * - Network endpoint: GET public/retail/network/?in_area=all (brotli, as browsers ask) with 100, 1,000 and 10,000
 *   organizations (insertBulkNetworkOrganizations), warm (served from memory) and cold (first request after an
 *   organization changed).
 * Each request is timed from sending to its last byte (node:http, keep-alive, body not decoded); median of --runs
 * after a warm-up. Growth: x100 median / x1 median (1.0 = flat).
 *
 * Usage: npx tsx bench/cost-growth-bench.ts [--base 12000] [--runs 30] [--raw-runs 10] [--skip-dashboard] [--skip-network]
 * Targets: the rollup-backed dashboard totals stay flat (growth x1 -> x100 <= 2, allowing for noise); no budget for
 * the network endpoint, whose answer itself grows with the organizations.
 */
import { Agent, request } from 'node:http';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { defaultMonth, rangeBounds } from '@openrescue/shared';
import { insertBulkNetworkOrganizations } from '../apps/server/src/db/demo/network-bulk.js';
import { prepareDemo } from '../apps/server/src/demo-setup.js';
import { rawTotals } from '../apps/server/src/test-support/fixtures/raw-totals.js';
import { accessToken } from '../apps/server/src/test-support/processes/server-process.js';
import { DEMO_LOGINS, startBenchApp } from './lib/app.js';
import { recordFigures, stats, timeIt, type Figure } from './lib/figures.js';

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: '12000' },
    runs: { type: 'string', default: '30' },
    'raw-runs': { type: 'string', default: '10' },
    'skip-dashboard': { type: 'boolean', default: false },
    'skip-network': { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const rawRuns = Number(values['raw-runs']);
const GROUP = 'Cost growth';
const SCALES = [1, 10, 100] as const;
const fmt = (n: number) => n.toLocaleString('en-US');
const median = (xs: number[]) => stats(xs).median;

const agent = new Agent({ keepAlive: true });
/** One GET, timed from sending to the last byte; the body is not decoded. */
function timedGet(
  base: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ ms: number; status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    request(base + path, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ ms: performance.now() - started, status: res.statusCode ?? 0, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** The growth figure: x100 median / x1 median, with the comparison's growth beside it when there is one. */
function growth(name: string, first: Figure, last: Figure, note: string, target?: Figure['target']): Figure {
  const ratio = (a: number[], b: number[]) => [median(b) / median(a)];
  return {
    group: GROUP,
    name,
    unit: 'ratio',
    samples: ratio(first.samples, last.samples),
    ...(first.compare && last.compare
      ? {
          compare: {
            name: `${first.compare.name} growth`,
            samples: ratio(first.compare.samples, last.compare.samples),
          },
        }
      : {}),
    ...(target ? { target } : {}),
    note,
  };
}

async function dashboard(): Promise<Figure[]> {
  const out: Figure[] = [];
  for (const scale of SCALES) {
    const donations = Number(values.base) * scale;
    const started = performance.now();
    const app = await startBenchApp({ prepare: (ctx) => prepareDemo(ctx, donations, () => {}) });
    try {
      console.log(
        `dashboard x${scale}: ${fmt(donations)} demo donations ready in ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
      const token = await accessToken(app.base, ...DEMO_LOGINS.company);
      const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Vancouver' });
      const bounds = rangeBounds('1m', defaultMonth(today));
      const path =
        `/core-api/api/retail/reports/donation_totals?entry_time__gte=${bounds.from}&entry_time__lte=${bounds.to}` +
        '&from_company_id=1&annotate=from_department_id&annotate_metrics=true&page_size=9999';
      const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' };
      const get = async () => {
        const res = await timedGet(app.base, path, headers);
        if (res.status !== 200) throw new Error(`dashboard totals answered ${res.status}: ${res.body.toString()}`);
        return res;
      };
      const raw = () =>
        rawTotals(app.database.db, {
          entry_time__gte: bounds.from,
          entry_time__lte: bounds.to,
          from_company_id: [1],
          annotate: ['from_department_id'],
        });
      const product = await timeIt(runs, 30, get); // each size is a new app: its code paths warm up again
      const rawMs = await timeIt(rawRuns, 3, raw);
      // Same totals both ways (a benchmark of a wrong answer is worth nothing).
      const plain = await timedGet(app.base, path, { authorization: `Bearer ${token}` });
      const rows = (
        JSON.parse(plain.body.toString()) as { results: { from_department_id: number; weight_kg__sum: number }[] }
      ).results;
      const expected = await raw();
      const byDept = new Map(expected.map((r) => [Number(r.from_department_id), Number(r.weight_kg__sum)]));
      const same =
        rows.length === expected.length &&
        rows.every((r) => Math.abs(r.weight_kg__sum - (byDept.get(r.from_department_id) ?? NaN)) < 1e-6);
      if (!same) process.exitCode = 1;
      const { n } = await sql<{ n: number }>`select count(*)::int as n from donation where company_id = 1
        and entry_time >= ${bounds.from}::date and entry_time < ${bounds.to}::date + 1`
        .execute(app.database.db)
        .then((r) => r.rows[0]);
      console.log(
        `  product median ${median(product).toFixed(1)} ms, raw median ${median(rawMs).toFixed(1)} ms, ${rows.length} rows, same sums: ${same}`,
      );
      out.push({
        group: GROUP,
        name: `dashboard totals, company user, last month by department (PGlite, ${fmt(donations)} donations, x${scale})`,
        unit: 'ms',
        samples: product,
        compare: { name: 'raw GROUP BY over donations', samples: rawMs },
        note: `${bounds.from}..${bounds.to}, ~${fmt(n)} donations of company 1 in the month; ${rows.length} rows; same sums as raw: ${same}`,
      });
    } finally {
      await app.close();
    }
  }
  const [first, , last] = out;
  return [
    ...out,
    growth(
      `dashboard totals growth x1 -> x100 (${fmt(Number(values.base))} -> ${fmt(Number(values.base) * 100)} donations)`,
      first,
      last,
      'x100 median / x1 median, 1.0 = flat; the totals come from the monthly company rollup, the raw GROUP BY reads every donation of the month',
      { op: '<=', value: 2 },
    ),
  ];
}

async function network(): Promise<Figure[]> {
  // The timed requests come from one address: the public map's per-address budget (decision 0040) is lifted.
  process.env.PUBLIC_NETWORK_RATE_LIMIT_PER_MINUTE ??= '1000000';
  const app = await startBenchApp({
    load: async (database) => void (await sql`update region set secret = 'demo'`.execute(database.db)),
  });
  const out: Record<'warm' | 'cold', Figure[]> = { warm: [], cold: [] };
  const sizes: number[] = [];
  try {
    for (const scale of SCALES) {
      const count = 100 * scale;
      await sql`delete from network_organization`.execute(app.database.db);
      await insertBulkNetworkOrganizations(app.database.db, count);
      const path = `/core-api/api/public/retail/network/?in_area=all&secret=demo&limit=${Math.min(count, 10000)}`;
      const get = async () => {
        const res = await timedGet(app.base, path, { 'accept-encoding': 'br' });
        if (res.status !== 200) throw new Error(`network endpoint answered ${res.status}`);
        return res;
      };
      const touch = (i: number) =>
        sql`update network_organization set updated_at = now()
        where id = (select id from network_organization order by id offset ${i % count} limit 1)`.execute(
          app.database.db,
        );
      const cold: number[] = [];
      for (let i = 0; i < runs + 2; i++) {
        await touch(i);
        const { ms } = await get();
        if (i >= 2) cold.push(ms); // the first two warm up the code paths
      }
      const warm = await timeIt(runs, 10, get);
      const size = (await get()).body.length;
      sizes.push(size);
      console.log(
        `network ${fmt(count)} organizations: warm median ${median(warm).toFixed(1)} ms, cold median ${median(cold).toFixed(1)} ms, ${(size / 1024).toFixed(0)} kB brotli`,
      );
      const name = (how: string) => `network endpoint, ${how}, ${fmt(count)} organizations (x${scale})`;
      out.warm.push({
        group: GROUP,
        name: name('warm (served from memory)'),
        unit: 'ms',
        samples: warm,
        note: `${(size / 1024).toFixed(1)} kB brotli`,
      });
      out.cold.push({
        group: GROUP,
        name: name('cold (after an organization changed)'),
        unit: 'ms',
        samples: cold,
        note: 'the database writes the JSON, then brotli',
      });
    }
  } finally {
    await app.close();
  }
  const note = `x100 median / x1 median, 1.0 = flat; the answer itself grows with the organizations (${(sizes[0] / 1024).toFixed(1)} -> ${(sizes[2] / 1024).toFixed(0)} kB brotli, ${(sizes[2] / sizes[0]).toFixed(0)}x)`;
  return [
    ...out.warm,
    growth('network endpoint growth x1 -> x100 (100 -> 10,000 organizations), warm', out.warm[0], out.warm[2], note),
    ...out.cold,
    growth('network endpoint growth x1 -> x100 (100 -> 10,000 organizations), cold', out.cold[0], out.cold[2], note),
  ];
}

try {
  const figures = [
    ...(values['skip-dashboard'] ? [] : await dashboard()),
    ...(values['skip-network'] ? [] : await network()),
  ];
  recordFigures(figures);
} finally {
  agent.destroy();
}
