/**
 * The API under load (issue 8): throughput and latency with 50 connections for five requests the product serves
 * most, on PGlite and on PostgreSQL 15 in the same run, and the server's memory while it serves them:
 * - the company user's dashboard totals (company 1, the default range, by department: what the dashboard sends);
 * - a list screen: the ops Stores list, first page of 50 with receivers, as staff;
 * - the public network map's data (`/public/network/all/demo`: every organization, secret 'demo');
 * - sign-in with e-mail and password (the demo staff account; the per-account limit is raised for this figure);
 * - the app's page for `/` as a signed-in company user's browser asks for it: the client dashboard's first view,
 *   filled from the session cookie per request (decision 0032).
 * How: the real server in its own process, as `npm start` starts it (`node apps/server/dist/main.js`, built first,
 * loopback), one per engine, both up at once. Each first starts on a fresh DATA_DIR and seeds the demo network, then,
 * once its background start-up work (rendering the demo's documents) is done, restarts on the same data, as a server
 * runs day to day. autocannon runs here, never in the server's process, with the headers the web app sends. Rounds
 * alternate engine and endpoint (3 rounds of a third of --seconds, at least 2 s, after a 2 s warm-up), so the shared
 * machine's noise falls on both engines alike; after each run the server is left to finish what it was sent.
 * Sign-in is 3 bursts of 50 at once (one per connection): each costs a password hash, so 50 take longer than a round.
 * Samples: req/s per second (bursts: answers over the time to the last one), p50/p99 per round, RSS (VmRSS of the
 * server process, its threads included: PGlite's worker, render workers) every 250 ms while it is under load.
 * Usage: npx tsx bench/api-load-bench.ts [--seconds 15] [--connections 50] [--donations 120000] [--engines pglite,postgres]
 *   (postgres-socket: the same PostgreSQL through its unix socket instead of loopback TCP)
 *   [--endpoints dashboard,stores,network,sign-in,floor,first-view] [--cpu-prof DIR (each server writes a V8 CPU profile there
 *   when it stops)]
 * Targets: dashboard >= 1,000 req/s and p99 <= 100 ms; server RSS <= 400 MB. The others are recorded without one.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { DEFAULT_RANGE } from '@openrescue/shared';
import {
  accessToken,
  freePort,
  sessionCookie,
  startServer,
  type ServerProcess,
} from '../apps/server/src/test-support/processes/server-process.js';
// @ts-expect-error plain ESM helper without types
import { startPostgres } from '../scripts/pg-server.mjs';
import { browserHeaders as browser, DASHBOARD_TOTALS_PATH, DEMO_LOGINS } from './lib/app.js';
import { type Figure, recordFigures } from './lib/figures.js';
import { cpuSeconds, settle } from './lib/server-process.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '15' },
    connections: { type: 'string', default: '50' },
    donations: { type: 'string', default: '120000' },
    engines: { type: 'string', default: 'pglite,postgres' },
    endpoints: { type: 'string' },
    'cpu-prof': { type: 'string' },
  },
});
const ROUNDS = 3;
const roundSeconds = Math.max(2, Math.round(Number(values.seconds) / ROUNDS));
const connections = Number(values.connections);
const donations = Number(values.donations);
const ENGINE_NAMES = {
  pglite: 'PGlite',
  postgres: 'PostgreSQL 15',
  'postgres-socket': 'PostgreSQL 15 (unix socket)',
} as const;
type Engine = keyof typeof ENGINE_NAMES;
const engines = values.engines!.split(',') as Engine[];
if (engines.some((e) => !(e in ENGINE_NAMES)))
  throw new Error(`--engines: some of ${Object.keys(ENGINE_NAMES).join(',')}`);
const GROUP = `API under load (${connections} connections)`;

type Served = {
  engine: Engine;
  server: ServerProcess;
  pid: number;
  companyToken: string;
  staffToken: string;
  rss: number[];
  idleRss: number[];
  /** A session of its own (a token call would rotate it): the page only reads it. */
  companyCookie: string;
};
type Request = { path: string; method?: 'POST'; headers: Record<string, string>; body?: string };
/** burst: each round is `connections` requests at once (one per connection) instead of a timed run. */
type Endpoint = { key: string; label: string; target?: boolean; burst?: boolean; request: (s: Served) => Request };
type Tally = { perSecond: number[]; p50: number[]; p99: number[]; failed: number; cpu: number; answers: number };

