/**
 * What the long tasks of a signed-in screen's first load are made of: the profile behind a Total Blocking Time miss.
 * Loads the browser benchmark's data (2,000 stores, company 1's 500, 100,000 donations), signs in through /login in
 * Debian's Chromium, then loads the screen with the CPU slowed 4x (Lighthouse's mobile setting) while Chromium traces
 * its main thread and samples JavaScript. Prints each task over 50 ms (as Lighthouse counts them), what the renderer
 * did in it (script, style, layout, GC) and the functions that took the time, mapped to their source through the
 * build's source maps when the build has them (`npx vite build --sourcemap hidden` in apps/web).
 *
 * Usage: npx tsx bench/profile-long-tasks.ts [--page dashboard|stores|map] [--runs 2] [--throttle 4] [--timeline] [--layouts]
 *   [--trace .test-tmp/lighthouse/dashboard-1.trace.json --throttle 1]   (a trace Lighthouse took, kept by browser-bench
 *   with LIGHTHOUSE_TRACES=1: the same tasks, as Lighthouse saw them)
 *   --throttle 1 attributes time best (slowing the CPU pauses the thread, and the pauses land on whatever ran);
 *   tasks are then scaled by 4 to Lighthouse's mobile CPU.
 *   --timeline also prints each task in 4 ms steps (the innermost frames that ran most in each), and its style and
 *   layout passes with their object counts: a layout forced from script, or a second render set off by an effect,
 *   shows where it happened.
 *   --layouts traces what invalidated style and layout too, and prints each style or layout pass over 4 ms with the
 *   invalidations before it (what was added or removed, a <style> element inserted: decision 0033), and the page's
 *   <style> elements once it has loaded.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { SourceMapConsumer } from 'source-map-js';
import { sql } from 'kysely';
import { DEFAULT_WEB_DIST } from '../apps/server/src/app.js';
import { insertBulkNetworkOrganizations } from '../apps/server/src/db/demo/network-bulk.js';
import { DEMO_LOGINS, startBenchApp } from './lib/app.js';
import { BROWSER_BENCH_NETWORK, linkDemoAccounts } from './lib/dashboard-bench.js';
import { signInOnPage } from './lib/browser-sign-in.js';
import { launchBenchChromium } from './lib/lighthouse.js';
import { loadBenchNetwork } from './report-totals-data.js';

const { values } = parseArgs({
  options: {
    page: { type: 'string', default: 'dashboard' },
    runs: { type: 'string', default: '2' },
    throttle: { type: 'string', default: '4' },
    timeline: { type: 'boolean', default: false },
    layouts: { type: 'boolean', default: false },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    trace: { type: 'string' },
  },
});
const SCREENS = {
  dashboard: { account: 'company', path: '/', landing: /\/$/ },
  stores: { account: 'staff', path: '/ops/retail/stores', landing: /\/ops/ },
  map: { account: null, path: '/public/network/all/demo', landing: null },
} as const;
const screen = SCREENS[values.page as keyof typeof SCREENS];
if (!screen) throw new Error(`--page: one of ${Object.keys(SCREENS).join(', ')}`);
const throttle = Number(values.throttle);
/** Lighthouse's mobile run slows the CPU 4x: a task observed at `throttle` lasts this many times longer there. */
const toMobile = 4 / throttle;

const app = values.trace
  ? null
  : await startBenchApp({
      web: true,
      load: async (database) => {
        await loadBenchNetwork(database, BROWSER_BENCH_NETWORK, () => {});
        if (values.page !== 'map') return;
        await sql`update region set secret = 'demo'`.execute(database.db);
        await insertBulkNetworkOrganizations(database.db, 10_000);
      },
      prepare: linkDemoAccounts,
    });

type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: any;
};
type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  parent?: number;
};

