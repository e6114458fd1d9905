/**
 * `npm run bench`: every benchmark in one run, each figure beside its comparison, one results table.
 *
 * Builds the web app, makes sure Chromium is there, then runs each benchmark script in turn (one at a time: the
 * machine has 2 cores and the figures are medians of a quiet-as-possible run). Each script makes its own data and
 * starts what it needs (PGlite in memory, a throw-away PostgreSQL 15, the built product, Chromium) and reports its
 * figures through bench/lib/figures.ts. The table goes to bench/results/latest.md (and .json beside it).
 *
 * Usage: npm run bench [-- --size full|quick] [--only a,b] [--skip a,b]
 *   full (default): the sizes the issues name (10M donations on PostgreSQL, 1M on PGlite, 10,000 organizations…)
 *   quick: small sizes, to check the suite end to end in a few minutes (figures are not comparable)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
// @ts-expect-error plain ESM helper without types
import { ensureChromium } from '../scripts/ensure-chromium.mjs';
import type { Figure } from './lib/figures.js';
import { writeResults } from './lib/results-table.js';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: 'full' },
    only: { type: 'string' },
    skip: { type: 'string' },
    out: { type: 'string', default: 'bench/results/latest.md' },
  },
});
const quick = values.size === 'quick';
const pick = (full: string, small: string) => (quick ? small : full);

/** name, script, arguments; in the order of the table. */
const SUITE: { name: string; script: string; args: string[] }[] = [
  {
    name: 'totals',
    script: 'bench/report-totals-bench.ts',
    args: [
      '--donations',
      pick('10000000', '200000'),
      '--pglite-donations',
      pick('1000000', '100000'),
      '--runs',
      pick('30', '10'),
      '--raw-runs',
      pick('3', '2'),
    ],
  },
  {
    name: 'api',
    script: 'bench/api-load-bench.ts',
    args: ['--seconds', pick('15', '4'), '--donations', pick('120000', '20000')],
  },
  {
    name: 'growth',
    script: 'bench/cost-growth-bench.ts',
    args: ['--base', pick('12000', '3000'), '--runs', pick('30', '10')],
  },
  {
    name: 'cluster',
    script: 'bench/cluster-bench.ts',
    args: ['--seconds', pick('15', '4'), '--donations', pick('120000', '20000')],
  },
  { name: 'startup', script: 'bench/startup-bench.ts', args: ['--runs', pick('3', '1')] },
  { name: 'bundles', script: 'bench/bundle-budgets.ts', args: [] },
  { name: 'browser', script: 'bench/browser-bench.ts', args: ['--runs', pick('3', '1')] },
  { name: 'felt', script: 'bench/felt-speed-bench.ts', args: ['--runs', pick('7', '2')] },
  { name: 'lists', script: 'bench/ops-lists-bench.ts', args: ['--runs', pick('50', '10')] },
  { name: 'scroll', script: 'bench/list-scroll-bench.ts', args: ['--runs', pick('3', '1')] },
  { name: 'map', script: 'bench/network-map-bench.ts', args: ['--runs', pick('3', '1'), '--orgs', '10000'] },
  {
    name: 'publish',
    script: 'bench/publish-bench.ts',
    args: ['--files', pick('1000', '100'), '--runs', pick('3', '1')],
  },
  { name: 'documents', script: 'bench/documents-bench.ts', args: ['--runs', pick('5', '2')] },
  {
    name: 'company',
    script: 'bench/company-bench.ts',
    args: ['--runs', pick('5', '2'), '--job-runs', pick('3', '1'), '--stores', pick('500', '60')],
  },
  { name: 'login', script: 'bench/login-burst.ts', args: ['--samples', pick('21', '5'), '--burst', pick('200', '50')] },
  { name: 'axe', script: 'bench/axe-scan-bench.ts', args: ['--runs', pick('9', '3')] },
];

const only = values.only?.split(',');
const skip = values.skip?.split(',') ?? [];
const chosen = SUITE.filter((b) => (!only || only.includes(b.name)) && !skip.includes(b.name));

mkdirSync('.test-tmp', { recursive: true });
mkdirSync('bench/results', { recursive: true });
const jsonl = `${process.cwd()}/.test-tmp/bench-figures.jsonl`;
rmSync(jsonl, { force: true });

const run = (cmd: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const startedAt = new Date();
const loadBefore = (await import('node:os')).loadavg();
console.log(`npm run bench (${values.size}): ${chosen.map((b) => b.name).join(', ')}`);
// The axe bench measures the journeys' browser, the headless shell; the others the full one.
const chromiumPath: string = ensureChromium({ shell: chosen.some((b) => b.name === 'axe') });
if (run('npm', ['run', 'build', '-w', 'apps/web']) !== 0) throw new Error('the web build failed');
if (run('npm', ['run', 'build', '-w', 'apps/server']) !== 0) throw new Error('the server build failed');

const outcomes: { name: string; command: string; seconds: number; ok: boolean }[] = [];
for (const bench of chosen) {
  const command = `npx tsx ${bench.script} ${bench.args.join(' ')}`.trim();
  console.log(`\n=== ${bench.name}: ${command}`);
  const t0 = performance.now();
  const code = existsSync(bench.script)
    ? run('npx', ['tsx', bench.script, ...bench.args], {
        BENCH_RESULTS: jsonl,
        CHROMIUM_PATH: chromiumPath,
        BENCH_SIZE: values.size!,
      })
    : 1;
  outcomes.push({ name: bench.name, command, seconds: (performance.now() - t0) / 1000, ok: code === 0 });
}

const figures: Figure[] = existsSync(jsonl)
  ? readFileSync(jsonl, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Figure)
  : [];
const summary = writeResults(values.out!, { figures, outcomes, size: values.size!, startedAt, loadBefore });
writeFileSync(
  values.out!.replace(/\.md$/, '.json'),
  JSON.stringify({ startedAt, size: values.size, outcomes, figures }, null, 1),
);
console.log(`\n${summary}\nResults: ${values.out}`);
process.exit(outcomes.every((o) => o.ok) ? 0 : 1);
