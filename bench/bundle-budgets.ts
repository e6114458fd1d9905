/**
 * The bundle budgets of issue 8 as figures (the check itself is scripts/check-bundles.mjs, run by `npm test`): gzip of
 * JavaScript, kB = 1,000 bytes, from the build's manifest, no browser.
 * - first load of /login and of the calculator (target <= 150 kB), each beside what the same page loads inside the app
 *   (index.html's first load plus the page's route modules): what it would cost without an HTML entry of its own;
 * - what each console screen adds to the app entry (every lazy route module under src/app/ops/, target <= 200 kB);
 * - maps, charts, PDF and spreadsheets: how many places load them where they should not (target 0).
 * Build the web app first (`npm run bench` does). Usage: npm run build -w apps/web && npx tsx bench/bundle-budgets.ts
 */
// @ts-expect-error plain ESM helper without types
import { appPageBytes, checkBundles, DEFAULT_DIST, formatResults } from '../scripts/check-bundles.mjs';
import { recordFigures, type Figure } from './lib/figures.js';

type Result = {
  kind: 'entry' | 'console route' | 'placement' | 'styles';
  name: string;
  ok: boolean;
  bytes: number;
  budget: number | null;
  detail: string;
  /** entry: the route modules the app would load for the same page. */
  appRoutes?: string[];
  /** placement: how many places load the library where they should not; styles: Mantine stylesheets missing. */
  violations?: number;
};

const group = 'Bundle budgets (gzip JavaScript)';
const results: Result[] = checkBundles(DEFAULT_DIST);
console.log((formatResults(results) as string[]).join('\n'));

const kB = (bytes: number) => Math.round(bytes / 10) / 100;
const figures: Figure[] = results.map((r): Figure => {
  if (r.kind === 'placement' || r.kind === 'styles') {
    return {
      group,
      name: r.name,
      unit: 'count',
      samples: [r.violations ?? 0],
      target: { op: '<=', value: 0 },
      note: r.detail,
    };
  }
  return {
    group,
    name: r.name,
    unit: 'kB',
    samples: [kB(r.bytes)],
    ...(r.kind === 'entry'
      ? {
          compare: {
            name: 'the same page in the app (index.html + its routes)',
            samples: [kB(appPageBytes(DEFAULT_DIST, r.appRoutes) as number)],
          },
        }
      : {}),
    target: { op: '<=', value: r.budget! / 1000 },
    note: r.detail,
  };
});
recordFigures(figures);