const ALL_ENDPOINTS: Endpoint[] = [
  {
    key: 'dashboard',
    label: `dashboard totals, company 1, ${DEFAULT_RANGE} by department`,
    target: true,
    request: (s) => ({
      path: DASHBOARD_TOTALS_PATH,
      headers: browser(s.companyToken),
    }),
  },
  {
    key: 'stores',
    label: 'Stores list, first page of 50 with receivers (staff)',
    request: (s) => ({
      path: '/core-api/api/retail/stores?expand=receivers&page_size=50&page=1',
      headers: browser(s.staffToken),
    }),
  },
  {
    key: 'network',
    label: 'public network map data, all regions',
    request: () => ({
      path: '/core-api/api/public/retail/network/?in_area=all&secret=demo&limit=10000',
      headers: browser(),
    }),
  },
  {
    key: 'sign-in',
    label: 'sign-in, e-mail and password (staff; per-account limit raised)',
    burst: true,
    request: (s) => ({
      path: '/core-api/api/auth/sign-in/email',
      method: 'POST',
      headers: { ...browser(), 'content-type': 'application/json', origin: s.server.base },
      body: JSON.stringify({ email: DEMO_LOGINS.staff[0], password: DEMO_LOGINS.staff[1], rememberMe: false }),
    }),
  },
  {
    key: 'floor',
    label: 'the smallest answer: public app settings (no database, no session), what this harness allows',
    request: () => ({
      path: '/core-api/api/config',
      headers: browser(),
    }),
  },
  {
    key: 'first-view',
    label: "the app's page for / with the client dashboard's first view (company user's cookie)",
    request: (s) => ({
      path: '/',
      headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br', cookie: s.companyCookie },
    }),
  },
];
const ENDPOINTS = values.endpoints
  ? ALL_ENDPOINTS.filter((e) => values.endpoints!.split(',').includes(e.key))
  : ALL_ENDPOINTS;
if (!ENDPOINTS.length) throw new Error(`--endpoints: some of ${ALL_ENDPOINTS.map((e) => e.key).join(',')}`);
const sizes = { stores: 0, organizations: 0 }; // read from the answers (the same demo network on both engines)

const readRss = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

/** One bounded autocannon run, then until the server has answered what it was sent; RSS sampled all along. */
async function load(s: Served, endpoint: Endpoint, seconds: number): Promise<Tally> {
  const { path, ...request } = endpoint.request(s);
  const perSecond: number[] = [];
  const [started, cpuBefore] = [performance.now(), cpuSeconds(s.pid)];
  const sampler = setInterval(() => s.rss.push(readRss(s.pid)), 250);
  const instance = autocannon({
    url: s.server.base + path,
    connections,
    ...request,
    ...(endpoint.burst ? { amount: connections, timeout: 300 } : { duration: seconds }),
  });
  instance.on('response', (_client: unknown, status: number) => {
    const second = Math.floor((performance.now() - started) / 1000);
    if (status < 300 && second < seconds) perSecond[second] = (perSecond[second] ?? 0) + 1;
  });
  const result = await instance;
  const elapsed = (performance.now() - started) / 1000;
  await settle(s.pid, 1);
  clearInterval(sampler);
  return {
    perSecond: endpoint.burst
      ? [result['2xx'] / elapsed]
      : Array.from({ length: seconds }, (_, i) => perSecond[i] ?? 0),
    p50: [result.latency.p50],
    p99: [result.latency.p99],
    failed: result.non2xx + result.errors + result.timeouts,
    cpu: cpuSeconds(s.pid) - cpuBefore,
    answers: result['2xx'],
  };
}

async function serve(engine: Engine, cleanups: (() => unknown)[]): Promise<Served> {
  const dataDir = mkdtempSync(join(tmpdir(), `openrescue-api-load-${engine}-`));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const pg = engine !== 'pglite' ? startPostgres() : null;
  if (pg) cleanups.push(() => pg.stop());
  const port = String(await freePort());
  const env = {
    PORT: port,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    DEMO_DONATIONS: String(donations),
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000000',
    // one load generator stands for many visitors of the public map (its per-address budget: decision 0040)
    PUBLIC_NETWORK_RATE_LIMIT_PER_MINUTE: '1000000',
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    ...(pg ? { DATABASE_URL: (engine === 'postgres-socket' ? pg.socketUrl : pg.url) as string } : {}),
  };
  const idleRss: number[] = [];
  let server: ServerProcess | undefined;
  for (const start of ['first start', 'restart']) {
    await server?.stop('SIGTERM');
    const profile =
      values['cpu-prof'] && start === 'restart' ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : [];
    const started = (server = await startServer(env, 600_000, profile));
    cleanups.push(() => started.stop('SIGTERM'));
    await settle(started.child.pid!, 3);
    idleRss.push(readRss(started.child.pid!));
    console.log(`${ENGINE_NAMES[engine]} server idle after its ${start}: ${idleRss.at(-1)!.toFixed(0)} MB RSS`);
  }
  const served: Served = {
    engine,
    server: server!,
    pid: server!.child.pid!,
    rss: [],
    idleRss,
    companyToken: await accessToken(server!.base, ...DEMO_LOGINS.company),
    staffToken: await accessToken(server!.base, ...DEMO_LOGINS.staff),
    companyCookie: await sessionCookie(server!.base, ...DEMO_LOGINS.company),
  };
  for (const endpoint of ALL_ENDPOINTS) {
    const { path, ...init } = endpoint.request(served);
    const res = await fetch(served.server.base + path, init);
    if (res.status !== 200) throw new Error(`${engine} ${endpoint.key} answered ${res.status}: ${await res.text()}`);
    if (endpoint.key === 'first-view') {
      if (!(await res.text()).includes('data-page-shell="/"'))
        throw new Error(`${engine}: the page for / came without the first view`);
      continue;
    }
    const json = (await res.json()) as { count?: number; results?: unknown[] };
    if (endpoint.key === 'stores') sizes.stores = json.count ?? 0;
    if (endpoint.key === 'network') sizes.organizations = json.results?.length ?? 0;
  }
  return served;
}

