import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const ACCOUNTS = {
  staff: { email: 'staff@openrescue.test', password: 'demo-staff' },
  company: { email: 'company@openrescue.test', password: 'demo-company' },
  store: { email: 'store@openrescue.test', password: 'demo-store' },
  setup: { email: 'setup@openrescue.test', password: 'demo-setup' },
  pending: { email: 'pending@openrescue.test', password: 'demo-pending' },
} as const;

/** The signed-in user's bearer token, as the app keeps it in the page's session storage. */
export const sessionToken = (page: Page): Promise<string> =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('openrescue.session') ?? '{}').token as string);

/**
 * Today in the network's zone (America/Vancouver), YYYY-MM-DD, by the browser's time zone data: the app's own today,
 * and here the server's database's too. This runner's Node.js may hold older rules (decision 0085).
 */
export const networkToday = (page: Page): Promise<string> =>
  page.evaluate(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Vancouver' }).format(new Date()));

export async function signIn(page: Page, who: keyof typeof ACCOUNTS) {
  const { email, password } = ACCOUNTS[who];
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Waits until drawers, dialogs and toasts have finished moving: what a person sees, not a half-faded frame. */
export async function settle(page: Page) {
  const framesPassed = () =>
    page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const noneRunning = () =>
    page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  // A Mantine transition starts a frame or two after the element mounts; wait for it to start, then to finish,
  // then look once more in case one transition started another.
  await framesPassed();
  await noneRunning();
  await page.waitForTimeout(100);
  await noneRunning();
}

/** No query in flight: nothing on the page says it is busy (aria-busy), so it shows the current choice's data. */
export async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
}

/** No serious or critical accessibility violations on what the page shows now. */
export async function expectAccessible(page: Page, label: string) {
  await settle(page);
  // Only violations are read: axe then keeps one node per passed rule instead of building a selector for each.
  // Legacy mode runs axe in the page itself; the default opens a blank page for every scan to gather frames' results,
  // which only cross-origin frames need (the app has no frames): the same rules and findings, at ~0.45 CPU-s a scan
  // instead of ~1.1 (bench/README.md, browser tests).
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
  expect(bad, `axe on ${label}`).toEqual([]);
}

/** The locale AppSheet sends with every action, as the console's requests carry it. */
export const APPSHEET_PROPERTIES = { Locale: 'en-US', Timezone: 'Pacific Standard Time' };

/** An AppSheet `Find` on `table` as the page's signed-in user: its rows and count; any answer but 200 fails. */
export async function appsheetFind<Row = Record<string, unknown>>(page: Page, table: string, selector: string) {
  const res = await page.request.post(`/ops-api/appsheet/table/${table}/action`, {
    headers: { authorization: `Bearer ${await sessionToken(page)}` },
    data: { Action: 'Find', Properties: { ...APPSHEET_PROPERTIES, Selector: selector } },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { data: Row[]; count: number };
}

/** Where the journeys leave their screenshots (looked at by people; not compared by the tests). */
export function screenshotPath(name: string): string {
  const dir = fileURLToPath(new URL('../../.test-tmp/screens/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  return `${dir}${name}`;
}

/**
 * The text of a test id once it matches, checked and read in one step: a count can turn to 'Loading…' between a check
 * and a later read (it did, in the publish and generated-files journeys).
 */
export async function textWhenMatches(page: Page, testId: string, pattern: RegExp, timeout: number): Promise<string> {
  let text = '';
  await expect
    .poll(async () => pattern.test((text = await page.getByTestId(testId).innerText())), { timeout })
    .toBe(true);
  return text;
}

/** A console list's "loaded/total" count (test id list-count) as numbers, read once it shows them. */
export async function listCounts(page: Page): Promise<[number, number]> {
  const m = (await textWhenMatches(page, 'list-count', /(\d+)\/(\d+)/, 20_000)).match(/(\d+)\/(\d+)/)!;
  return [Number(m[1]), Number(m[2])];
}
