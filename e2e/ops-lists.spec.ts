import { expect, test } from '@playwright/test';
import { monthsBack } from './support/client-dashboard';
import { expectAccessible, listCounts, networkToday, screenshotPath, settle, signIn } from './support/helpers';

test.describe('ops lists', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'staff');
    await expect(page).toHaveURL(/\/ops$/);
  });

  test('receivers: loaded/total, more on scroll, a row opens its panel in the address', async ({ page }) => {
    await page.goto('/ops/retail/receivers');
    await expect(page.getByRole('heading', { level: 1, name: 'Receivers' })).toBeVisible();
    const [loaded, total] = await listCounts(page);
    expect(loaded).toBeLessThanOrEqual(50);
    expect(loaded).toBe(Math.min(50, total));
    await expectAccessible(page, 'receivers list');
    await page.screenshot({ path: screenshotPath('ops-receivers.png'), fullPage: false });

    if (total > 50) {
      await page.getByRole('list', { name: 'Receivers' }).getByRole('listitem').last().scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 5000);
      await expect.poll(async () => (await listCounts(page))[0], { timeout: 20_000 }).toBeGreaterThan(50);
    }

    // The filter drop: FARM receivers.
    await page.getByRole('button', { name: /Filters/ }).click();
    await expectAccessible(page, 'receivers filter drop');
    await page.getByText('FARM', { exact: true }).click();
    await expect(page).toHaveURL(/type=FARM/);
    await page.keyboard.press('Escape');
    await listCounts(page);
    await page.goto('/ops/retail/receivers');

    const first = page.getByRole('list', { name: 'Receivers' }).getByRole('link').first();
    const href = await first.getAttribute('href');
    const id = href!.match(/receivers\/(\d+)/)![1];
    await first.click();
    await expect(page).toHaveURL(new RegExp(`/ops/retail/receivers/${id}$`));
    const drawer = page.getByRole('dialog', { name: 'Receiver details' });
    await expect(drawer.getByTestId('org-detail')).toBeVisible({ timeout: 20_000 });
    await expect(drawer.getByRole('button', { name: 'Reports' })).toBeVisible();
    await expect(drawer.getByRole('textbox', { name: 'Public reports link' })).toHaveValue(/tk=/, { timeout: 20_000 });
    await expectAccessible(page, 'receiver panel');
    await page.screenshot({ path: screenshotPath('ops-receiver-panel.png') });

    await page.reload();
    await expect(page.getByRole('dialog', { name: 'Receiver details' }).getByTestId('org-detail')).toBeVisible({
      timeout: 20_000,
    });

    await page.goBack();
    await expect(page).toHaveURL(/\/ops\/retail\/receivers$/);
    await expect(page.getByRole('dialog', { name: 'Receiver details' })).toHaveCount(0);
  });

  test('stores: insert weights with validation, then a real insert', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/ops/retail/stores');
    await listCounts(page);
    await expectAccessible(page, 'stores list at 360 px');
    await page.screenshot({ path: screenshotPath('ops-stores-360.png') });
    await page.getByRole('list', { name: 'Stores' }).getByRole('link').first().click();
    const drawer = page.getByRole('dialog', { name: 'Store details' });
    await expect(drawer.getByTestId('org-detail')).toBeVisible({ timeout: 20_000 });
    await drawer
      .getByRole('button', { name: /^Insert weight/ })
      .first()
      .click();
    await expect(page).toHaveURL(/panel=insert-bulkscans/);

    const form = page.getByRole('form', { name: 'Insert weights' });
    const submit = form.getByRole('button', { name: 'Insert weights' });
    await expect(submit).toBeDisabled();
    const bakery = form.getByRole('textbox', { name: 'Bakery weight (kg)' });
    await bakery.fill('12a');
    // The field says it, and so does the status line (issue 36).
    await expect(bakery).toHaveAccessibleDescription(/Digits only/);
    await expect(form.getByTestId('insert-weights-status')).toHaveText(/^Bakery weight: Digits only/);
    await expect(submit).toBeDisabled();
    await bakery.fill('1234');
    await expect(form.getByTestId('insert-weights-status')).toHaveText(
      'Bakery weight: At most 3 digits (up to 999 kg).',
    );
    await expect(submit).toBeDisabled();
    await expectAccessible(page, 'insert weights with errors');
    await page.screenshot({ path: screenshotPath('ops-insert-weights-errors.png') });

    await bakery.fill('12');
    await form.getByRole('textbox', { name: 'Dairy weight (kg)' }).fill('7');
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByText('2 weights inserted!')).toBeVisible({ timeout: 20_000 });
    await settle(page);
    await expectAccessible(page, 'after insert');
    await page.screenshot({ path: screenshotPath('ops-insert-weights-done.png') });
  });
});