const cleanups: (() => unknown)[] = [];
const cleanUp = async () => {
  for (const cleanup of cleanups.splice(0).reverse())
    await Promise.resolve()
      .then(cleanup)
      .catch((e) => console.error(e));
};
process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));
try {
  const served: Served[] = [];
  for (const engine of engines) served.push(await serve(engine, cleanups));
  for (const s of served) for (const e of ENDPOINTS) if (!e.burst) await load(s, e, 2); // warm-up: JIT, caches, pools
  for (const s of served) s.rss.length = 0;
  const tally = new Map<string, Tally>(); // by `${endpoint}/${engine}`
  for (let round = 1; round <= ROUNDS; round++) {
    for (const endpoint of ENDPOINTS) {
      for (const s of round % 2 ? served : [...served].reverse()) {
        const firstRss = s.rss.length;
        const r = await load(s, endpoint, roundSeconds);
        const t = tally.get(`${endpoint.key}/${s.engine}`);
        tally.set(
          `${endpoint.key}/${s.engine}`,
          !t
            ? r
            : {
                perSecond: [...t.perSecond, ...r.perSecond],
                p50: [...t.p50, ...r.p50],
                p99: [...t.p99, ...r.p99],
                failed: t.failed + r.failed,
                cpu: t.cpu + r.cpu,
                answers: t.answers + r.answers,
              },
        );
        console.log(
          `round ${round} ${endpoint.key.padEnd(9)} ${ENGINE_NAMES[s.engine].padEnd(13)} ` +
            `${(r.perSecond.reduce((a, b) => a + b, 0) / r.perSecond.length).toFixed(1)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ` +
            `server CPU ${((r.cpu / r.answers) * 1000).toFixed(1)} ms per answer, RSS max ` +
            `${Math.max(...s.rss.slice(firstRss)).toFixed(0)} MB${r.failed ? `, ${r.failed} failed` : ''}`,
        );
      }
    }
  }

  const figures: Figure[] = [];
  const name = (what: string, engine: Engine) =>
    `${what} (${ENGINE_NAMES[engine]}, ${donations.toLocaleString('en-US')} donations, ` +
    `${sizes.stores.toLocaleString('en-US')} stores, ${sizes.organizations.toLocaleString('en-US')} network organizations)`;
  const other = (s: Served) => served.find((o) => o !== s);
  const figure = (
    s: Served,
    what: string,
    unit: Figure['unit'],
    samples: (s: Served) => number[],
    extra: Partial<Figure>,
  ) =>
    figures.push({
      group: GROUP,
      name: name(what, s.engine),
      unit,
      samples: samples(s),
      ...extra,
      ...(other(s) ? { compare: { name: name(what, other(s)!.engine), samples: samples(other(s)!) } } : {}),
    });
  for (const endpoint of ENDPOINTS) {
    const rounds = endpoint.burst
      ? `${ROUNDS} bursts of ${connections} at once`
      : `${ROUNDS} rounds of ${roundSeconds} s`;
    const of = (s: Served) => tally.get(`${endpoint.key}/${s.engine}`)!;
    for (const s of served) {
      const t = of(s);
      const note =
        `${rounds}; server process CPU ${((t.cpu / t.answers) * 1000).toFixed(1)} ms per answer (PostgreSQL's ` +
        `own processes not counted)${t.failed ? `; ${t.failed} requests failed (non-2xx, errors, timeouts)` : ''}` +
        (endpoint.burst ? '; LOGIN_RATE_LIMIT_PER_MINUTE raised to 100,000,000 (default 10 a minute per account)' : '');
      figure(s, `${endpoint.label}, throughput`, 'req/s', (x) => of(x).perSecond, {
        note,
        ...(endpoint.target ? { target: { op: '>=', value: 1000, of: 'median' } } : {}),
      });
      figure(s, `${endpoint.label}, latency p50`, 'ms', (x) => of(x).p50, { note: `one sample per round, ${rounds}` });
      figure(s, `${endpoint.label}, latency p99`, 'ms', (x) => of(x).p99, {
        note: `one sample per round, ${rounds}`,
        ...(endpoint.target ? { target: { op: '<=', value: 100, of: 'median' } } : {}),
      });
    }
  }
  for (const s of served) {
    figure(s, 'server RSS under the load test', 'MB', (x) => x.rss, {
      target: { op: '<=', value: 400, of: 'max' },
      note:
        `VmRSS of the server process every 250 ms under load (its threads included; PostgreSQL's processes not); ` +
        `idle before the load ${s.idleRss[1].toFixed(0)} MB, after the first start (seeding) ${s.idleRss[0].toFixed(0)} MB`,
    });
  }
  recordFigures(figures);
} finally {
  await cleanUp();
}
