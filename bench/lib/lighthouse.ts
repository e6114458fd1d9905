/**
 * Lighthouse for the browser benchmark: Debian's Chromium started here with a remote debugging port (a plain
 * process, so nothing else is attached to it while Lighthouse measures), sign-in through the real /login page in
 * that browser (Playwright attaches over CDP, signs in, detaches: the httpOnly session cookie stays in the profile),
 * and one Lighthouse run (performance category, default mobile config: simulated slow 4G and 4x CPU slowdown).
 *
 * Lighthouse's storage reset stays on: it clears the HTTP cache, service workers and Cache Storage of the origin
 * (its default `clearStorageTypes`), not cookies, so each run is a first visit that is still signed in. Its new tab
 * has no sessionStorage, so a signed-in screen first gets its access token from the cookie (POST session/token),
 * as any new tab of the app does.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { signInOnPage } from './browser-sign-in.js';

export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--enable-unsafe-swiftshader',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-extensions',
  '--disable-quic',
  '--mute-audio',
];

/** Debian's Chromium driven by Playwright, with the flags Lighthouse's runs get (Playwright adds its own headless flag). */
export function launchBenchChromium(executablePath: string) {
  return chromium.launch({ executablePath, args: CHROMIUM_FLAGS.filter((f) => !f.startsWith('--headless')) });
}

export type DebuggableChromium = { port: number; close: () => Promise<void> };

/** Starts Chromium on a fresh profile with `--remote-debugging-port=0` and reads the port it chose. */
export async function launchDebuggableChromium(executable: string): Promise<DebuggableChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'openrescue-lighthouse-'));
  const child = spawn(
    executable,
    [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'],
    {
      detached: true, // its own process group, so closing ends its helpers too
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chromium opened no debugging port in 30 s:\n${stderr}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      if (stderr.length < 20_000) stderr += chunk.toString();
      const found = stderr.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
      if (found) {
        clearTimeout(timer);
        resolve(Number(found[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited with ${code}:\n${stderr}`)));
  });
  return {
    port,
    close: async () => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        /* already gone */
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Signs in through /login in the browser's default context, then detaches (the browser keeps running). */
export async function signInThroughLoginPage(
  port: number,
  base: string,
  email: string,
  password: string,
  landing: RegExp,
) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0].newPage();
  await signInOnPage(page, base, email, password, landing, 30_000);
  await page.close();
  await browser.close(); // over CDP: disconnects only
}

export type LighthouseResult = {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  si: number;
  finalUrl: string;
  /** Lighthouse's CPU benchmark of this machine at the time (its 4x slowdown assumes a fast desktop). */
  benchmarkIndex: number;
  summary: string;
};

type Audit = {
  numericValue?: number;
  displayValue?: string;
  details?: { items?: Record<string, unknown>[] } & Record<string, unknown>;
};
const items = (audit: Audit | undefined) => (audit?.details?.items ?? []) as Record<string, any>[];
const shortUrl = (u: unknown) =>
  String(u ?? '')
    .replace(/^https?:\/\/[^/]+/, '')
    .slice(0, 60);

/** Lighthouse's own trace failures, which its message says to answer by running it again (seen once here). */
const RETRIED_ERRORS = new Set(['NO_NAVSTART', 'NO_FCP']);

/** One Lighthouse run (tried once more on a failed trace); the report JSON is kept in `saveDir` for a closer look. */
export async function runLighthouse(
  url: string,
  port: number,
  saveDir: string,
  name: string,
  retry = true,
): Promise<LighthouseResult> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const lhr = result.lhr;
  if (lhr.runtimeError && retry && RETRIED_ERRORS.has(lhr.runtimeError.code)) {
    console.log(`Lighthouse on ${url}: ${lhr.runtimeError.code}; running it again`);
    return runLighthouse(url, port, saveDir, name, false);
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  mkdirSync(saveDir, { recursive: true });
  writeFileSync(join(saveDir, `${name}.json`), JSON.stringify(lhr));
  // The trace behind the figures, for bench/profile-long-tasks.ts --trace (large: kept only when asked for).
  if (process.env.LIGHTHOUSE_TRACES === '1')
    writeFileSync(join(saveDir, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
  const audits = lhr.audits as Record<string, Audit>;
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;

  // What to look at when a budget is missed: the LCP element and its phases, the heaviest scripts, the long tasks.
  const lcpAudit = audits['largest-contentful-paint-element']?.details as
    { items?: Array<{ items?: Record<string, any>[] }> } | undefined;
  const lcpNode = lcpAudit?.items?.[0]?.items?.[0]?.node;
  const phases = (lcpAudit?.items?.[1]?.items ?? []).map((p) => `${p.phase} ${Math.round(p.timing)}`).join(', ');
  const bootup = items(audits['bootup-time'])
    .slice(0, 3)
    .map((i) => `${shortUrl(i.url)} ${Math.round(i.total)} ms`)
    .join('; ');
  const longTasks = items(audits['long-tasks'])
    .slice(0, 4)
    .map((i) => `${shortUrl(i.url)} ${Math.round(i.duration)} ms`)
    .join('; ');
  const bytes = items(audits['total-byte-weight'])
    .slice(0, 3)
    .map((i) => `${shortUrl(i.url)} ${Math.round(i.totalBytes / 1024)} kB`)
    .join('; ');
  const shifts = items(audits['layout-shifts'])
    .slice(0, 2)
    .map((i) => `${i.node?.selector ?? '?'} ${Number(i.score).toFixed(3)}`)
    .join('; ');
  const summary = [
    `FCP ${Math.round(value('first-contentful-paint'))} ms, SI ${Math.round(value('speed-index'))} ms, main thread ${Math.round(value('mainthread-work-breakdown'))} ms, ` +
      `bytes ${Math.round(value('total-byte-weight') / 1024)} kB, CPU benchmark ${Math.round(lhr.environment.benchmarkIndex)}`,
    `LCP element: ${lcpNode ? `${lcpNode.nodeLabel?.slice(0, 60)} (${lcpNode.selector})` : '?'}${phases ? `; phases (ms): ${phases}` : ''}`,
    `bootup: ${bootup || '–'}`,
    `long tasks: ${longTasks || 'none'}`,
    `largest transfers: ${bytes || '–'}; text compression: ${audits['uses-text-compression']?.displayValue || 'nothing to save'}`,
    `render-blocking: ${
      items(audits['render-blocking-resources'])
        .map((i) => `${shortUrl(i.url)} ${Math.round(i.totalBytes / 1024)} kB`)
        .join('; ') || 'none'
    }`,
    ...(shifts ? [`layout shifts: ${shifts}`] : []),
    ...lhr.runWarnings.map((w) => `warning: ${String(w).slice(0, 200)}`),
  ].join('\n    ');
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    fcp: value('first-contentful-paint'),
    si: value('speed-index'),
    finalUrl: lhr.finalDisplayedUrl,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    summary,
  };
}
