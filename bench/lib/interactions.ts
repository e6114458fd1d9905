/**
 * Input-to-painted-result timings measured inside the page, for the browser benchmark.
 *
 * `measure` arms a timer in the page, runs the action (Playwright clicks or types), and resolves with the time from
 * the input event's own timestamp (`event.timeStamp`, so input delay counts) to the frame after the result is in
 * the DOM: a MutationObserver tests the condition after every DOM change; once it holds, a double
 * requestAnimationFrame waits until the frame carrying it has been painted. Everything handed to the page is a
 * string: tsx adds name helpers to functions that do not exist there.
 */
import type { Page } from 'playwright-core';

export type StartOn =
  /** the first click after arming (options and links act on click, not on the press before it) */
  | 'click'
  /** the last input event (typing): each keystroke restarts the clock, as a debounce restarts its timer */
  | 'input';

const arm = (condition: string, startOn: StartOn, timeoutMs: number) => `(() => {
  const t = { start: null, found: null, end: null };
  let resolve, reject;
  t.done = new Promise((ok, fail) => { resolve = ok; reject = fail; });
  window.__benchTimer = t;
  const test = () => { try { return Boolean(${condition}); } catch (e) { return false; } };
  const onStart = (e) => {
    if (${startOn === 'click'} && t.start !== null) return;
    t.start = e.timeStamp;
  };
  document.addEventListener('${startOn}', onStart, true);
  const stop = () => { observer.disconnect(); clearTimeout(timer); document.removeEventListener('${startOn}', onStart, true); };
  const observer = new MutationObserver(() => {
    if (t.start === null || t.found !== null || !test()) return;
    t.found = performance.now();
    stop();
    requestAnimationFrame(() => requestAnimationFrame(() => { t.end = performance.now(); resolve(t.end - t.start); }));
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  const timer = setTimeout(() => { stop(); reject(new Error('no result within ${timeoutMs} ms: ' + ${JSON.stringify(condition)})); }, ${timeoutMs});
})()`;

/**
 * Milliseconds from the input to the painted result. `condition` is a JavaScript expression evaluated in the page
 * (true once the result is shown); `action` performs the input.
 */
export async function measure(
  page: Page,
  condition: string,
  startOn: StartOn,
  action: () => Promise<void>,
  timeoutMs = 20_000,
): Promise<number> {
  await page.evaluate(arm(condition, startOn, timeoutMs));
  await action();
  return (await page.evaluate('window.__benchTimer.done')) as number;
}

/** A JavaScript string literal for a condition. */
export const js = (value: string) => JSON.stringify(value);

/** Resolves once `condition` holds in the page (polled, for setting up between samples). */
export async function until(page: Page, condition: string, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  while (!(await page.evaluate(`Boolean(${condition})`))) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${condition}`);
    await page.waitForTimeout(50);
  }
}
