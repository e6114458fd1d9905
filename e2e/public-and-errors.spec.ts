import { expect, test } from '@playwright/test';
import { expectAccessible, screenshotPath, signIn } from './support/helpers';

test('an unknown public path shows the wrong-url page with a plain header', async ({ page }) => {
  await page.goto('/public/not/a/page');
  await expect(page.getByText('Ooops! Did you type in the wrong url?')).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expectAccessible(page, '/public wrong url');
});

test('a network failure opens the error dialog with the support text', async ({ page }) => {
  // Jobs History reads the live jobs stream, and the jobs table when the stream is lost: both fail here.
  await page.route('**/ops-api/live/tasks', (route) => route.abort('connectionrefused'));
  await page.route('**/ops-api/table/Jobs**', (route) => route.abort('connectionrefused'));
  await signIn(page, 'staff');
  await expect(page).toHaveURL(/\/ops$/);
  await page.getByRole('button', { name: /Account menu for staff@openrescue\.test/ }).click();
  await page.getByRole('button', { name: 'Jobs History' }).click();
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

test('the client app help icon opens the support dialog with the contact address', async ({ page }) => {
  await signIn(page, 'company');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await page.getByRole('button', { name: /help|support/i }).first().click();
  await expect(page.getByRole('dialog')).toContainText('support@openrescue.test');
  await expectAccessible(page, 'support dialog');
  await page.screenshot({ path: screenshotPath('client-support.png') });
});

test('scripts and styles arrive compressed (brotli, else gzip) and hashed assets are cached for good', async ({ page, request }) => {
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
