/**
 * One way for every benchmark to report what it measured, so `npm run bench` can put all figures side by side.
 *
 * A benchmark calls `recordFigures([...])` with its raw samples. Under `npm run bench` (BENCH_RESULTS names a JSON
 * lines file) each figure is appended there and the results table is written from them; run alone, the figures are
 * printed as a small table. Statistics are computed here once, from the samples, never by the benchmark.
 */
import { appendFileSync } from 'node:fs';

export type Better = 'lower' | 'higher';

export type Figure = {
  /** Section of the results table, e.g. 'Reporting totals'. */
  group: string;
  /** What was measured, with its data size, e.g. 'network, 5 years by month (PostgreSQL, 10M donations)'. */
  name: string;
  /** 'ratio': a growth factor (x100 size / x1 size), lower is better. */
  unit: 'ms' | 's' | 'req/s' | 'kB' | 'MB' | 'files/s' | 'score' | 'count' | 'ratio';
  /** Which direction is good; defaults by unit (req/s, files/s and score: higher; everything else: lower). */
  better?: Better;
  samples: number[];
  /** The alternative a user would otherwise have, measured in the same run. */
  compare?: { name: string; samples: number[] };
  /** The budget the issue names: `<= 100` for latencies, `>= 90` for scores. */
  target?: { op: '<=' | '>='; value: number; of?: 'median' | 'p95' | 'p99' | 'max' };
  note?: string;
};

export type Stats = { n: number; median: number; p95: number; min: number; max: number };

export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

export function stats(xs: number[]): Stats {
  return {
    n: xs.length,
    median: percentile(xs, 50),
    p95: percentile(xs, 95),
    min: xs.length ? Math.min(...xs) : Number.NaN,
    max: xs.length ? Math.max(...xs) : Number.NaN,
  };
}

/** Milliseconds of each of `n` calls, after `warm` untimed ones. */
export async function timeIt(n: number, warm: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < warm; i++) await fn(i);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await fn(i);
    out.push(performance.now() - started);
  }
  return out;
}

export function betterOf(f: Pick<Figure, 'unit' | 'better'>): Better {
  return f.better ?? (f.unit === 'req/s' || f.unit === 'files/s' || f.unit === 'score' ? 'higher' : 'lower');
}

/** How many times better the figure is than its comparison (median against median); > 1 means better. */
export function ratioOf(f: Figure): number | null {
  if (!f.compare?.samples.length || !f.samples.length) return null;
  const mine = stats(f.samples).median;
  const theirs = stats(f.compare.samples).median;
  if (!mine || !theirs) return null;
  return betterOf(f) === 'lower' ? theirs / mine : mine / theirs;
}

/** The value a target is judged on (median unless the target says otherwise). */
export function judgedValue(f: Figure): number {
  const s = stats(f.samples);
  const of = f.target?.of ?? 'median';
  if (of === 'p99') return percentile(f.samples, 99);
  return s[of];
}

export function meetsTarget(f: Figure): boolean | null {
  if (!f.target || !f.samples.length) return null;
  const v = judgedValue(f);
  return f.target.op === '<=' ? v <= f.target.value : v >= f.target.value;
}

export function formatNumber(x: number, unit?: Figure['unit']): string {
  if (!Number.isFinite(x)) return '–';
  const digits = unit === 'count' ? 0 : Math.abs(x) >= 100 ? 0 : Math.abs(x) >= 10 ? 1 : 2;
  return x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function recordFigures(figures: Figure[]): void {
  const file = process.env.BENCH_RESULTS;
  if (file) {
    for (const f of figures) appendFileSync(file, `${JSON.stringify(f)}\n`);
    return;
  }
  for (const f of figures) {
    const s = stats(f.samples);
    const ratio = ratioOf(f);
    const met = meetsTarget(f);
    console.log(
      `${f.group} | ${f.name}: median ${formatNumber(s.median, f.unit)} ${f.unit}, p95 ${formatNumber(s.p95, f.unit)}, ` +
        `min–max ${formatNumber(s.min, f.unit)}–${formatNumber(s.max, f.unit)} (n=${s.n})` +
        (f.compare
          ? `; ${f.compare.name} median ${formatNumber(stats(f.compare.samples).median, f.unit)} (${ratio?.toFixed(1)}x)`
          : '') +
        (f.target
          ? `; target ${f.target.of ?? 'median'} ${f.target.op} ${f.target.value}: ${met ? 'met' : 'NOT met'}`
          : ''),
    );
  }
}
