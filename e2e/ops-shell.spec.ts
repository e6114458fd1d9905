import { expect, test } from '@playwright/test';
import { expectAccessible, screenshotPath, signIn } from './support/helpers';

const OPS_ROUTES = [
  '/ops/dashboard',
  '/ops/network',
  '/ops/retail/receivers',
  '/ops/retail/stores',
  '/ops/retail/no-pickups',
  '/ops/retail/stipend-report',
  '/ops/reports/publish',
  '/ops/reports/generated',
  '/ops/reports/mailable',
  '/ops/logs',
  '/ops/flows',
  '/ops/product/transcripts',
  '/ops/product/transcripts/1',
];

test.describe('operations console shell', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'staff');
    await expect(page).toHaveURL(/\/ops$/);
  });

  test('every route of the console shows a screen, never a blank page, and passes axe', async ({ page }) => {
    // Thirteen screens, axe on each (the map and the publish table are large pages).
    test.setTimeout(150_000);
    for (const route of OPS_ROUTES) {
      await page.goto(route);
      const main = page.getByRole('main');
      await expect(main, route).toBeVisible();
      await expect(main.getByRole('heading').first(), route).toBeVisible();
      expect((await main.innerText()).trim().length, route).toBeGreaterThan(10);
      await expectAccessible(page, route);
    }
  });

  test('the side menu links every section, including the external community site', async ({ page }) => {
    const nav = page.getByRole('navigation');
    for (const name of [
      'Dashboard',
      'Client App',
      'Receivers',
      'Stores',
      'BulkScans',
      'Stipened Report',
      'Mailable Contacts',
      'Call Transcripts',
    ]) {
      await expect(nav.getByRole('link', { name, exact: true }), name).toBeVisible();
    }
    const community = nav.getByRole('link', { name: /Community Portal/ });
    await expect(community).toHaveAttribute('href', /^https?:\/\//);
    await expect(community).toHaveAttribute('target', '_blank');
    const box = await nav.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(270);
    await nav.getByRole('link', { name: 'Receivers', exact: true }).click();
    await expect(page).toHaveURL(/\/ops\/retail\/receivers/);
    await page.screenshot({ path: screenshotPath('ops-receivers.png'), fullPage: true });
  });

  test('the landing page has a card for each section', async ({ page }) => {
    const main = page.getByRole('main');
    for (const name of [
      'Receivers',
      'Stores',
      'BulkScans',
      'Stipened Report',
      'Mailable Contacts',
      'Call Transcripts',
    ]) {
      await expect(main.getByRole('link', { name: new RegExp(name) }).first(), name).toBeVisible();
    }
  });

  test('demo mode relabels the sections, swaps the title and hides the logo, and survives reload', async ({ page }) => {
    await expect(page.getByTestId('platform-title')).toHaveText('Ops Platform');
    await expect(page.getByTestId('header-logo')).toBeVisible();
    await page.goto('/ops?demo=true');
    const nav = page.getByRole('navigation');
    await expect(page.getByTestId('platform-title')).toHaveText('Diversion Platform');
    await expect(nav.getByRole('link', { name: 'Vendors', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Service Locations', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Vendor Performance', exact: true })).toBeVisible();
    await expect(page.getByTestId('header-logo')).toHaveCount(0);
    await page.screenshot({ path: screenshotPath('ops-demo.png'), fullPage: true });
    await nav.getByRole('link', { name: 'Vendors', exact: true }).click();
    await page.reload();
    await expect(page.getByTestId('platform-title')).toHaveText('Diversion Platform');
    await page.goto('/ops?demo=false');
    await expect(page.getByTestId('platform-title')).toHaveText('Ops Platform');
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Receivers', exact: true })).toBeVisible();
  });

  test('the user menu toggles demo mode and opens Jobs History', async ({ page }) => {
    await page.getByRole('button', { name: /Account menu for staff@openrescue\.test/ }).click();
    await page.getByRole('switch', { name: 'Demo Mode' }).click();
    await expect(page.getByTestId('platform-title')).toHaveText('Diversion Platform');
    // a toast confirms it, at the bottom-left, and can be removed
    const toast = page.getByRole('alert').filter({ hasText: 'Demo mode on' });
    await expect(toast).toBeVisible();
    const box = (await toast.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.x).toBeLessThan(viewport.width / 3);
    expect(box.y).toBeGreaterThan(viewport.height / 2);
    await toast.getByRole('button', { name: 'Close notification' }).click();
    await expect(toast).toBeHidden();
    await page.getByRole('button', { name: /Account menu for staff@openrescue\.test/ }).click();
    await page.getByRole('switch', { name: 'Demo Mode' }).click();
    await expect(page.getByTestId('platform-title')).toHaveText('Ops Platform');
    // The switch leaves the menu open or not depending on how the relabelling re-renders: close it, then reopen it.
    const account = page.getByRole('button', { name: /Account menu for staff@openrescue\.test/ });
    await page.keyboard.press('Escape');
    await expect(account).toHaveAttribute('aria-expanded', 'false');
    await account.click();
    await expect(account).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('button', { name: 'Jobs History' }).click();
    // the demo network comes with a short job history; the empty state is covered by job-list.test.tsx
    const panel = page.getByRole('dialog', { name: 'Jobs History' });
    await expect(panel.getByRole('listitem').first()).toBeVisible();
    // each job has its progress bar (the newest may be a run that stopped at 0 %, a bar of no width)
    await expect(panel.getByRole('progressbar').first()).toHaveAttribute('aria-valuenow', /^\d+$/);
    await expect(panel).toContainText('publish_all');
    await expectAccessible(page, 'Jobs History');
  });

  test('on a 360 px screen the menu is a slide-in layer', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/ops');
    const receivers = page.getByRole('navigation').getByRole('link', { name: 'Receivers', exact: true });
    // the closed layer is moved off-screen, not removed
    await expect(receivers).not.toBeInViewport();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(receivers).toBeInViewport();
    await page.screenshot({ path: screenshotPath('ops-mobile-menu.png') });
    await receivers.click();
    await expect(page).toHaveURL(/\/ops\/retail\/receivers/);
    await expectAccessible(page, 'mobile');
  });

  test('a console screen arrives with its frame and heading, and the app takes its place without a splash between', async ({
    page,
    browser,
  }) => {
    // The page as the server sends it, before any script: frame, menu, heading, intro.
    const bare = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 412, height: 823 } });
    const first = await bare.newPage();
    await first.goto('/ops/retail/stores/3');
    const frame = first.locator('[data-page-shell]');
    await expect(frame.locator('h1')).toHaveText('Stores');
    await expect(frame).toContainText('Donating stores. Open one for its receivers, links and scans.');
    await first.screenshot({ path: screenshotPath('ops-frame-before-scripts.png') });
    await bare.close();

    // Every frame painted: the splash must never be on screen uncovered.
    await page.addInitScript(() => {
      const w = window as unknown as { splashSeen: boolean; framesSeen: number };
      w.splashSeen = false;
      w.framesSeen = 0;
      const check = () => {
        const framed = document.querySelector('[data-page-shell]') !== null;
        if (framed) w.framesSeen += 1;
        const splash = [...document.querySelectorAll('[role=status]')].some((e) =>
          e.textContent?.includes('Grabbing some digital bits'),
        );
        if (splash && !framed) w.splashSeen = true;
        requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    await page.goto('/ops/retail/stores');
    await expect(page.getByTestId('list-count')).toHaveText(/\d+\/\d+/);
    await expect(page.locator('[data-page-shell]')).toHaveCount(0);
    await expect(page.locator('#root')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stores');
    const seen = await page.evaluate(() => {
      const w = window as unknown as { splashSeen: boolean; framesSeen: number };
      return { splashSeen: w.splashSeen, framesSeen: w.framesSeen };
    });
    expect(seen.framesSeen).toBeGreaterThan(0);
    expect(seen.splashSeen).toBe(false);

    // Demo mode relabels the console: there the app starts from its own splash instead.
    await page.goto('/ops/retail/stores?demo=true');
    await expect(page.locator('[data-page-shell]')).toHaveCount(0);
    await expect(page.getByTestId('list-count')).toHaveText(/\d+\/\d+/);
  });
});