const maps = new Map<string, SourceMapConsumer | null>();
function original(url: string, line: number, column: number, name: string): string {
  const file = basename(new URL(url, app?.base ?? 'http://localhost/').pathname);
  const mapPath = join(DEFAULT_WEB_DIST, 'assets', `${file}.map`);
  if (!maps.has(file))
    maps.set(file, existsSync(mapPath) ? new SourceMapConsumer(JSON.parse(readFileSync(mapPath, 'utf8'))) : null);
  const map = maps.get(file);
  if (!map) return `${name || '(anonymous)'} ${file}:${line + 1}`;
  const pos = map.originalPositionFor({ line: line + 1, column });
  // A module's top level (column 0 of a chunk) maps to no source: name the chunk instead.
  if (!pos.source) return `${name || '(top level)'} ${file}:${line + 1}`;
  const source = pos.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
  return `${pos.name ?? name ?? '(anonymous)'} ${source}:${pos.line}`;
}

const frameName = ({ callFrame: f }: ProfileNode) =>
  f.url ? original(f.url, f.lineNumber, f.columnNumber, f.functionName) : f.functionName || '(program)';

/** The sample's call stack, outermost first: the whole of it, or its innermost `depth` frames. */
function callStack(node: ProfileNode, nodes: Map<number, ProfileNode>, depth = Infinity): string[] {
  const stack: string[] = [];
  for (
    let at: ProfileNode | undefined = node;
    at && stack.length < depth;
    at = at.parent ? nodes.get(at.parent) : undefined
  )
    stack.unshift(frameName(at));
  return stack;
}

const STEP_US = 4000;

/** The task step by step: in each 4 ms, the two call paths (innermost 6 frames) that ran longest; then its layouts. */
function printTimeline(
  task: TraceEvent,
  onMain: TraceEvent[],
  inTask: { ts: number; node: number }[],
  nodes: Map<number, ProfileNode>,
) {
  const end = task.ts + task.dur!;
  const steps = new Map<number, Map<string, number>>();
  inTask.forEach((sample, i) => {
    const node = nodes.get(sample.node);
    if (!node) return;
    const path = callStack(node, nodes, 6)
      .map((name) => name.split(' ')[0])
      .join(' < ');
    const step = Math.floor((sample.ts - task.ts) / STEP_US);
    const paths = steps.get(step) ?? new Map<string, number>();
    paths.set(path, (paths.get(path) ?? 0) + ((inTask[i + 1]?.ts ?? end) - sample.ts));
    steps.set(step, paths);
  });
  for (const [step, paths] of [...steps].sort((a, b) => a[0] - b[0])) {
    const top = [...paths]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 2)
      .map(([path, d]) => `${(d / 1000).toFixed(1)} ${path}`);
    console.log(`    +${String((step * STEP_US) / 1000).padStart(3)} ms  ${top.join('  |  ')}`);
  }
  for (const e of onMain) {
    if ((e.name !== 'Layout' && e.name !== 'UpdateLayoutTree') || e.ts < task.ts || e.ts >= end || (e.dur ?? 0) < 1000)
      continue;
    const objects = e.args?.beginData?.totalObjects;
    console.log(
      `    +${((e.ts - task.ts) / 1000).toFixed(1)} ms  ${e.name} ${(e.dur! / 1000).toFixed(1)} ms${objects ? ` (${objects} objects)` : ''}`,
    );
  }
}

