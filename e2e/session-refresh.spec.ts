import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { signIn } from './support/helpers';

/**
 * Issue 9, suite 3, in the browser: many requests refused at once cause one refresh, and the session cookie the
 * refresh replaces (decision 0023) is the one Chromium keeps, so later tabs and the log out still work.
 */
const webLib = fileURLToPath(new URL('../apps/web/src/lib/', import.meta.url));
type Probe = typeof import('../apps/web/src/lib/api-client') & typeof import('../apps/web/src/lib/session-api');
const isTokenCall = (url: string, method: string) => method === 'POST' && url.endsWith('/core-api/api/session/token');

/** The web app's own API client and session calls, bundled for the page as the app bundles them (window.sessionProbe). */
async function sessionProbeScript(): Promise<string> {
  const result = await build({
    stdin: {
      contents: "export { createApiClient } from './api-client'; export { refreshAccessToken } from './session-api';",
      resolveDir: webLib,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    globalName: 'sessionProbe',
    define: { 'import.meta.env': '{}' },
    write: false,
  });
  // An expression that runs the bundle and keeps its exports on window, whatever way the page evaluates it.
  return `(() => { ${result.outputFiles[0].text}; window.sessionProbe = sessionProbe; })()`;
}

/** Counts the token calls and the 401 answers the page gets from now on (to the requests `counted` picks, if given). */
function watch(page: Page, counted: (url: string) => boolean = () => true) {
  const seen = { tokenCalls: 0, refused: 0 };
  page.on('request', (r) => isTokenCall(r.url(), r.method()) && (seen.tokenCalls += 1));
  page.on('response', (r) => r.status() === 401 && counted(r.url()) && (seen.refused += 1));
  return seen;
}

// A server just started may still shed load while it pre-renders its pages (503): wait until it answers.
test.beforeAll(async ({ request }) => {
  await expect.poll(async () => (await request.get('/login')).status(), { timeout: 60_000 }).toBe(200);
});

test('20 requests refused at once in the browser cause one refresh, and the replaced cookie is the one kept', async ({
  page,
  context,
}) => {
  await signIn(page, 'staff');
  await expect(page).toHaveURL(/\/ops$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(await sessionProbeScript());
  // The probe's own requests: the console's job stream, opening while the refresh replaces the cookie, can be
  // refused once too (the old cookie in flight; it reconnects on its own), which is not what this counts.
  const seen = watch(page, (url) => url.endsWith('/ops-api/table/Jobs'));

  const outcome = await page.evaluate(async () => {
    const probe = (window as unknown as { sessionProbe: Probe }).sessionProbe;
    let token = 'an.expired.token';
    let refreshes = 0;
    const client = probe.createApiClient({
      fetch: window.fetch.bind(window),
      getAccessToken: () => token,
      getExpiresAt: () => Date.now() - 1000, // its stored expiry has passed: a 401 means refresh
      refreshToken: async () => {
        refreshes += 1;
        token = await probe.refreshAccessToken();
        return token;
      },
      onSignedOut: () => undefined,
    });
    const settled = await Promise.allSettled(Array.from({ length: 20 }, () => client.get('/ops-api/table/Jobs')));
    return { refreshes, succeeded: settled.filter((s) => s.status === 'fulfilled').length };
  });
  expect(outcome).toEqual({ refreshes: 1, succeeded: 20 });
  await expect.poll(() => seen.refused).toBe(20);
  expect(seen.tokenCalls).toBe(1);
  console.log(`browser: 20 simultaneous 401s -> ${seen.tokenCalls} refresh, ${outcome.succeeded} of 20 then answered`);

  // Past the grace two tabs get (SESSION_REUSE_GRACE_SECONDS, 10 s): had Chromium kept the replaced cookie, this new
  // tab's token call would present it again and sign the whole chain out.
  await page.waitForTimeout(11_000);
  const tab = await context.newPage();
  const tabSeen = watch(tab);
  await tab.goto('/ops');
  await expect(tab).toHaveURL(/\/ops$/);
  await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();
  expect(tabSeen.tokenCalls).toBe(1);

  await tab.getByRole('button', { name: /Account menu for staff@openrescue\.test/ }).click();
  await tab.getByRole('button', { name: 'Log out' }).click();
  await expect(tab).toHaveURL(/\/login/);
  const after = await context.request.post('/core-api/api/session/token', {
    headers: { origin: new URL(tab.url()).origin },
  });
  expect(after.status()).toBe(401);
});

test('the app, its stored token refused after a reload, refreshes once and shows its screen', async ({ page }) => {
  await signIn(page, 'company');
  await expect(page).toHaveURL(/\/$/);
  await page.evaluate(() => {
    const key = 'openrescue.session';
    const stored = JSON.parse(sessionStorage.getItem(key)!);
    sessionStorage.setItem(key, JSON.stringify({ ...stored, token: `${stored.token}x`, expiresAt: Date.now() - 1000 }));
  });
  const seen = watch(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(seen.refused).toBeGreaterThan(0);
  expect(seen.tokenCalls).toBe(1);
  await expect(page).not.toHaveURL(/\/login/);
});
