/**
 * One accessibility scan as the browser journeys run it (e2e/support/helpers.ts `expectAccessible`), in
 * @axe-core/playwright's default mode (it opens a blank page for every scan to gather the frames' results) beside its
 * legacy mode (axe runs in the page itself), on three console screens of the browser benchmarks' network. Figures per
 * screen: the scan's wall time and the machine's busy CPU time during it (Chromium's processes included), the modes
 * alternated scan by scan. First it plants violations on a screen and checks both modes report the same ones.
 * Usage: npm run build -w apps/web && npx tsx bench/axe-scan-bench.ts [--runs 9] [--chromium /usr/bin/chromium-headless-shell]
 */
import { parseArgs } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
// @ts-expect-error plain ESM helper without types
import { HEADLESS_SHELL } from '../scripts/ensure-chromium.mjs';
import { busyCpuSeconds } from '../scripts/machine-busy.mjs';
import { signedInBenchPage } from './lib/dashboard-bench.js';
import { type Figure, recordFigures } from './lib/figures.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '9' },
    // The journeys' browser (scripts/ensure-chromium.mjs), whatever CHROMIUM_PATH says for the other benches.
    chromium: { type: 'string', default: HEADLESS_SHELL as string },
  },
});
const runs = Number(values.runs);
process.env.CHROMIUM_PATH = values.chromium;
const SCREENS = ['/ops/dashboard', '/ops/retail/no-pickups', '/ops/product/transcripts'];

/** Milliseconds the whole machine has been busy (all cores). */
const busyMs = () => (busyCpuSeconds() ?? 0) * 1000;

const scan = (page: Page, legacy: boolean) =>
  new AxeBuilder({ page })
    .setLegacyMode(legacy)
    .options({ resultTypes: ['violations'] })
    .analyze();

async function sameFindings(page: Page): Promise<void> {
  await page.evaluate(() => {
    const planted = document.createElement('div');
    planted.innerHTML =
      '<p style="color:#eee;background:#fff">faint</p><img src="x.png"><button></button><input type="text">';
    document.querySelector('main')?.append(planted);
  });
  const ids = async (legacy: boolean) =>
    (await scan(page, legacy)).violations.map((v) => `${v.id}:${v.impact}:${v.nodes.length}`).sort();
  const [byDefault, inPage] = [await ids(false), await ids(true)];
  console.log(`planted violations, default mode: ${byDefault.join(', ')}`);
  if (byDefault.join() !== inPage.join() || byDefault.length < 4) {
    throw new Error(`the modes disagree: default ${byDefault.join(', ')}; legacy ${inPage.join(', ')}`);
  }
}

const { app, browser, page } = await signedInBenchPage('staff');
try {
  const figures: Figure[] = [];
  for (const [i, screen] of SCREENS.entries()) {
    await page.goto(`${app.base}${screen}`);
    await page.waitForLoadState('networkidle');
    const wall = { legacy: [] as number[], default: [] as number[] };
    const cpu = { legacy: [] as number[], default: [] as number[] };
    await scan(page, true);
    await scan(page, false);
    for (let run = 0; run < runs * 2; run++) {
      const mode = run % 2 === 0 ? 'legacy' : 'default';
      const [t0, c0] = [performance.now(), busyMs()];
      await scan(page, mode === 'legacy');
      wall[mode].push(performance.now() - t0);
      cpu[mode].push(busyMs() - c0);
    }
    const compare = (samples: number[]) => ({ name: 'default mode (a blank page per scan)', samples });
    const figure = (what: string, samples: number[], against: number[]): Figure => ({
      group: 'Browser test suite',
      name: `axe scan ${what}: ${screen}, legacy mode (in the page)`,
      unit: 'ms',
      samples,
      compare: compare(against),
    });
    figures.push(figure('wall time', wall.legacy, wall.default), figure('CPU (machine busy)', cpu.legacy, cpu.default));
    if (i === SCREENS.length - 1) await sameFindings(page);
  }
  recordFigures(figures);
} finally {
  await browser.close();
  await app.close();
}
