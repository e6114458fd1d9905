/**
 * A Chrome trace of browser interactions timed by `measure` (bench/lib/interactions.ts), cut into each one's window
 * from its input to its painted result, and summed: the renderer main thread's busy and idle time, self time by
 * trace event kind, then the JavaScript samples in two phases (input to the result in the DOM, result to the painted
 * frame) by React component rendering and by function on the stack. For bench/trace-*.ts.
 */
import type { Browser, Page } from 'playwright-core';

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'toplevel',
  'v8',
  'disabled-by-default-v8.cpu_profiler',
];

export const startTrace = (browser: Browser, page: Page) => browser.startTracing(page, { categories: CATEGORIES });

/** Marks the last `measure`'s input, result-found and painted times in the trace. Call after each timed interaction. */
export const markLastMeasure = (page: Page) =>
  page.evaluate(
    `performance.mark('sw-start', { startTime: window.__benchTimer.start }); performance.mark('sw-found', { startTime: window.__benchTimer.found }); performance.mark('sw-end', { startTime: window.__benchTimer.end })`,
  );

/** Stops the trace and prints its summary (`top` functions per phase; `verbose` lists each long task). */
export async function stopTraceAndSummarise(browser: Browser, { top = 40, verbose = false } = {}): Promise<void> {
  const buffer = await browser.stopTracing();
  const { traceEvents } = JSON.parse(buffer.toString()) as { traceEvents: any[] };

  const threadName = new Map<string, string>();
  for (const e of traceEvents)
    if (e.ph === 'M' && e.name === 'thread_name') threadName.set(`${e.pid}:${e.tid}`, e.args.name);
  const main = traceEvents.filter((e) => threadName.get(`${e.pid}:${e.tid}`) === 'CrRendererMain');
  const marks = (name: string) =>
    main
      .filter((e) => e.name === name && e.cat.includes('user_timing'))
      .map((e) => e.ts as number)
      .sort((a, b) => a - b);
  const starts = marks('sw-start'),
    founds = marks('sw-found'),
    ends = marks('sw-end');
  const tasks = main.filter((e) => e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const totals = new Map<string, number>();
  const kind = (e: any) => `${e.name}${e.args?.data?.type ? `(${e.args.data.type})` : ''}`;
  let window = 0,
    busy = 0,
    toFound = 0;
  for (let i = 0; i < starts.length; i++) {
    const [a, f, b] = [starts[i], founds[i], ends[i]];
    window += b - a;
    toFound += f - a;
    const inside = tasks.filter((e) => e.ts < b && e.ts + e.dur > a);
    const clip = (e: any) => Math.min(b, e.ts + e.dur) - Math.max(a, e.ts);
    for (const t of inside) if (t.name === 'RunTask') busy += clip(t);
    // Self time by event kind: each event's clipped time less its direct children's (events nest by time).
    const stack: any[] = [];
    for (const e of inside) {
      while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur <= e.ts) stack.pop();
      const parent = stack[stack.length - 1];
      totals.set(kind(e), (totals.get(kind(e)) ?? 0) + clip(e));
      if (parent) totals.set(kind(parent), (totals.get(kind(parent)) ?? 0) - clip(e));
      stack.push(e);
    }
    console.log(`sample ${i}: ${((b - a) / 1000).toFixed(1)} ms (found +${((f - a) / 1000).toFixed(1)})`);
    if (verbose) {
      for (const t of inside.filter((e) => e.name === 'RunTask' && e.dur > 1000)) {
        const kids = inside.filter(
          (e) =>
            e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e !== t && e.dur > 300 && !/RunTask|Microtask/.test(e.name),
        );
        console.log(
          `  +${((t.ts - a) / 1000).toFixed(1)} ${(t.dur / 1000).toFixed(1)} ms: ${kids
            .slice(0, 8)
            .map((k) => `${kind(k)} ${(k.dur / 1000).toFixed(1)}`)
            .join(', ')}`,
        );
      }
    }
  }
  // JS samples (the trace's CPU profile), by phase: click to result in the DOM, then result to painted frame.
  const nodes = new Map<number, any>();
  const parentOf = new Map<number, number>();
  const samples: { ts: number; node: number }[] = [];
  const mainPid = main[0]?.pid;
  let clock = 0;
  for (const e of traceEvents
    .filter((x) => x.pid === mainPid && (x.name === 'Profile' || x.name === 'ProfileChunk'))
    .sort((x, y) => x.ts - y.ts)) {
    if (e.name === 'Profile') {
      clock = e.args.data.startTime;
      continue;
    }
    const cpu = e.args.data.cpuProfile ?? {};
    for (const n of cpu.nodes ?? []) {
      nodes.set(n.id, n);
      if (n.parent) parentOf.set(n.id, n.parent);
    }
    const deltas: number[] = e.args.data.timeDeltas ?? [];
    (cpu.samples ?? []).forEach((id: number, k: number) => {
      clock += deltas[k] ?? 0;
      samples.push({ ts: clock, node: id });
    });
  }
  const frameName = (n: any) =>
    `${n.callFrame.functionName || '(anon)'} ${(n.callFrame.url ?? '').split('/').pop()}:${n.callFrame.lineNumber}`;
  for (const [phase, from, to] of [
    ['click to found', starts, founds],
    ['found to painted', founds, ends],
  ] as const) {
    const leafs = new Map<string, number>();
    const entries = new Map<string, number>();
    let total = 0;
    for (let i = 0; i < from.length; i++) {
      for (const smp of samples) {
        if (smp.ts < from[i] || smp.ts >= to[i]) continue;
        const leaf = nodes.get(smp.node);
        if (!leaf) continue;
        total++;
        leafs.set(frameName(leaf), (leafs.get(frameName(leaf)) ?? 0) + 1);
        // all distinct frames on the stack (inclusive counts)
        const seen = new Set<string>();
        for (let id: number | undefined = smp.node; id; id = parentOf.get(id)) {
          const nm = frameName(nodes.get(id));
          if (!seen.has(nm)) {
            seen.add(nm);
            entries.set(nm, (entries.get(nm) ?? 0) + 1);
          }
        }
      }
    }
    // React components: the frame just above renderWithHooks (a component renders alone, not inside another's call).
    const components = new Map<string, number>();
    for (let i = 0; i < from.length; i++) {
      for (const smp of samples) {
        if (smp.ts < from[i] || smp.ts >= to[i]) continue;
        let child: number | undefined;
        for (let id: number | undefined = smp.node; id; id = parentOf.get(id)) {
          const n = nodes.get(id);
          if (n?.callFrame.functionName === 'renderWithHooks' && child) {
            const nm = frameName(nodes.get(child));
            components.set(nm, (components.get(nm) ?? 0) + 1);
            break;
          }
          child = id;
        }
      }
    }
    console.log(`${phase}: components rendering (samples):`);
    [...components]
      .sort((x, y) => y[1] - x[1])
      .slice(0, 30)
      .forEach(([k, v]) => console.log(String(v).padStart(6), k));
    console.log(`${phase}: ${total} samples; inclusive:`);
    [...entries]
      .sort((x, y) => y[1] - x[1])
      .slice(0, top)
      .forEach(([k, v]) => console.log(String(v).padStart(6), k));
  }
  const n = starts.length;
  console.log(
    `per sample: window ${(window / n / 1000).toFixed(1)} ms, to found ${(toFound / n / 1000).toFixed(1)}, main thread busy ${(busy / n / 1000).toFixed(1)}, idle ${((window - busy) / n / 1000).toFixed(1)}`,
  );
  console.log('self time per switch by kind (ms):');
  [...totals]
    .sort((x, y) => y[1] - x[1])
    .slice(0, 24)
    .forEach(([k, v]) => console.log((v / n / 1000).toFixed(1).padStart(8), k));
}
