/** Writes the results of `npm run bench` as one Markdown table per group, with the machine it ran on. */
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { betterOf, formatNumber, judgedValue, meetsTarget, ratioOf, stats, type Figure } from './figures.js';

type Outcome = { name: string; command: string; seconds: number; ok: boolean };

function machine(loadBefore: number[]): string {
  const commit = (() => {
    try {
      return execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
    } catch {
      return 'unknown';
    }
  })();
  const cpu = cpus();
  return [
    `- CPU: ${cpu.length} x ${cpu[0]?.model ?? 'unknown'}; memory ${(totalmem() / 2 ** 30).toFixed(0)} GiB`,
    `- Node ${process.version}, ${process.platform} ${process.arch}; commit ${commit}`,
    `- load average before ${loadBefore.map((x) => x.toFixed(2)).join(' / ')}, after ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' / ')} (1 / 5 / 15 min)`,
  ].join('\n');
}

const cell = (x: number, unit: Figure['unit']) => formatNumber(x, unit);

function figureRow(f: Figure): string {
  const s = stats(f.samples);
  const ratio = ratioOf(f);
  const met = meetsTarget(f);
  const target = f.target
    ? `${f.target.of && f.target.of !== 'median' ? `${f.target.of} ` : ''}${f.target.op} ${formatNumber(f.target.value, f.unit)}: ${met ? 'met' : `**missed** (${cell(judgedValue(f), f.unit)})`}`
    : '';
  const compare = f.compare ? `${f.compare.name}: ${cell(stats(f.compare.samples).median, f.unit)}` : '';
  return `| ${f.name} | ${f.unit} | **${cell(s.median, f.unit)}** | ${cell(s.p95, f.unit)} | ${cell(s.min, f.unit)}–${cell(s.max, f.unit)} | ${s.n} | ${compare} | ${ratio ? `**${ratio.toFixed(ratio >= 10 ? 0 : 1)}x**` : ''} | ${target} | ${f.note ?? ''} |`;
}

export function writeResults(
  file: string,
  run: { figures: Figure[]; outcomes: Outcome[]; size: string; startedAt: Date; loadBefore: number[] },
): string {
  const groups = [...new Set(run.figures.map((f) => f.group))];
  const judged = run.figures.filter((f) => f.target);
  const missed = judged.filter((f) => meetsTarget(f) === false);
  const summary =
    `${run.figures.length} figures, ${judged.length} with a budget: ${judged.length - missed.length} met, ${missed.length} missed; ` +
    `${run.outcomes.filter((o) => !o.ok).length} of ${run.outcomes.length} benchmarks failed to run`;
  const lines = [
    '# Benchmark results',
    '',
    `\`npm run bench -- --size ${run.size}\`, started ${run.startedAt.toISOString()}. ${summary}.`,
    '',
    machine(run.loadBefore),
    '',
    "Median, 95th percentile and range of each figure's samples; the comparison is the alternative a user would",
    'otherwise have, measured in the same run; the ratio is how many times better the product is (median against',
    `median; ${'"lower is better"'} for times and sizes, higher for throughput and scores).`,
    '',
  ];
  for (const group of groups) {
    lines.push(
      `## ${group}`,
      '',
      '| figure | unit | median | p95 | min–max | n | comparison (median) | ratio | budget | note |',
      '|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const f of run.figures.filter((x) => x.group === group)) lines.push(figureRow(f));
    lines.push('');
  }
  if (missed.length) {
    lines.push('## Budgets missed', '');
    for (const f of missed)
      lines.push(`- ${f.group}: ${f.name} (${betterOf(f) === 'lower' ? 'lower' : 'higher'} is better)`);
    lines.push('');
  }
  lines.push('## Benchmarks run', '', '| benchmark | command | time | outcome |', '|---|---|---|---|');
  for (const o of run.outcomes)
    lines.push(`| ${o.name} | \`${o.command}\` | ${o.seconds.toFixed(0)} s | ${o.ok ? 'ok' : '**failed**'} |`);
  lines.push('');
  writeFileSync(file, lines.join('\n'));
  return summary;
}
