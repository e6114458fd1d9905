// `npm test`: every suite, then one summary line `N passed, N failed[, N skipped]` that CI reads.
// 1. set-up: Debian's Chromium, nginx and the document readers (pdftoppm, zbarimg, a JDK, zipinfo, openpyxl) when missing.
// 2. side by side: the server and web builds, made once; typecheck (e2e included), lint, format and the commit
//    subjects (their output in .test-tmp/<name>.log, printed when they end).
// 3. one after another, each using both cores: unit + API on PGlite, then API on a real PostgreSQL server it starts
//    itself (the files that reach a database: scripts/database-tests.mjs); after each, the files that bound answer
//    times (TIMED: scripts/slow-first-sequencer.mjs) with nothing beside them; the cluster test (three processes
//    behind nginx), the built server on Node 24 LTS (apps/server/src/smoke) and the slow-bodies attack (ALONE) side
//    by side (their output in .test-tmp, printed when each ends; decision 0086); bundle budgets
//    (scripts/check-bundles.mjs) and the browser tests in Chromium, three lanes with a server each. A browser test that
//    fails is run once more and named. The API passes and the browser tests starved each other side by side (decision
//    0076); the three process tests do not.
// `npm test -- <stage>` runs one stage: checks, pglite, postgres, smoke, e2e. Each stage's duration is in the report.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { checkBundles, formatResults } from './check-bundles.mjs';
import { checkCommits, formatCommitCheck } from './check-commits.mjs';
import { ensureChromium, ensureNginx } from './ensure-chromium.mjs';
import { ensureDocumentReaders } from './ensure-debian.mjs';
import { startPostgres } from './pg-server.mjs';
import { EMBEDDED_ONLY } from './database-tests.mjs';
import { ALONE } from './slow-first-sequencer.mjs';
import { busyCpuSeconds } from './machine-busy.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const tmp = `${root}.test-tmp`;
mkdirSync(tmp, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const report = [];
const failures = [];
const began = Date.now();
const cpuBegan = busyCpuSeconds();
const only = process.argv[2];
const wants = (stage) => !only || only === stage;
// The builds are made once, here; the test harnesses (build-server.setup.ts, e2e/support/start-app.mjs) skip theirs.
const BUILT = { OPENRESCUE_BUILT: '1' };

/** Runs a command; its output goes to `log` (a file under .test-tmp) or, alone, to this terminal. */
function run(cmd, args, { env = {}, log } = {}) {
  const out = log ? createWriteStream(`${tmp}/${log}.log`) : null;
  if (!out) console.log(`\n$ ${cmd} ${args.join(' ')}`);
  else out.write(`$ ${cmd} ${args.join(' ')}\n`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: out ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, FORCE_COLOR: '0', ...env },
    });
    if (out) {
      child.stdout.pipe(out, { end: false });
      child.stderr.pipe(out, { end: false });
    }
    child.on('close', (code) => (out ? out.end(() => resolve(code ?? 1)) : resolve(code ?? 1)));
  });
}

function showLog(log) {
  const file = `${tmp}/${log}.log`;
  if (existsSync(file)) console.log(`\n===== ${log} =====\n${readFileSync(file, 'utf8')}`);
}

const CORES = availableParallelism();
/** How much of the cores' time a stage kept busy: near 100% it computes, far below it waits. */
const busyShare = (cpu, ms) => `${Math.round((100 * cpu) / ((CORES * ms) / 1000))}% of ${CORES} cores`;

const cpuSince = (start) => (start == null ? null : busyCpuSeconds() - start);

function record(name, counts, ms, cpu) {
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  const cpuText = cpu == null || !ms ? '' : `, ${Math.round(cpu)} CPU-s busy: ${busyShare(cpu, ms)}`;
  const took = ms === undefined ? '' : ` (${Math.round(ms / 1000)} s${cpuText})`;
  report.push(`${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${took}`);
}

const one = (ok) => (ok ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 });

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

async function step(name, fn) {
  const start = Date.now();
  try {
    await fn();
  } catch (error) {
    console.error(`\n${name} could not run: ${error instanceof Error ? error.message : error}`);
    record(name, one(false), Date.now() - start);
  }
}

/** One command that passes or fails as a whole (typecheck, lint, format). */
async function check(name, cmd, args, log) {
  const start = Date.now();
  const code = await run(cmd, args, { log });
  if (code !== 0) failures.push(`${name}: see .test-tmp/${log}.log`);
  record(name, one(code === 0), Date.now() - start);
}