test.describe('ops lists: no-pickups, stipend, mailable', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'staff');
    await expect(page).toHaveURL(/\/ops$/);
  });

  for (const [path, heading, shot] of [
    ['/ops/retail/no-pickups', 'BulkScans', 'ops-no-pickups.png'],
    ['/ops/retail/stipend-report', 'Stipened Report', 'ops-stipend.png'],
    ['/ops/reports/mailable', 'Mailable Contacts', 'ops-mailable.png'],
  ] as const) {
    test(`${heading}: loaded/total, more on scroll, filters`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const [loaded, total] = await listCounts(page);
      expect(loaded).toBe(Math.min(50, total));
      await expectAccessible(page, heading);
      await page.screenshot({ path: screenshotPath(shot) });
      if (total > 50) {
        await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
        await expect.poll(async () => (await listCounts(page))[0], { timeout: 20_000 }).toBeGreaterThan(50);
      }
      if (heading === 'Mailable Contacts') {
        // Send asks first; cancelling sends nothing.
        await page.getByRole('main').getByRole('button', { name: 'Send', exact: true }).click();
        const confirm = page.getByRole('dialog', { name: 'Send report mails' });
        await expect(confirm.getByText('Are you sure? This cannot be undone!')).toBeVisible();
        await expectAccessible(page, 'mail send confirm');
        await confirm.getByRole('button', { name: 'Cancel' }).click();
        await expect(confirm).toHaveCount(0);
        // Confirming queues the mails for real (the e2e server has no SMTP: the outbox writes .eml files).
        const sent = page.waitForResponse(
          (r) => r.url().includes('/reports/charity_poster_contacts') && r.request().method() === 'POST',
        );
        const sendButton = page.getByRole('main').getByRole('button', { name: /^(Send|Sendng\.\.)$/ });
        await sendButton.click();
        await page.getByRole('dialog', { name: 'Send report mails' }).getByRole('button', { name: 'Send' }).click();
        const answer = await (await sent).json();
        expect(answer.result.mailers).toBeGreaterThan(0);
        const toast = page.getByRole('alert').filter({ hasText: 'Queued' });
        await expect(toast).toContainText(`${answer.result.mailers.toLocaleString('en-US')} mailers queued.`);
        await expect(sendButton).toHaveText('Send');
        await expect(sendButton).toBeEnabled();
        await toast.getByRole('button', { name: 'Close notification' }).click();
      }
      await page.getByRole('button', { name: /Filters/ }).click();
      await expectAccessible(page, `${heading} filters`);
      await page.screenshot({ path: screenshotPath(shot.replace('.png', '-filters.png')) });
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 360, height: 740 });
      await expectAccessible(page, `${heading} at 360 px`);
      await page.screenshot({ path: screenshotPath(shot.replace('.png', '-360.png')) });
    });
  }

  test('Stipened Report names the month it shows: the last full month when none is chosen', async ({ page }) => {
    // The previous calendar month in the network's time zone, as the server picks it.
    const last = monthsBack(await networkToday(page), 1);
    const label = (month: { y: number; m: number }) =>
      `${new Date(Date.UTC(month.y, month.m - 1, 15)).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })} ${month.y}`;
    await page.goto('/ops/retail/stipend-report');
    const note = page.getByTestId('stipend-month');
    await expect(note).toHaveText(`Showing ${label(last)}, the last full month (no month chosen)`);
    const [, total] = await listCounts(page);
    if (total > 0) {
      const ym = `${last.y}-${String(last.m).padStart(2, '0')}`;
      await expect(page.getByRole('list', { name: 'Stipend rows' }).getByRole('link').first()).toHaveAccessibleName(
        new RegExp(`, ${ym}$`),
      );
    }
    await expectAccessible(page, 'stipend with the month named');
    await page.screenshot({ path: screenshotPath('ops-stipend-month.png') });
    // A chosen month is named as it is.
    const before = last.m === 1 ? { y: last.y - 1, m: 12 } : { y: last.y, m: last.m - 1 };
    await page.goto(`/ops/retail/stipend-report?year_month=${before.y}-${String(before.m).padStart(2, '0')}`);
    await expect(note).toHaveText(`Showing ${label(before)}`);
  });
});