/** Each style or layout pass over 4 ms, with what invalidated style and layout in the 400 ms before it. */
function printLayouts(onMain: TraceEvent[], navigation: number) {
  for (const pass of onMain) {
    if ((pass.name !== 'Layout' && pass.name !== 'UpdateLayoutTree') || (pass.dur ?? 0) < 4000) continue;
    const objects = pass.args?.beginData?.totalObjects;
    console.log(
      `\n${pass.name} at ${((pass.ts - navigation) / 1000).toFixed(0)} ms: ${(pass.dur! / 1000).toFixed(1)} ms${objects ? `, ${objects} objects (${pass.args.beginData.dirtyObjects} dirty)` : ''}; invalidated before it:`,
    );
    const causes = new Map<string, number>();
    for (const e of onMain) {
      if (!e.name.endsWith('InvalidationTracking') || e.ts >= pass.ts || e.ts < pass.ts - 400_000) continue;
      const d = e.args?.data ?? {};
      const cause =
        `${e.name.replace('InvalidationTracking', '')}: ${d.reason ?? d.changedAttribute ?? d.changedClass ?? ''} ${d.nodeName ?? ''}`.slice(
          0,
          150,
        );
      causes.set(cause, (causes.get(cause) ?? 0) + 1);
    }
    for (const [cause, n] of [...causes].sort((a, b) => b[1] - a[1]).slice(0, 8))
      console.log(`    ${String(n).padStart(3)} x ${cause}`);
  }
}

function analyse(events: TraceEvent[]) {
  // The renderer that loaded the screen: the main thread with the most script evaluation.
  const busy = (t: TraceEvent) =>
    events
      .filter((e) => e.pid === t.pid && e.tid === t.tid && e.name === 'RunTask')
      .reduce((sum, e) => sum + (e.dur ?? 0), 0);
  const main = events
    .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .sort((a, b) => busy(b) - busy(a))[0];
  if (!main) throw new Error('no renderer main thread in the trace');
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  // The sampled JavaScript: one Profile event, then chunks of nodes and samples with time deltas.
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  const profile = events.find((e) => e.name === 'Profile' && e.pid === main.pid);
  let ts = profile?.args?.data?.startTime ?? 0;
  for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.id === profile?.id)) {
    const data = chunk.args.data.cpuProfile ?? {};
    for (const node of data.nodes ?? []) nodes.set(node.id, node);
    const deltas: number[] = chunk.args.data.timeDeltas ?? [];
    (data.samples ?? []).forEach((node: number, i: number) => {
      ts += deltas[i] ?? 0;
      samples.push({ ts, node });
    });
  }
  const navigation =
    onMain.find((e) => e.name === 'navigationStart' || e.name === 'markAsMainFrame')?.ts ?? onMain[0].ts;
  const tasks = onMain
    .filter((e) => e.name === 'RunTask' && (e.dur ?? 0) * toMobile > 50_000)
    .sort((a, b) => a.ts - b.ts);
  // Lighthouse counts blocking time from the first contentful paint on.
  const fcp = onMain.find((e) => e.name === 'firstContentfulPaint')?.ts;
  if (fcp) console.log(`\nfirst contentful paint at ${((fcp - navigation) / 1000).toFixed(0)} ms`);
  let blocking = 0;
  let blockingAfterFcp = 0;
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    const simulated = (task.dur! * toMobile) / 1000;
    blocking += simulated - 50;
    if (fcp !== undefined && end > fcp) blockingAfterFcp += simulated - 50;
    const kinds = new Map<string, number>();
    for (const e of onMain) {
      if (e.ph !== 'X' || e.ts < task.ts || e.ts >= end || e === task || !e.dur) continue;
      if (
        !/^(EvaluateScript|v8\.evaluateModule|v8\.compile|FunctionCall|TimerFire|FireAnimationFrame|EventDispatch|UpdateLayoutTree|Layout|Paint|MajorGC|MinorGC|ParseHTML|ParseAuthorStyleSheet|XHRReadyStateChange|RunMicrotasks|V8\.GC_SCAVENGER)/.test(
          e.name,
        )
      )
        continue;
      kinds.set(e.name, (kinds.get(e.name) ?? 0) + e.dur);
    }
    const self = new Map<string, number>();
    const entries = new Map<string, number>();
    const inTask = samples.filter((s) => s.ts >= task.ts && s.ts < end);
    for (let i = 0; i < inTask.length; i++) {
      const node = nodes.get(inTask[i].node);
      if (!node) continue;
      const spent = (inTask[i + 1]?.ts ?? end) - inTask[i].ts;
      const key = frameName(node);
      self.set(key, (self.get(key) ?? 0) + spent);
      // Where the time came from: the first frames of the sample's stack with a name of ours or a library's.
      const entry = callStack(node, nodes)
        .filter((name) => !name.startsWith('(') && name.includes(':'))
        .slice(0, 3)
        .join(' > ');
      if (entry) entries.set(entry, (entries.get(entry) ?? 0) + spent);
    }
    const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 10);
    console.log(
      `\ntask at ${((task.ts - navigation) / 1000).toFixed(0)} ms: ${(task.dur! / 1000).toFixed(1)} ms here (CPU slowed ${throttle}x), ${simulated.toFixed(0)} ms on Lighthouse's mobile CPU (4x)`,
    );
    console.log(
      `  ${[...kinds]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([k, d]) => `${k} ${(d / 1000).toFixed(1)}`)
        .join(', ')}`,
    );
    for (const [key, d] of top) console.log(`    ${(d / 1000).toFixed(1).padStart(6)} ms  ${key}`);
    console.log('  entered from:');
    for (const [key, d] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, 4))
      console.log(`    ${(d / 1000).toFixed(1).padStart(6)} ms  ${key}`);
    if (values.timeline) {
      console.log('  step by step:');
      printTimeline(task, onMain, inTask, nodes);
    }
  }
  if (values.layouts) printLayouts(onMain, navigation);
  const afterFcp =
    fcp === undefined ? '' : `, ${blockingAfterFcp.toFixed(0)} ms of it ending after the first contentful paint`;
  console.log(
    `\n${tasks.length} tasks over 50 ms at 4x, blocking time ${blocking.toFixed(0)} ms${afterFcp} (the sum over 50 ms each; Lighthouse simulates the network too)`,
  );
}