/** One vitest run; `aside`: its output to .test-tmp/<log>.log, printed when it ends (it runs beside another). */
async function vitest(name, projects, log, { env = {}, aside = false } = {}) {
  const start = Date.now();
  const cpuStart = busyCpuSeconds();
  const outFile = `${tmp}/${log}.json`;
  rmSync(outFile, { force: true });
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile=${outFile}`];
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...reporters];
  const code = await run('npx', args, { env: { ...BUILT, ...env }, log: aside ? log : undefined });
  if (aside) showLog(log);
  const json = readJson(outFile);
  if (!json) return record(name, one(false), Date.now() - start);
  for (const file of json.testResults) {
    const path = file.name.slice(root.length);
    if (file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed')) {
      failures.push(`${name}: ${path}: ${(file.message ?? '').split('\n')[0].slice(0, 200)}`);
    }
    for (const t of file.assertionResults) {
      const first = (t.failureMessages[0] ?? '').split('\n')[0].slice(0, 200);
      if (t.status === 'failed') failures.push(`${name}: ${path} › ${t.fullName}: ${first}`);
    }
  }
  const counts = {
    passed: json.numPassedTests,
    failed: json.numFailedTests + (code !== 0 && json.numFailedTests === 0 ? 1 : 0),
    skipped: json.numPendingTests + json.numTodoTests,
  };
  record(name, counts, Date.now() - start, cpuSince(cpuStart));
}

async function build() {
  const server = await run('node', ['apps/server/scripts/build.mjs'], { log: only ? undefined : 'build-server' });
  const web =
    server === 0 ? await run('npm', ['run', 'build', '-w', 'apps/web'], { log: only ? undefined : 'build-web' }) : 1;
  if (server !== 0 || web !== 0) {
    if (!only) showLog(server !== 0 ? 'build-server' : 'build-web');
    throw new Error('the build failed');
  }
}

async function checks() {
  // Side by side: one after another they left a core idle (45 + 17 + 11 s beside the builds).
  await Promise.all([
    check('typecheck', 'npm', ['run', 'typecheck'], 'typecheck'),
    check('lint', 'npm', ['run', 'lint'], 'lint'),
    check('format', 'npx', ['prettier', '--check', '.'], 'format'),
  ]);
  const commits = checkCommits();
  console.log(`\n${formatCommitCheck(commits)}`);
  for (const c of commits.bad) failures.push(`commit subjects: ${c.hash} ${c.problem}: ${c.subject}`);
  record('commit subjects', one(commits.bad.length === 0));
}

/** The PostgreSQL server of the PostgreSQL passes: started once, when first asked for, stopped at the end. */
let pg = null;
const pgUrl = () => {
  pg ??= startPostgres(process.env.TEST_PG_PORT ? Number(process.env.TEST_PG_PORT) : undefined);
  return { TEST_DATABASE_URL: pg.url };
};

/**
 * Unit + API on PGlite, then the API on PostgreSQL; in each, after the rest, the files that bound answer times (the
 * `timed` project: scripts/slow-first-sequencer.mjs) with nothing beside them. The slow-bodies attack (`api-alone`)
 * runs on PGlite in processTests.
 */
async function databaseTests() {
  if (wants('pglite')) {
    const projects = ['unit', 'api', 'timed'];
    await step('pglite', () => vitest('unit + API (PGlite)', projects, 'vitest-pglite'));
  }
  if (wants('postgres')) {
    const projects = ALONE.some((f) => !(f in EMBEDDED_ONLY)) ? ['api', 'timed', 'api-alone'] : ['api', 'timed'];
    await step('postgres', () => vitest('API (PostgreSQL)', projects, 'vitest-postgres', { env: pgUrl() }));
  }
}

/**
 * The cluster (three processes behind nginx), the built server on Node 24 and the slow-bodies attack on PGlite (the
 * `api-alone` project), side by side: neither of the first two bounds a time a neighbour could break, each alone left
 * a third of the cores idle while its processes started, and the attack spends 30 s waiting on trickling sockets. Its
 * bound, 2 s for each of a real user's requests, held at ~0.6 s beside the other two (~0.2 s alone); beside the
 * timed files it did not (3.3 s beside heavy-reads), so it stays out of the database passes.
 */
async function processTests() {
  const cluster = () =>
    vitest('cluster (PostgreSQL, nginx)', ['cluster'], 'vitest-cluster', { env: pgUrl(), aside: true });
  const smoke = () => vitest('Node 24 smoke', ['smoke'], 'vitest-smoke', { aside: true });
  const slowBodies = () => vitest('slow bodies (PGlite)', ['api-alone'], 'vitest-alone', { aside: true });
  await Promise.all([
    wants('postgres') && step('cluster', cluster),
    wants('smoke') && step('smoke', smoke),
    wants('pglite') && step('slow bodies', slowBodies),
  ]);
}

async function browser(chromium) {
  await step('bundle budgets', () => {
    const results = checkBundles();
    console.log(`\nBundle budgets (gzip of JavaScript, kB = 1,000 bytes)\n${formatResults(results).join('\n')}`);
    const failed = results.filter((r) => !r.ok).length;
    record('bundle budgets', { passed: results.length - failed, failed, skipped: 0 });
  });
  const start = Date.now();
  const cpuStart = busyCpuSeconds();
  const out = `${tmp}/e2e.json`;
  rmSync(out, { force: true });
  const args = ['playwright', 'test', '-c', 'e2e/playwright.config.ts'];
  const code = await run('npx', args, { env: { ...BUILT, CHROMIUM_PATH: chromium } });
  const json = readJson(out);
  if (!json) throw new Error(`playwright exited ${code} without results`);
  const s = json.stats;
  const flaky = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        const title = `${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}`;
        if (t.status === 'unexpected') failures.push(`browser: ${title}`);
        if (t.status === 'flaky') flaky.push(`${title}: ${firstError(t)}`);
        if (t.status === 'unexpected' || t.status === 'flaky') printErrorContexts(title, t);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of json.suites) walk(suite, []);
  if (flaky.length) console.log(`\nFailed once, passed on the retry:\n${flaky.map((f) => `  ${f}`).join('\n')}`);
  const failed = s.unexpected + (code !== 0 && s.unexpected === 0 ? 1 : 0);
  const counts = { passed: s.expected + (s.flaky ?? 0), failed, skipped: s.skipped };
  const name = flaky.length ? `browser (Chromium; ${flaky.length} passed on the retry)` : 'browser (Chromium)';
  record(name, counts, Date.now() - start, cpuSince(cpuStart));
}

const firstError = (t) =>
  stripVTControlCharacters(t.results.find((r) => r.error)?.error?.message ?? '')
    .split('\n')[0]
    .slice(0, 160);

/**
 * What the page showed when a browser test failed (Playwright's error context: the page's accessibility tree), so a
 * failure in CI can be read from its log alone.
 */
function printErrorContexts(title, t) {
  for (const [i, r] of t.results.entries()) {
    const context = r.attachments?.find((a) => a.name === 'error-context' && a.path && existsSync(a.path));
    if (!context) continue;
    const lines = readFileSync(context.path, 'utf8').split('\n');
    const shown = lines.slice(0, 80).join('\n') + (lines.length > 80 ? `\n… ${lines.length - 80} more lines` : '');
    console.log(`\n----- ${title} (try ${i + 1}): the page when it failed -----\n${shown}`);
  }
}

let chromium = null;
await step('set-up', () => {
  if (wants('e2e')) chromium = ensureChromium({ shell: !process.env.CHROMIUM_PATH });
  if (wants('pglite') || wants('postgres')) ensureDocumentReaders();
  if (wants('postgres')) ensureNginx();
});
// The builds and the static checks side by side (their output in .test-tmp/<name>.log, printed after).
const preStart = Date.now();
const preCpu = busyCpuSeconds();
await Promise.all([
  ['pglite', 'postgres', 'smoke', 'e2e'].some(wants) && step('build', build),
  wants('checks') &&
    step('checks', checks).then(() => {
      if (!only) for (const log of ['typecheck', 'lint', 'format']) showLog(log);
    }),
]);
const preMs = Date.now() - preStart;
const preCpuText = preCpu == null ? '' : `, ${Math.round(busyCpuSeconds() - preCpu)} CPU-s busy`;
report.unshift(`builds and checks side by side: ${Math.round(preMs / 1000)} s${preCpuText}`);
try {
  await databaseTests();
  await processTests();
  if (wants('e2e')) await step('e2e', () => (chromium ? browser(chromium) : Promise.reject(new Error('no Chromium'))));
} finally {
  pg?.stop();
}

if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
const allMs = Date.now() - began;
const cpuTotal = cpuSince(cpuBegan);
const cpuText = cpuTotal == null ? '' : `, ${Math.round(cpuTotal)} CPU-s busy: ${busyShare(cpuTotal, allMs)}`;
console.log(`\n${report.join('\n')}\nall stages: ${Math.round(allMs / 1000)} s${cpuText}`);
const summary =
  `${totals.passed} passed, ${totals.failed} failed` + (totals.skipped ? `, ${totals.skipped} skipped` : '');
console.log(summary);
process.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0);
