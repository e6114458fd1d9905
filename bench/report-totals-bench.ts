/**
 * donation_totals speed: the rollup-backed query the endpoint runs beside a plain GROUP BY over raw donations, in
 * the same run, on PostgreSQL 15 (throw-away server) and on PGlite (in memory, worker thread, as `npm start`).
 *
 * Usage: npx tsx bench/report-totals-bench.ts [--donations 10000000] [--stores 2000] [--big-company 500]
 *          [--companies 10] [--years 5] [--runs 30] [--raw-runs 3] [--pglite-donations 1000000] [--skip-pg] [--skip-pglite]
 *          [--compare]
 *
 * Timed: what the endpoint does after the access checks (time bounds, source planning, one SQL statement through
 * Kysely, rows to JSON-ready objects) — modules/reports/totals.*. Raw: rawTotals (the tests' reference query).
 * Targets (issue "Step 2"): store 12 months by month x department x destination p50 <= 10 ms, company of ~500
 * stores 3 years by week <= 50 ms, network 5 years by month <= 50 ms, each >= 20x faster than raw; PGlite with
 * 1M donations, network by month <= 200 ms.
 * --compare (issue 38, decision 0072) also times each case as compare=true answers it: the range and its two
 * comparison periods (previous, a year earlier), planned alike and read at once, as totals.service.ts does.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/db/connection.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { rawTotals, type RawTotalsParams } from '../apps/server/src/test-support/fixtures/raw-totals.js';
import { comparisonBounds } from '@openrescue/shared';
import { intervalOf } from '../apps/server/src/modules/reports/time-bounds.js';
import { periodOf, planSegments } from '../apps/server/src/modules/reports/totals.planner.js';
import { queryTotals } from '../apps/server/src/modules/reports/totals.repository.js';
// @ts-expect-error plain ESM helper without types
import { startPostgres } from '../scripts/pg-server.mjs';
import { percentile, recordFigures, timeIt } from './lib/figures.js';
import { loadBenchNetwork, type BenchNetwork, type BenchNetworkSize } from './report-totals-data.js';

const { values: args } = parseArgs({
  options: {
    donations: { type: 'string', default: '10000000' },
    stores: { type: 'string', default: '2000' },
    'big-company': { type: 'string', default: '500' },
    companies: { type: 'string', default: '10' },
    years: { type: 'string', default: '5' },
    runs: { type: 'string', default: '30' },
    'raw-runs': { type: 'string', default: '3' },
    'pglite-donations': { type: 'string', default: '1000000' },
    'skip-pg': { type: 'boolean', default: false },
    'skip-pglite': { type: 'boolean', default: false },
    compare: { type: 'boolean', default: false },
    port: { type: 'string' },
  },
});
const runs = Number(args.runs);
const rawRuns = Number(args['raw-runs']);
const size = (donations: number): BenchNetworkSize => ({
  donations,
  stores: Number(args.stores),
  bigCompanyStores: Number(args['big-company']),
  companies: Number(args.companies),
  years: Number(args.years),
});

type Query = RawTotalsParams & { annotate_metrics?: boolean };

/** The endpoint's data path for a staff caller (scope: everything). */
async function rollupTotals(database: Database, q: Query) {
  const annotate = q.annotate ?? [];
  const period = periodOf(q.annotate_entry_time);
  const segments = planSegments({
    interval: intervalOf(q),
    period,
    annotate,
    hasStoreFilter: Boolean(q.from_store_id),
    hasReceiverFilter: Boolean(q.receiver_id),
  });
  return queryTotals(database.db, {
    segments,
    period,
    annotate,
    filter: { companyIds: q.from_company_id, storeIds: q.from_store_id, receiverIds: q.receiver_id },
    metrics: q.annotate_metrics ?? false,
    limit: 10000,
    offset: 0,
  });
}

const monthsBefore = (lastDay: string, months: number) => {
  const [y, m] = lastDay.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 - months + 1, 1)).toISOString().slice(0, 10);
};
const endOfPreviousMonth = (lastDay: string) => {
  const [y, m] = lastDay.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
};

interface Case {
  name: string;
  /** p95 budget in ms; step 2 names none for the smaller PGlite cases. */
  target?: number;
  query: (i: number) => Query;
}

function cases(net: BenchNetwork, stores: number, bigCompany: number): Case[] {
  const monthEnd = endOfPreviousMonth(net.lastDay);
  const metrics = { annotate_metrics: true, annotate: ['from_department_id', 'destination_id'] as const };
  return [
    {
      name: 'one store, 12 months by month x department x destination',
      target: 10,
      query: (i) => ({
        ...metrics,
        annotate: [...metrics.annotate],
        annotate_entry_time: 'date-month',
        from_store_id: [1 + ((i * 37) % Math.min(stores, bigCompany))],
        entry_time__gte: monthsBefore(monthEnd, 12),
        entry_time__lte: monthEnd,
      }),
    },
    {
      name: `one company (${bigCompany} stores), 3 years by week x department x destination`,
      target: 50,
      query: () => ({
        ...metrics,
        annotate: [...metrics.annotate],
        annotate_entry_time: 'date-week',
        from_company_id: [1],
        entry_time__gte: monthsBefore(monthEnd, 36),
        entry_time__lte: monthEnd,
      }),
    },
    {
      name: 'whole network, 5 years by month x department x destination',
      target: 50,
      query: () => ({
        ...metrics,
        annotate: [...metrics.annotate],
        annotate_entry_time: 'date-month',
        entry_time__gte: monthsBefore(monthEnd, 60),
        entry_time__lte: monthEnd,
      }),
    },
    {
      // What the dashboard's line chart asks with "Show the previous period" on (breakdown-card.tsx, decision
      // 0072): one annotation, not both; the cards ask by department without period.
      name: `one company (${bigCompany} stores), 3 years by week x department, as the line chart asks`,
      target: 50,
      query: () => ({
        annotate_metrics: true,
        annotate: ['from_department_id'],
        annotate_entry_time: 'date-week',
        from_company_id: [1],
        entry_time__gte: monthsBefore(monthEnd, 36),
        entry_time__lte: monthEnd,
      }),
    },
  ];
}

