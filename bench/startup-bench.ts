/**
 * Start-up (issue 8): how long a user waits from starting the product to a working sign-in page.
 *
 * Each run, on a fresh temporary data folder and a free port (loopback, PUBLIC_URL set to it), the clock runs from
 * spawning the command until GET /login answers 200 with the sign-in page AND the staff demo account signs in
 * (POST /core-api/api/auth/sign-in/email, 200):
 *   1. `npm start` (web build, then the server: migrations, demo network, demo accounts) on an empty folder;
 *   2. the server alone (`npm run start -w apps/server`, web already built) on an empty folder, PGlite on disk,
 *      beside the same start on an empty PostgreSQL 15 database (throw-away server, one new database per run);
 *   3. a restart: SIGTERM, wait until every process has exited (graceful shutdown), start the server again on the
 *      same data folder / database (no migrations, no demo data to make).
 * The times of the server's own lines (web build done, migrations applied, demo network ready, listening) are kept
 * to show where the time goes. Every child runs in its own process group and is killed at the end or on error.
 *
 * Usage: npx tsx bench/startup-bench.ts [--runs 3] [--donations 120000] [--skip-full] [--skip-pg]
 * Targets: `npm start` on an empty folder to a working sign-in page <= 60 s including demo data; restart <= 5 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
// @ts-expect-error plain ESM helper without types
import { startPostgres } from '../scripts/pg-server.mjs';
import { freePort } from '../apps/server/src/test-support/processes/server-process.js';
import { recordFigures, stats } from './lib/figures.js';
import {
  groupCpuSeconds,
  killAll,
  lineAt,
  startServerProcess,
  stopServerProcess,
  waitForSignIn,
  type ServerProcess,
} from './lib/server-process.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    donations: { type: 'string', default: '120000' },
    'skip-full': { type: 'boolean', default: false },
    'skip-pg': { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const donations = Number(values.donations);
const GROUP = 'Start-up';
const demo = `${donations.toLocaleString('en-US')} demo donations`;

const folders: string[] = [];
const newFolder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'openrescue-startup-'));
  folders.push(dir);
  return dir;
};

type Start = { ms: number; cpu: number; p: ServerProcess };
/** Spawns, waits for a working sign-in, returns the time and the running process (to stop or restart). */
async function start(kind: 'npm start' | 'server', dataDir: string, databaseUrl?: string): Promise<Start> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    DEMO_DONATIONS: String(donations),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const args = kind === 'npm start' ? ['start'] : ['run', 'start', '-w', 'apps/server'];
  const p = startServerProcess('npm', args, base, env);
  try {
    const ms = await waitForSignIn(p, 240_000);
    return { ms, cpu: groupCpuSeconds(p), p };
  } catch (error) {
    await stopServerProcess(p, 2000);
    throw error;
  }
}

/** Where the time went, from the times the server's lines arrived (s since spawn). */
function stages(p: ServerProcess, signIn: number, cpu: number): Record<string, number> {
  const at = (re: RegExp) => lineAt(p, re);
  const marks: [string, number | undefined][] = [
    ['web build done', at(/built in \d/)],
    ['migrations applied', at(/^Applied migrations/)],
    ['demo network started', at(/^Creating the demo network/)],
    ['demo network ready', at(/^Demo network ready/)],
    ['listening', at(/Server listening at|is running at/)],
    ['sign-in page served', p.pageAt],
    ['sign-in works', signIn],
  ];
  const wall = marks.filter((m): m is [string, number] => m[1] !== undefined).map(([k, v]) => [k, v / 1000]);
  return { ...Object.fromEntries(wall), 'CPU s used': cpu };
}
const stageLog: Record<string, Record<string, number>[]> = {};
function keep(label: string, { p, ms, cpu }: Start) {
  const s = stages(p, ms, cpu);
  (stageLog[label] ??= []).push(s);
  console.log(
    `  ${label}: ${(ms / 1000).toFixed(2)} s  [${Object.entries(s)
      .map(([k, v]) => `${k} ${v.toFixed(1)}`)
      .join(', ')}]`,
  );
}
/** The median time of each stage over the runs, for the figure's note. */
const stageNote = (label: string) => {
  const list = stageLog[label] ?? [];
  const names = [...new Set(list.flatMap((s) => Object.keys(s)))];
  return `median s since spawn: ${names.map((n) => `${n} ${stats(list.map((s) => s[n]).filter((x) => x !== undefined)).median.toFixed(1)}`).join(', ')}`;
};

/** A start on an empty store, then a restart on the same one; both times in ms. */
async function startAndRestart(kind: 'npm start' | 'server', label: string, databaseUrl?: string) {
  const dataDir = newFolder();
  const first = await start(kind, dataDir, databaseUrl);
  keep(label, first);
  await stopServerProcess(first.p);
  const second = await start('server', dataDir, databaseUrl);
  keep(databaseUrl ? 'restart, PostgreSQL 15' : 'restart, PGlite', second);
  await stopServerProcess(second.p);
  return { first: first.ms / 1000, restart: second.ms / 1000 };
}

const series = {
  full: [] as number[],
  fullRestart: [] as number[],
  alone: [] as number[],
  aloneRestart: [] as number[],
  pg: [] as number[],
  pgRestart: [] as number[],
};
const server = values['skip-pg'] ? null : startPostgres();
try {
  for (let run = 1; run <= runs; run++) {
    console.log(`run ${run} of ${runs} (${demo})`);
    if (!values['skip-full']) {
      const r = await startAndRestart('npm start', 'npm start (web build + server), PGlite');
      series.full.push(r.first);
      series.fullRestart.push(r.restart);
    }
    const a = await startAndRestart('server', 'server alone, PGlite');
    series.alone.push(a.first);
    series.aloneRestart.push(a.restart);
    if (server) {
      const name = `startup_${process.pid}_${run}`;
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const b = await startAndRestart(
        'server',
        'server alone, PostgreSQL 15',
        server.url.replace(/\/postgres$/, `/${name}`),
      );
      series.pg.push(b.first);
      series.pgRestart.push(b.restart);
    }
  }
} finally {
  killAll();
  server?.stop();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
}

const pgCompare = (samples: number[]) =>
  samples.length ? { compare: { name: 'PostgreSQL 15 (throw-away server, fsync off)', samples } } : {};
recordFigures([
  ...(series.full.length
    ? [
        {
          group: GROUP,
          name: `npm start on an empty data folder to a working sign-in (web build + server, PGlite, ${demo})`,
          unit: 's' as const,
          samples: series.full,
          target: { op: '<=' as const, value: 60 },
          note: stageNote('npm start (web build + server), PGlite'),
        },
      ]
    : []),
  {
    group: GROUP,
    name: `server alone on an empty data folder to a working sign-in (web already built, PGlite on disk, ${demo})`,
    unit: 's',
    samples: series.alone,
    ...pgCompare(series.pg),
    note:
      `PGlite ${stageNote('server alone, PGlite')}` +
      (series.pg.length ? `; PostgreSQL ${stageNote('server alone, PostgreSQL 15')}` : ''),
  },
  {
    group: GROUP,
    name: `restart on the same data folder to a working sign-in (PGlite on disk, ${demo})`,
    unit: 's',
    samples: [...series.aloneRestart, ...series.fullRestart],
    ...pgCompare(series.pgRestart),
    target: { op: '<=', value: 5 },
    note: `SIGTERM, graceful exit, \`npm run start -w apps/server\` again (no web build); ${stageNote('restart, PGlite')}`,
  },
]);
