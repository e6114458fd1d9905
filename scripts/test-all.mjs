// `npm test`: every suite, then one summary line `N passed, N failed[, N skipped]` that CI reads.
// 1. typecheck  2. unit + API tests on PGlite  3. API tests on a real PostgreSQL server it starts itself, then the
// cluster test (three server processes on it behind nginx)
// 4. browser tests in Debian's Chromium (installed when missing) against the real product; after their web build, the
//    bundle budgets (scripts/check-bundles.mjs), one passed/failed per budget.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkBundles, formatResults } from './check-bundles.mjs';
import { ensureChromium, ensureNginx } from './ensure-chromium.mjs';
import { startPostgres } from './pg-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const tmp = `${root}.test-tmp`;
mkdirSync(tmp, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const report = [];
const failures = [];

function run(cmd, args, env = {}) {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function record(name, counts, ms) {
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  const took = ms === undefined ? '' : ` (${Math.round(ms / 1000)} s)`;
  report.push(`${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${took}`);
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

function vitest(name, projects, outFile, env = {}) {
  const began = Date.now();
  rmSync(outFile, { force: true });
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile=${outFile}`];
  const code = run('npx', args, env);
  const json = readJson(outFile);
  if (!json) return record(name, { passed: 0, failed: 1, skipped: 0 }, Date.now() - began);
  for (const file of json.testResults) {
    if (file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed')) {
      failures.push(`${name}: ${file.name.slice(root.length)}: ${(file.message ?? '').split('\n')[0].slice(0, 200)}`);
    }
    for (const t of file.assertionResults) {
      if (t.status === 'failed') failures.push(`${name}: ${file.name.slice(root.length)} › ${t.fullName}: ${(t.failureMessages[0] ?? '').split('\n')[0].slice(0, 200)}`);
    }
  }
  const counts = {
    passed: json.numPassedTests,
    failed: json.numFailedTests + (code !== 0 && json.numFailedTests === 0 ? 1 : 0),
    skipped: json.numPendingTests + json.numTodoTests,
  };
  record(name, counts, Date.now() - began);
}

function step(name, fn) {
  try {
    fn();
  } catch (error) {
    console.error(`\n${name} could not run: ${error instanceof Error ? error.message : error}`);
    record(name, { passed: 0, failed: 1, skipped: 0 });
  }
}

const only = process.argv[2];

if (!only || only === 'typecheck') {
  step('typecheck', () => {
    const code = run('npx', ['tsc', '-p', 'packages/shared']) || run('npx', ['tsc', '-p', 'apps/server']) || run('npx', ['tsc', '-p', 'apps/web']) || run('npx', ['tsc', '-p', 'bench']);
    record('typecheck', code === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 });
  });
}

if (!only || only === 'pglite') {
  step('unit + API (PGlite)', () => vitest('unit + API (PGlite)', ['unit', 'api'], `${tmp}/vitest-pglite.json`));
}

if (!only || only === 'postgres') {
  step('API (PostgreSQL)', () => {
    const pg = startPostgres(process.env.TEST_PG_PORT ? Number(process.env.TEST_PG_PORT) : undefined);
    try {
      vitest('API (PostgreSQL)', ['api'], `${tmp}/vitest-postgres.json`, { TEST_DATABASE_URL: pg.url });
      ensureNginx();
      vitest('cluster (PostgreSQL, nginx)', ['cluster'], `${tmp}/vitest-cluster.json`, { TEST_DATABASE_URL: pg.url });
    } finally {
      pg.stop();
    }
  });
}

if (!only || only === 'e2e') {
  step('browser (Chromium)', () => {
    const chromium = ensureChromium();
    if (run('npm', ['run', 'build', '-w', 'apps/web']) !== 0) throw new Error('the web build failed');
    step('bundle budgets', () => {
      const results = checkBundles();
      console.log(`\nBundle budgets (gzip of JavaScript, kB = 1,000 bytes)\n${formatResults(results).join('\n')}`);
      const failed = results.filter((r) => !r.ok).length;
      record('bundle budgets', { passed: results.length - failed, failed, skipped: 0 });
    });
    const began = Date.now();
    const out = `${tmp}/e2e.json`;
    rmSync(out, { force: true });
    const code = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { CHROMIUM_PATH: chromium });
    const json = readJson(out);
    if (!json) throw new Error(`playwright exited ${code} without results`);
    const s = json.stats;
    const walk = (suite, path) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests) {
          if (t.status === 'unexpected') failures.push(`browser: ${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}`);
        }
      }
      for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
    };
    for (const suite of json.suites) walk(suite, []);
    record('browser (Chromium)', {
      passed: s.expected + (s.flaky ?? 0),
      failed: s.unexpected + (code !== 0 && s.unexpected === 0 ? 1 : 0),
      skipped: s.skipped,
    }, Date.now() - began);
  });
}

if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${report.join('\n')}`);
const summary = `${totals.passed} passed, ${totals.failed} failed` + (totals.skipped ? `, ${totals.skipped} skipped` : '');
console.log(summary);
process.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0);
