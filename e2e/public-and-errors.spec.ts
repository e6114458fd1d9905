import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, screenshotPath, sessionToken, signIn } from './support/helpers';

test('an unknown public path shows the wrong-url page with a plain header', async ({ page }) => {
  await page.goto('/public/not/a/page');
  await expect(page.getByText('Ooops! Did you type in the wrong url?')).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expectAccessible(page, '/public wrong url');
});

/** Staff open Jobs History, which reads the live jobs stream, and the jobs table when the stream is lost: both fail. */
async function openJobsHistoryWithItsLoadsFailing(page: Page) {
  await page.route('**/ops-api/live/tasks', (route) => route.abort('connectionrefused'));
  await page.route('**/ops-api/table/Jobs**', (route) => route.abort('connectionrefused'));
  await signIn(page, 'staff');
  await expect(page).toHaveURL(/\/ops$/);
  await page.getByRole('button', { name: /Account menu for staff@openrescue\.test/ }).click();
  await page.getByRole('button', { name: 'Jobs History' }).click();
}

test('a network failure opens the error dialog with the support text', async ({ page }) => {
  await openJobsHistoryWithItsLoadsFailing(page);
  const dialog = page.getByRole('dialog', { name: 'Something went wrong' });
  await expect(dialog).toContainText('Network Error');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('OpenRescue is not accessible at this time. Please try again later.');
  await expect(dialog).toContainText('If this problem persists');
  await expectAccessible(page, 'error dialog');
  await page.screenshot({ path: screenshotPath('error-dialog.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test("an error dialog whose code cannot be loaded leaves the screen as it was, not the app's error page", async ({
  page,
}) => {
  // A busy server sheds script requests too: here the dialog's script never arrives, whatever is tried.
  let dialogScripts = 0;
  await page.route(/\/assets\/error-dialog-[\w-]+\.js$/, (route) => {
    dialogScripts += 1;
    return route.abort('connectionrefused');
  });
  await openJobsHistoryWithItsLoadsFailing(page);
  await expect.poll(() => dialogScripts, { timeout: 20_000 }).toBeGreaterThan(0);
  await page.waitForTimeout(8_000); // the tries after 1, 2 and 4 s
  await expect(page.getByText('This screen could not be shown.')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Ops console' })).toBeVisible();
});

test('the client app help icon opens the support dialog with the contact address', async ({ page }) => {
  await signIn(page, 'company');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await page
    .getByRole('button', { name: /help|support/i })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toContainText('support@openrescue.test');
  await expectAccessible(page, 'support dialog');
  await page.screenshot({ path: screenshotPath('client-support.png') });
});

test('scripts and styles arrive compressed (brotli, else gzip) and hashed assets are cached for good', async ({
  page,
  request,
}) => {
  const assets: string[] = [];
  page.on('response', (r) => {
    if (/\/assets\/.+\.(js|css)$/.test(r.url())) assets.push(r.url());
  });
  // The page is pre-rendered: its code loads after the first paint.
  await page.goto('/login', { waitUntil: 'networkidle' });
  expect(assets.length).toBeGreaterThan(3);
  let compressed = 0;
  for (const url of assets) {
    const br = await request.get(url, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers()['vary']).toContain('accept-encoding');
    if (br.headers()['content-encoding'] !== 'br') continue; // files under 1 kB are sent as they are
    compressed++;
    const gz = await request.get(url, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers()['content-encoding']).toBe('gzip');
    expect((await gz.body()).equals(await br.body())).toBe(true);
  }
  expect(compressed).toBeGreaterThan(3);
});

const OFFLINE = 'You seem to be offline, check your connection.';
const isTokenCall = (url: string) => url.endsWith('/core-api/api/session/token');

test('offline: a banner, the offline message on a write, and the write is never sent by itself later', async ({
  page,
  context,
}) => {
  await signIn(page, 'staff');
  await expect(page).toHaveURL(/\/ops$/);
  await page.goto('/ops/retail/stores');
  await page.getByRole('list', { name: 'Stores' }).getByRole('link').first().click();
  const drawer = page.getByRole('dialog', { name: 'Store details' });
  await expect(drawer.getByTestId('org-detail')).toBeVisible({ timeout: 20_000 });
  await drawer
    .getByRole('button', { name: /^Insert weight/ })
    .first()
    .click();
  const form = page.getByRole('form', { name: 'Insert weights' });
  await form.getByRole('textbox', { name: 'Bakery weight (kg)' }).fill('9');
  // Inserts the server answered: none while offline, so any beyond the one retry would be a silent replay.
  let inserts = 0;
  page.on('response', (r) => r.request().method() === 'POST' && /\/bulkscan\/?$/.test(r.url()) && (inserts += 1));

  await context.setOffline(true);
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toHaveText(OFFLINE);
  await form.getByRole('button', { name: 'Insert weights' }).click();
  const dialog = page.getByRole('dialog', { name: 'Something went wrong' });
  await expect(dialog).toContainText(OFFLINE);
  await expectAccessible(page, 'offline error dialog');
  await page.screenshot({ path: screenshotPath('offline-dialog.png') });
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: screenshotPath('offline-banner-390.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  await context.setOffline(false);
  await expect(banner).toHaveText('');
  // Nothing is sent until the user asks again; then exactly their one insert.
  await form.getByRole('button', { name: 'Insert weights' }).click();
  await expect(page.getByText('1 weights inserted!')).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  expect(inserts).toBe(1);

  // The answer lost on the way back (the server did insert): pressing again sends the same request with the same
  // Idempotency-Key, which the server answers from the first insert instead of inserting again.
  await expect(form).toBeHidden();
  await drawer
    .getByRole('button', { name: /^Insert weight/ })
    .first()
    .click();
  await form.getByRole('textbox', { name: 'Bakery weight (kg)' }).fill('7');
  const sent: { key: string | undefined; body: string | null }[] = [];
  await page.route(/\/bulkscan\/?$/, async (route) => {
    const request = route.request();
    sent.push({ key: request.headers()['idempotency-key'], body: request.postData() });
    if (sent.length > 1) return route.continue();
    await route.fetch(); // reaches the server, which inserts
    await route.abort('connectionreset');
  });
  await form.getByRole('button', { name: 'Insert weights' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await form.getByRole('button', { name: 'Insert weights' }).click();
  // The first insert's toast can still be up: the form closing is this insert's answer.
  await expect.poll(() => sent.length, { timeout: 20_000 }).toBe(2);
  await expect(form).toBeHidden({ timeout: 20_000 });
  await expect(page.getByText('1 weights inserted!').last()).toBeVisible();
  expect(sent).toHaveLength(2);
  expect(sent[0].key).toMatch(/^[\w-]{20,}$/);
  expect(sent[1]).toEqual(sent[0]);
  await page.unroute(/\/bulkscan\/?$/);

  // A load made offline says the same, whether the screen's code is already there (its load fails) or not.
  await context.setOffline(true);
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await page.getByRole('navigation', { name: 'Ops console' }).getByRole('link', { name: 'Logs' }).click();
  await expect(page.getByRole('main').or(dialog).filter({ hasText: OFFLINE }).first()).toBeVisible();
  await expectAccessible(page, 'a screen opened offline');
  await page.screenshot({ path: screenshotPath('offline-screen.png') });
  await context.setOffline(false);
});

test('a signed-out walk of the public pages and /login asks for no token and logs no console error', async ({
  page,
  context,
}) => {
  const walk = async (tab: typeof page) => {
    const seen = { errors: [] as string[], tokenCalls: 0 };
    tab.on('console', (m) => m.type() === 'error' && seen.errors.push(`${tab.url()}: ${m.text()}`));
    tab.on('pageerror', (e) => seen.errors.push(`${tab.url()}: ${e.message}`));
    tab.on('request', (r) => isTokenCall(r.url()) && (seen.tokenCalls += 1));
    for (const path of ['/login', '/public/salescalculator', '/public/about-the-numbers', '/public/no/such/page']) {
      await tab.goto(path, { waitUntil: 'networkidle' });
    }
    return seen;
  };
  expect(await walk(page)).toEqual({ errors: [], tokenCalls: 0 });

  // Signed in, the readable hint sits beside the httpOnly session cookie, and a new tab gets its token from it.
  await signIn(page, 'company');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'openrescue_session')).toMatchObject({ value: '1', httpOnly: false });
  expect(cookies.find((c) => /session_token$/.test(c.name))).toMatchObject({ httpOnly: true });
  const tab = await context.newPage();
  let tabTokenCalls = 0;
  tab.on('request', (r) => isTokenCall(r.url()) && (tabTokenCalls += 1));
  await tab.goto('/');
  await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();
  expect(tabTokenCalls).toBe(1);
  await tab.close();

  // Signed out, both are gone: a new tab walks the public pages asking nothing again.
  const out = await context.request.post('/core-api/api/auth/sign-out', {
    headers: { origin: new URL(page.url()).origin },
    data: {},
  });
  expect(out.status()).toBe(200);
  expect((await context.cookies()).map((c) => c.name)).not.toContain('openrescue_session');
  expect(await walk(await context.newPage())).toEqual({ errors: [], tokenCalls: 0 });
});

test("another store's report and a missing one answer alike, and the page says it once", async ({ page }) => {
  await signIn(page, 'store');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  const token = await sessionToken(page);
  const answers = [];
  for (const id of [2, 999999]) {
    const res = await page.request.get(`/core-api/api/reports/monthly/store/${id}?month=2026-10-01`, {
      headers: { authorization: `Bearer ${token}` },
    });
    answers.push({ status: res.status(), body: (await res.text()).replaceAll(String(id), '{id}') });
  }
  expect(answers[0].status).toBe(404);
  expect(answers[1]).toEqual(answers[0]);

  for (const id of [2, 999999]) {
    await page.goto(`/reports/store/${id}`);
    await expect(page.getByRole('alert')).toContainText('This report is not available');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText(`No store with id ${id}`)).toHaveCount(0);
  }
  await expectAccessible(page, 'report not available');
  await page.screenshot({ path: screenshotPath('report-not-available.png') });
});