/** compare=true's data path: the range and both comparison periods (comparisonBounds), read at once. */
async function comparedTotals(database: Database, q: Query) {
  const periods = comparisonBounds(q.entry_time__gte!, q.entry_time__lte!);
  const [main] = await Promise.all([
    rollupTotals(database, q),
    rollupTotals(database, { ...q, entry_time__gte: periods.previous.from, entry_time__lte: periods.previous.to }),
    rollupTotals(database, { ...q, entry_time__gte: periods.yearAgo.from, entry_time__lte: periods.yearAgo.to }),
  ]);
  return main;
}

async function runCompared(label: string, database: Database, list: Case[]) {
  for (const c of list) {
    const samples = await timeIt(runs, 3, (i) => comparedTotals(database, c.query(i)));
    recordFigures([
      {
        group: 'Reporting totals (donation_totals)',
        name: `${c.name}, with comparison (${label})`,
        unit: 'ms',
        samples,
        target: c.target ? { op: '<=', value: c.target, of: 'p95' } : undefined,
        note: 'compare=true: the range, the previous period and the year before',
      },
    ]);
    console.log(
      `  ${c.name}, with comparison: p50 ${percentile(samples, 50).toFixed(1)} ms, p95 ${percentile(samples, 95).toFixed(1)} ms`,
    );
  }
}

async function runCases(label: string, database: Database, list: Case[], withRaw: boolean) {
  console.log(`\n${label}`);
  for (const c of list) {
    const fast = await timeIt(runs, 3, (i) => rollupTotals(database, c.query(i)));
    const rows = (await rollupTotals(database, c.query(0))).rows.length;
    const figure = {
      group: 'Reporting totals (donation_totals)',
      name: `${c.name} (${label})`,
      unit: 'ms' as const,
      samples: fast,
      target: c.target ? { op: '<=' as const, value: c.target, of: 'p95' as const } : undefined,
      note: `${rows} rows`,
    };
    let line = `  ${c.name}: rollups p50 ${percentile(fast, 50).toFixed(1)} ms, p95 ${percentile(fast, 95).toFixed(1)} ms (${rows} rows${c.target ? `, target ${c.target} ms` : ''})`;
    if (withRaw) {
      const raw = await timeIt(rawRuns, 0, (i) => rawTotals(database.db, c.query(i)));
      const expected = await rawTotals(database.db, c.query(0));
      const got = (await rollupTotals(database, c.query(0))).rows;
      const same =
        got.length === expected.length &&
        got.every((r, k) => Math.abs(r.weight_kg__sum - Number(expected[k].weight_kg__sum)) < 1e-9);
      line +=
        `; raw GROUP BY p50 ${percentile(raw, 50).toFixed(0)} ms, p95 ${percentile(raw, 95).toFixed(0)} ms (${rawRuns} runs)` +
        `; ${(percentile(raw, 50) / percentile(fast, 50)).toFixed(0)}x faster; same sums: ${same}`;
      recordFigures([
        { ...figure, compare: { name: 'raw GROUP BY', samples: raw }, note: `${rows} rows; same sums as raw: ${same}` },
      ]);
      if (!same) process.exitCode = 1;
    } else {
      recordFigures([figure]);
    }
    console.log(line);
  }
  if (args.compare) await runCompared(label, database, list);
}

async function benchPostgres() {
  const donations = Number(args.donations);
  const server = startPostgres(args.port ? Number(args.port) : undefined);
  try {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query('create database report_bench');
    await admin.end();
    const database = await openDatabase({
      databaseUrl: server.url.replace(/\/postgres$/, '/report_bench'),
      poolSize: 4,
    });
    try {
      await migrate(database);
      console.log(`PostgreSQL 15: loading ${donations.toLocaleString('en-US')} donations...`);
      const net = await loadBenchNetwork(database, size(donations), (s) => console.log(s));
      const counts = await database.db
        .selectFrom('donation_daily')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      console.log(
        `  loaded in ${net.loadSeconds.toFixed(0)} s (${net.firstDay} .. ${net.lastDay}); donation_daily ${Number(counts.n).toLocaleString('en-US')} rows`,
      );
      await runCases(
        `PostgreSQL 15, ${donations.toLocaleString('en-US')} donations`,
        database,
        cases(net, Number(args.stores), Number(args['big-company'])),
        true,
      );
    } finally {
      await database.close();
    }
  } finally {
    server.stop();
  }
}

async function benchPGlite() {
  const donations = Number(args['pglite-donations']);
  const database = await openDatabase({ dataDir: null });
  try {
    await migrate(database);
    console.log(`\nPGlite (memory, worker thread): loading ${donations.toLocaleString('en-US')} donations...`);
    const net = await loadBenchNetwork(database, { ...size(donations), chunk: 250_000 }, (s) => console.log(s));
    console.log(`  loaded in ${net.loadSeconds.toFixed(0)} s`);
    const network = cases(net, Number(args.stores), Number(args['big-company']));
    await runCases(
      `PGlite, ${donations.toLocaleString('en-US')} donations`,
      database,
      [
        { ...network[2], target: 200 },
        { ...network[1], target: undefined },
        { ...network[0], target: undefined },
      ],
      true,
    );
  } finally {
    await database.close();
  }
}

if (!args['skip-pg']) await benchPostgres();
if (!args['skip-pglite']) await benchPGlite();
