/**
 * Issue 10: the client dashboard's totals with 1, 2 and 3 server processes on one PostgreSQL 15, in the same run.
 * How: `npm run start:cluster -- --workers 3` (dist/cluster.js) on a fresh database seeded with the demo network,
 * left to finish its start-up work; then rounds that load 1, 2 or 3 of the workers (idle workers cost nothing), the
 * connections split evenly, one autocannon per worker, alternating the order each round; and 3 workers behind nginx
 * with deploy/nginx.conf. This machine has 2 cores shared by the workers, PostgreSQL and autocannon, so the figure is
 * CPU-bound: it shows what a second process costs or gains here, not what a bigger machine would do.
 * Usage: npx tsx bench/cluster-bench.ts [--seconds 15] [--connections 50] [--donations 120000]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  type Cluster,
  type Nginx,
  startCluster,
  startNginx,
} from '../apps/server/src/test-support/processes/cluster-harness.js';
import { accessToken, createPostgresDatabase } from '../apps/server/src/test-support/processes/server-process.js';
import { DASHBOARD_TOTALS } from '../apps/server/src/test-support/load/demo-requests.js';
// @ts-expect-error plain ESM helper without types
import { startPostgres } from '../scripts/pg-server.mjs';
import { browserHeaders, DEMO_LOGINS } from './lib/app.js';
import { type Figure, recordFigures } from './lib/figures.js';
import { cpuSeconds } from './lib/server-process.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '15' },
    connections: { type: 'string', default: '50' },
    donations: { type: 'string', default: '120000' },
  },
});
const ROUNDS = 3;
const PUBLIC_URL = 'http://openrescue.test';
const roundSeconds = Math.max(2, Math.round(Number(values.seconds) / ROUNDS));
const connections = Number(values.connections);
const donations = Number(values.donations);
const GROUP = `Scale-out: dashboard totals on 1-3 server processes (${connections} connections, PostgreSQL 15)`;

type Setup = { key: string; label: string; bases: () => string[] };
type Round = { perSecond: number; p99: number; failed: number; cpuPerAnswer: number };

async function round(setup: Setup, token: string, seconds: number, pids: number[]): Promise<Round> {
  const bases = setup.bases();
  const cpuBefore = pids.reduce((a, p) => a + cpuSeconds(p), 0);
  const results = await Promise.all(
    bases.map((base, i) =>
      autocannon({
        url: base + DASHBOARD_TOTALS,
        duration: seconds,
        connections: Math.floor(connections / bases.length) + (i < connections % bases.length ? 1 : 0),
        headers: browserHeaders(token),
      }),
    ),
  );
  const answers = results.reduce((a, r) => a + r['2xx'], 0);
  const cpu = pids.reduce((a, p) => a + cpuSeconds(p), 0) - cpuBefore;
  return {
    perSecond: answers / seconds,
    p99: Math.max(...results.map((r) => r.latency.p99)),
    failed: results.reduce((a, r) => a + r.non2xx + r.errors + r.timeouts, 0),
    cpuPerAnswer: (cpu / answers) * 1000,
  };
}

const cleanups: (() => unknown)[] = [];
try {
  const pg = startPostgres();
  cleanups.push(() => pg.stop());
  const database = await createPostgresDatabase(pg.url, 'or_bench_cluster');
  const dir = mkdtempSync(join(tmpdir(), 'openrescue-cluster-bench-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const cluster: Cluster = await startCluster(
    3,
    {
      DATABASE_URL: database.url,
      DATA_DIR: dir,
      DEMO_DONATIONS: String(donations),
      NODE_ENV: 'production',
      PUBLIC_URL,
      ACCESS_TOKEN_TTL_SECONDS: '3600',
    },
    900_000,
  );
  cleanups.push(() => cluster.stop());
  await cluster.settled(database.url);
  const nginx: Nginx = await startNginx(cluster.ports);
  cleanups.push(() => nginx.stop());
  const direct = cluster.ports.map((p) => `http://127.0.0.1:${p}`);
  const token = await accessToken(direct[0], ...DEMO_LOGINS.company, PUBLIC_URL);
  const pids = cluster.workerPids();

  const setups: Setup[] = [
    { key: '1', label: '1 process', bases: () => direct.slice(0, 1) },
    { key: '2', label: '2 processes', bases: () => direct.slice(0, 2) },
    { key: '3', label: '3 processes', bases: () => direct },
    { key: 'nginx', label: '3 processes behind nginx (deploy/nginx.conf)', bases: () => [nginx.base] },
  ];
  for (const s of setups) await round(s, token, 2, pids); // warm-up: JIT, caches, pools on every worker
  const tally = new Map<string, Round[]>();
  for (let r = 1; r <= ROUNDS; r++) {
    for (const s of r % 2 ? setups : [...setups].reverse()) {
      const result = await round(s, token, roundSeconds, pids);
      tally.set(s.key, [...(tally.get(s.key) ?? []), result]);
      console.log(
        `round ${r} ${s.label.padEnd(46)} ${result.perSecond.toFixed(0)} req/s, p99 ${result.p99} ms, ` +
          `workers' CPU ${result.cpuPerAnswer.toFixed(2)} ms per answer${result.failed ? `, ${result.failed} failed` : ''}`,
      );
    }
  }
  const one = tally.get('1')!;
  const figures: Figure[] = setups.flatMap((s) => {
    const rounds = tally.get(s.key)!;
    const failed = rounds.reduce((a, x) => a + x.failed, 0);
    const note =
      `${ROUNDS} rounds of ${roundSeconds} s; workers' CPU ${Math.min(...rounds.map((x) => x.cpuPerAnswer)).toFixed(2)}-` +
      `${Math.max(...rounds.map((x) => x.cpuPerAnswer)).toFixed(2)} ms per answer (PostgreSQL's processes not counted); ` +
      `2 cores shared with PostgreSQL and autocannon${failed ? `; ${failed} requests failed` : ''}`;
    const name = `dashboard totals, ${s.label} (${donations.toLocaleString('en-US')} donations)`;
    const compare =
      s.key === '1' ? {} : { compare: { name: 'the same on 1 process', samples: one.map((x) => x.perSecond) } };
    return [
      {
        group: GROUP,
        name: `${name}, throughput`,
        unit: 'req/s' as const,
        samples: rounds.map((x) => x.perSecond),
        note,
        ...compare,
      },
      {
        group: GROUP,
        name: `${name}, latency p99`,
        unit: 'ms' as const,
        samples: rounds.map((x) => x.p99),
        note: "the highest p99 of the round's autocannon instances",
      },
    ];
  });
  recordFigures(figures);
} finally {
  for (const cleanup of cleanups.reverse())
    await Promise.resolve()
      .then(cleanup)
      .catch((e) => console.error(e));
}
