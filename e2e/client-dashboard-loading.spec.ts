import { expect, test } from '@playwright/test';
import {
  GRAPH_EMPTY,
  graph,
  holdAccountRecord,
  holdRequests,
  impact,
  openDashboard,
  rangeText,
  settled,
} from './support/client-dashboard';
import { expectAccessible, screenshotPath, signIn } from './support/helpers';

/** The client dashboard on its way in: the frame, the server's first view, the requests it starts with, a failed load. */
test.describe('client dashboard, loading', () => {
  test('the frame shows while the account record is on its way, with the splash in its place', async ({ page }) => {
    const release = await holdAccountRecord(page);
    await signIn(page, 'company');
    await expect(page).toHaveURL(/\/$/);
    // A visit with a query comes without the server's first view (the next test): the app's own frame shows.
    await page.goto('/?range=1m');
    await expect(page.locator('[data-page-shell]')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Client Dashboard' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Help and support' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Grabbing some digital bits...');
    await expect(page.getByTestId('impact-dashboard')).toHaveCount(0);
    await page.screenshot({ path: screenshotPath('client-frame-loading.png') });
    release();
    await expect(page.getByTestId('impact-dashboard')).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('status').filter({ hasText: 'Grabbing some digital bits...' }),
    ).toHaveCount(0);
  });

  test('the impact cards keep their height as the figures arrive', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 900 }); // one card under another: a taller card moves the next
    await openDashboard(page, 'company');
    const release = await holdRequests(page, '**/retail/reports/donation_totals**');
    await page.reload();
    const cards = page.getByTestId('impact-card');
    await expect(impact(page)).toHaveAttribute('aria-busy', 'true');
    await expect(cards).toHaveCount(3);
    const heights = () => cards.evaluateAll((all) => all.map((card) => card.getBoundingClientRect().height));
    const loading = await heights();
    release();
    await settled(page);
    await expect(cards.getByTestId('impact-value')).toHaveCount(3);
    const loaded = await heights();
    expect(loaded).toHaveLength(3);
    loaded.forEach((height, i) => expect(height).toBeCloseTo(loading[i], 0));
  });

  test('a failed load shows the error dialog and a retry in each graph', async ({ page }) => {
    await page.route('**/retail/reports/donation_totals**', (route) => route.abort('connectionrefused'));
    await signIn(page, 'company');
    // Both loads fail (after one retry) before the dialog is closed, so it does not open a second time.
    for (const noun of ['department', 'destination'] as const) {
      await expect(graph(page, noun).getByRole('alert')).toContainText('This graph could not be loaded', {
        timeout: 15_000,
      });
    }
    await expect(impact(page)).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: 'The impact figures could not be loaded' })).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Something went wrong' });
    await expect(dialog).toContainText('Network Error');
    await expectAccessible(page, 'graph load error');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.unroute('**/retail/reports/donation_totals**');
    await graph(page, 'department').getByRole('button', { name: 'Try again' }).click();
    await expect(
      graph(page, 'department')
        .getByRole('list', { name: 'Weight by department' })
        .or(graph(page, 'department').getByText(GRAPH_EMPTY)),
    ).toBeVisible();
  });

  test('the account record and the store and company lists are asked for together, with a skeleton for the name until they are in', async ({
    page,
  }) => {
    await openDashboard(page, 'company');
    const asked: string[] = [];
    let recordAnswered = false;
    let releaseLists!: () => void;
    const listsHeld = new Promise<void>((resolve) => (releaseLists = resolve));
    await page.route('**/api/clients/company_user', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      recordAnswered = true;
      await route.continue();
    });
    await page.route(/\/api\/(stores|companies)\?/, async (route) => {
      asked.push(
        `${new URL(route.request().url()).pathname.split('/').pop()}${recordAnswered ? ' after the record' : ''}`,
      );
      await listsHeld;
      await route.continue();
    });
    await page.reload();
    // The record is in, the lists are not: the app's header holds the name's place, and the selector says it is
    // loading. Over it the page still shows the server's first view, with the name (decision 0032).
    const shell = page.locator('[data-page-shell]');
    await expect(page.getByTestId('dashboard-title-loading')).toBeVisible();
    await expect(page.getByTestId('dashboard-title')).toHaveCount(1);
    await expect(shell.getByTestId('dashboard-title')).not.toHaveText(/^(Store|Company) \d+$/);
    await expect(page.getByRole('combobox', { name: 'Store' })).toBeDisabled();
    await expect(page.getByRole('combobox', { name: 'Store' })).toHaveAttribute('placeholder', 'Loading stores…');
    expect(asked.sort()).toEqual(['companies', 'stores']);
    releaseLists();
    await expect(page.getByTestId('dashboard-title')).not.toHaveText(/^(Store|Company) \d+$/);
    await expect(page.getByTestId('dashboard-title-loading')).toHaveCount(0);
    await expect(shell).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Store' })).toHaveValue(/^All .+ stores$/);
  });

  test("the page arrives with the frame and the header named (the server's first view); the app takes its place and the name never leaves", async ({
    page,
    browser,
    baseURL,
  }) => {
    // What the title shows at each change of the page from its first paint on: the first view's while it is up,
    // then the app's; 'nothing' if neither shows one.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __visibleTitles: string[] }).__visibleTitles = seen;
      new MutationObserver(() => {
        const shell = document.querySelector('[data-page-shell]');
        // An empty title is the parser between the element and its text (the HTML arrives in pieces), not a view.
        const title = (shell ?? document).querySelector('[data-testid="dashboard-title"]')?.textContent || 'nothing';
        if (seen.at(-1) !== title && (seen.length > 0 || title !== 'nothing')) seen.push(title);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const release = await holdAccountRecord(page);
    await signIn(page, 'company');
    const shell = page.locator('[data-page-shell="/"]');
    await expect(shell.getByTestId('dashboard-title')).toHaveText(/\S/);
    await expect(shell.getByRole('link', { name: /FLW/ })).toHaveCount(0); // inert and hidden from assistive technology
    const firstView = {
      title: await shell.getByTestId('dashboard-title').innerText(),
      range: await shell.getByTestId('dashboard-range').innerText(),
    };
    await page.screenshot({ path: screenshotPath('client-first-view.png') });
    release();
    await expect(shell).toHaveCount(0);
    await expect(page.getByTestId('impact-dashboard')).toBeVisible();
    await settled(page);
    expect({
      title: await page.getByTestId('dashboard-title').innerText(),
      range: await rangeText(page).innerText(),
    }).toEqual(firstView);
    expect(await page.evaluate(() => (window as unknown as { __visibleTitles: string[] }).__visibleTitles)).toEqual([
      firstView.title,
    ]);

    // Without the script, the page the server sends is that view: the name and range, the FLW button, the account.
    const bare = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
      baseURL,
    });
    const barePage = await bare.newPage();
    await barePage.goto('/');
    await expect(barePage.getByTestId('dashboard-title')).toHaveText(firstView.title);
    await expect(barePage.getByTestId('dashboard-range')).toHaveText(firstView.range);
    await expect(barePage.locator('a', { hasText: 'FLW analytics' })).toHaveCount(1);
    await expect(barePage.getByTestId('user-menu')).toHaveAttribute(
      'aria-label',
      'Account menu for company@openrescue.test',
    );
    await bare.close();
  });
});