if (values.trace) {
  const trace = JSON.parse(readFileSync(values.trace, 'utf8')) as { traceEvents: TraceEvent[] };
  console.log(`\n=== ${values.trace}`);
  analyse(trace.traceEvents);
} else {
  await profileRuns(app!);
}

async function profileRuns(app: NonNullable<Awaited<ReturnType<typeof startBenchApp>>>) {
  const browser = await launchBenchChromium(values.chromium);
  try {
    for (let run = 1; run <= Number(values.runs); run++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
      const page = await context.newPage();
      if (screen.account) {
        const [email, password] = DEMO_LOGINS[screen.account];
        await signInOnPage(page, app.base, email, password, screen.landing);
      }
      await page.goto('about:blank');
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
      await browser.startTracing(page, {
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8.execute',
          'disabled-by-default-v8.cpu_profiler',
          'blink.user_timing',
          'loading',
          ...(values.layouts ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : []),
        ],
      });
      await page.goto(`${app.base}${screen.path}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(values.page === 'map' ? 6000 : 2000);
      const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
      console.log(`\n=== ${values.page}, run ${run}`);
      analyse(trace.traceEvents);
      const dom = await page.evaluate(() => ({
        elements: document.querySelectorAll('*').length,
        options: document.querySelectorAll('[role=option]').length,
        modulePreloads: document.querySelectorAll('link[rel=modulepreload]').length,
        stylesheets: document.querySelectorAll('link[rel=stylesheet]').length,
        styles: [...document.querySelectorAll('style')].map(
          (e) => `${e.textContent?.length} characters: ${e.textContent?.slice(0, 100)}`,
        ),
      }));
      console.log(
        `the page after loading: ${dom.elements} elements, ${dom.options} listbox options, ${dom.modulePreloads} module preload links, ${dom.stylesheets} stylesheet links, ${dom.styles.length} <style> elements`,
      );
      if (values.layouts) for (const style of dom.styles) console.log(`  <style> ${style}`);
      await context.close();
    }
  } finally {
    await browser.close();
    await app.close();
  }
}
