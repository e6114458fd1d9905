// `npm run test:resilience`: the slow suites of issue 9 (6: crashes, 7: load), against the built server as its own
// process, one at a time (they measure), then their figures into docs/reliability.md ("Last run") and one summary
// line `N passed, N failed`. About 15-20 minutes on 2 cores. RESILIENCE_ONLY=load,postgres,embedded,publish,attacks runs some.
import { spawnSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tmp = `${root}.test-tmp`;
mkdirSync(tmp, { recursive: true });
const SCENARIOS = [
  {
    key: 'publish',
    name: 'a 200-file publish killed 20 times',
    project: 'api',
    file: 'apps/server/src/jobs/crash.test.ts',
    env: { CRASH_FILES: '200', CRASH_KILLS: '20' },
  },
  {
    key: 'postgres',
    name: 'PostgreSQL restarted under load',
    project: 'resilience',
    file: 'apps/server/src/resilience/postgres-restart.resilience.ts',
  },
  {
    key: 'embedded',
    name: 'the embedded database killed 50 times',
    project: 'resilience',
    file: 'apps/server/src/resilience/embedded-kill.resilience.ts',
  },
  { key: 'load', name: 'load', project: 'resilience', file: 'apps/server/src/resilience/load.resilience.ts' },
  {
    key: 'attacks',
    name: 'slow bodies and a sign-in flood',
    project: 'resilience',
    file: 'apps/server/src/resilience/attacks.resilience.ts',
  },
];
const only = process.env.RESILIENCE_ONLY?.split(',');
const totals = { passed: 0, failed: 0 };
const rows = [];
const startedAt = new Date();
const load = loadavg()
  .map((n) => n.toFixed(1))
  .join(' ');

for (const s of SCENARIOS.filter((x) => !only || only.includes(x.key))) {
  const out = `${tmp}/resilience-${s.key}.json`;
  rmSync(out, { force: true });
  console.log(`\n$ vitest run --project ${s.project} ${s.file}`);
  const began = Date.now();
  const r = spawnSync(
    'npx',
    ['vitest', 'run', '--project', s.project, s.file, '--reporter=default', '--reporter=json', `--outputFile=${out}`],
    {
      cwd: root,
      env: { ...process.env, ...s.env },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  process.stdout.write(r.stdout ?? '');
  process.stderr.write(r.stderr ?? '');
  const json = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : null;
  const passed = json?.numPassedTests ?? 0;
  const failed = (json?.numFailedTests ?? 0) + (r.status !== 0 && !json?.numFailedTests ? 1 : 0);
  totals.passed += passed;
  totals.failed += failed;
  const figures = `${r.stdout ?? ''}`
    .split('\n')
    .filter((line) => line.includes('resilience: '))
    .map((line) => line.replace(/^.*resilience: /, '').trim());
  rows.push(
    `| ${s.name} | ${failed ? `**${failed} failed**, ${passed} passed` : `${passed} passed`} | ${Math.round((Date.now() - began) / 1000)} s | ${figures.join('<br>') || '—'} |`,
  );
}

const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
const section = [
  '## Last run',
  '',
  `\`npm run test:resilience\`${only ? ` (RESILIENCE_ONLY=${only.join(',')})` : ''}, ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit}; ` +
    `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average before ${load}.`,
  '',
  '| scenario | tests | took | figures |',
  '|---|---|---|---|',
  ...rows,
  '',
].join('\n');
const doc = `${root}docs/reliability.md`;
const text = readFileSync(doc, 'utf8');
const marker = '## Last run';
writeFileSync(
  doc,
  text.includes(marker) ? text.slice(0, text.indexOf(marker)) + section : `${text.trimEnd()}\n\n${section}`,
);
console.log(`\n${section}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0);
