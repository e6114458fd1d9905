import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import PostalMime from 'postal-mime';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, listCounts, screenshotPath, sessionToken, settle, signIn } from './support/helpers';

const listCount = async (page: Page): Promise<number> => (await listCounts(page))[1];

test.describe('ops detail and side panels', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'staff');
    await expect(page).toHaveURL(/\/ops$/);
  });

  for (const [path, list, dialog, testId, shot] of [
    [
      '/ops/retail/no-pickups',
      'No-pickup bulk scans',
      'Bulk scan details',
      'bulkscan-detail',
      'ops-no-pickup-panel.png',
    ],
    ['/ops/retail/stipend-report', 'Stipend rows', 'Stipend row', 'stipend-detail', 'ops-stipend-panel.png'],
    ['/ops/reports/mailable', 'Contacts', 'Contact details', 'contact-detail', 'ops-contact-panel.png'],
  ] as const) {
    test(`${list}: a row opens its panel at /{id}, the address reopens it, back closes it`, async ({ page }) => {
      await page.goto(path);
      await listCount(page);
      const first = page.getByRole('list', { name: list }).getByRole('link').first();
      const href = (await first.getAttribute('href'))!;
      await first.click();
      await expect(page).toHaveURL(new RegExp(`${href.replace(/[.?*+^$()[\]{}|\\]/g, '\\$&')}$`));
      const drawer = page.getByRole('dialog', { name: dialog });
      await expect(drawer.getByTestId(testId)).toBeVisible({ timeout: 20_000 });
      await expectAccessible(page, `${dialog} panel`);
      await page.screenshot({ path: screenshotPath(shot) });

      await page.goto(href);
      await expect(page.getByRole('dialog', { name: dialog }).getByTestId(testId)).toBeVisible({ timeout: 20_000 });
      await page.goto(path);
      await listCount(page);
      await page.getByRole('list', { name: list }).getByRole('link').first().click();
      await expect(drawer.getByTestId(testId)).toBeVisible({ timeout: 20_000 });
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('dialog', { name: dialog })).toHaveCount(0);

      // An id that names nothing says so.
      await page.goto(`${path}/999999`);
      await expect(
        page.getByRole('dialog', { name: dialog }).getByText(/It does not exist or you may not see it/),
      ).toBeVisible({ timeout: 20_000 });
    });
  }

  test('a store panel opened from the list shows the row at once, then the record as the server answers it', async ({
    page,
  }) => {
    await page.goto('/ops/retail/stores');
    await listCount(page);
    // The record's own request is held back for 3 s: the panel must not wait for it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    await page.route(/\/retail\/stores\?(.*&)?id=\d+/, async (route) => {
      asked += 1;
      await Promise.race([held, new Promise((resolve) => setTimeout(resolve, 3000))]);
      await route.continue();
    });
    const row = page.getByRole('list', { name: 'Stores' }).getByRole('link').first();
    const name = (await row.locator('p').first().innerText()).trim();
    await row.click();
    const details = page.getByRole('dialog', { name: 'Store details' });
    await expect(details.getByRole('heading', { level: 2, name })).toBeVisible({ timeout: 1500 });
    await expect.poll(() => asked, { message: 'the record is still asked for' }).toBe(1);
    release(); // later requests go straight through
    await expect(details.getByTestId('org-detail')).toBeVisible();
  });

  test('receiver: Reports and Store Posters side panels, one at a time; rotating the link kills the old one', async ({
    page,
  }) => {
    await page.goto('/ops/retail/receivers');
    await listCount(page);
    await page.getByRole('list', { name: 'Receivers' }).getByRole('link').first().click();
    const details = page.getByRole('dialog', { name: 'Receiver details' });
    await expect(details.getByTestId('org-detail')).toBeVisible({ timeout: 20_000 });
    const id = page.url().match(/receivers\/(\d+)/)![1];

    await details.getByRole('button', { name: 'Reports' }).click();
    await expect(page).toHaveURL(/panel=donation-reports/);
    const reports = page.getByRole('dialog', { name: 'Donation reports' });
    const months = reports.getByRole('list', { name: 'Donation reports' }).getByRole('listitem');
    await expect(months).toHaveCount(12);
    await expect(reports.getByRole('link', { name: /^Open the .* report$/ }).first()).toHaveAttribute(
      'href',
      new RegExp(`^/reports/receiver/${id}\\?month=\\d{4}-\\d{2}-01$`),
    );
    const download = page.waitForEvent('download');
    await reports
      .getByRole('button', { name: /^Download the .* report$/ })
      .first()
      .click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
    await expectAccessible(page, 'donation reports panel');
    await page.screenshot({ path: screenshotPath('ops-donation-reports-panel.png') });
    await reports.getByRole('button', { name: 'Back to details' }).click();
    await expect(details.getByTestId('org-detail')).toBeVisible();

    await details.getByRole('button', { name: 'Posters' }).click();
    const posters = page.getByRole('dialog', { name: 'Store Posters' });
    const posterLinks = posters.getByRole('link', { name: /^Open the poster of / });
    await expect(posterLinks.first()).toHaveAttribute('href', /^\/posters\/store\/\d+$/, { timeout: 20_000 });
    await expectAccessible(page, 'store posters panel');
    await page.goBack();
    await expect(page.getByRole('dialog', { name: 'Store Posters' })).toHaveCount(0);
    await expect(details.getByTestId('org-detail')).toBeVisible();

    const link = details.getByRole('textbox', { name: 'Public reports link' });
    await expect(link).toHaveValue(/tk=/, { timeout: 20_000 });
    const oldTk = new URL(await link.inputValue()).searchParams.get('tk')!;
    const asPublic = (tk: string) =>
      page.request.get(`/core-api/api/reports/monthly/receiver/${id}`, {
        headers: { authorization: `Bearer ro.r_${id}.${tk}` },
      });
    expect((await asPublic(oldTk)).status()).toBe(200);
    await details.getByRole('button', { name: 'Rotate link' }).click();
    const confirm = page.getByRole('dialog', { name: 'Rotate the public link?' });
    await expect(confirm).toContainText('the links in report mails already sent');
    await confirm.getByRole('button', { name: 'Rotate' }).click();
    await expect(page.getByText('Older public links no longer work.')).toBeVisible({ timeout: 20_000 });
    await expect(link).not.toHaveValue(new RegExp(oldTk.slice(-12)));
    const newTk = new URL(await link.inputValue()).searchParams.get('tk')!;
    expect((await asPublic(oldTk)).status()).toBe(401);
    expect((await asPublic(newTk)).status()).toBe(200);
  });

  test('store: the poster link outlives rotating the report link, and revoking it ends printed posters', async ({
    page,
    browser,
  }) => {
    await page.goto('/ops/retail/stores/3');
    const details = page.getByRole('dialog', { name: 'Store details' });
    const posterLink = details.getByRole('textbox', { name: 'Poster link' });
    await expect(posterLink).toHaveValue(/\/p\/[0-9a-z]{12}$/, { timeout: 20_000 });
    const printed = await posterLink.inputValue();
    const visitor = await browser.newContext();
    // What a phone scanning the poster gets: the store's report opens (200), or its link is refused.
    const scan = async (url: string) => {
      const pub = await visitor.newPage();
      const report = pub.waitForResponse((r) => r.url().includes('/core-api/api/reports/monthly/store/3'));
      await pub.goto(url);
      await expect(pub).toHaveURL(/\/public\/store\/3\/reports\?tk=/);
      const status = (await report).status();
      if (status !== 200) await expect(pub.getByTestId('link-refused')).toBeVisible();
      await pub.close();
      return status === 200;
    };
    expect(await scan(printed)).toBe(true);

    await details.getByRole('button', { name: 'Rotate link' }).click();
    const rotate = page.getByRole('dialog', { name: 'Rotate the public link?' });
    await expect(rotate).toContainText('Printed posters keep working');
    await settle(page);
    await page.screenshot({ path: screenshotPath('ops-store-rotate-confirm.png') });
    await rotate.getByRole('button', { name: 'Rotate' }).click();
    await expect(page.getByText('Older public links no longer work.')).toBeVisible({ timeout: 20_000 });
    expect(await scan(printed)).toBe(true);

    // (checked once the rotate dialog has gone: behind its overlay, axe measures the panel's text on the dimmed page)
    await settle(page);
    await expectAccessible(page, 'store panel with its poster link');
    await details.getByRole('button', { name: 'Revoke poster link' }).click();
    const revoke = page.getByRole('dialog', { name: 'Revoke the poster link?' });
    await expect(revoke).toContainText('Every poster printed with this link stops opening');
    await revoke.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('Print the poster again to replace the old ones.')).toBeVisible({ timeout: 20_000 });
    await expect(posterLink).not.toHaveValue(printed);
    expect(await scan(printed)).toBe(false);
    expect(await scan(await posterLink.inputValue())).toBe(true);
    await settle(page);
    await page.screenshot({ path: screenshotPath('ops-store-poster-link.png') });
    await visitor.close();
  });

  test('report mail: one click in the mail unsubscribes its contact; Mailable Contacts marks it, staff re-enable it', async ({
    page,
    browser,
    baseURL,
  }) => {
    const token = await sessionToken(page);
    const auth = { authorization: `Bearer ${token}` };
    const list = '/core-api/api/retail/reports/charity_poster_contacts/';
    const [contact] = (await (await page.request.get(`${list}?page_size=1`, { headers: auth })).json()).results;
    const sent = await page.request.post('/core-api/api/reports/charity_poster_contacts/', {
      headers: auth,
      data: { with_receiver_id: contact.receiver_id, month: '2026-09' },
    });
    expect(sent.status()).toBe(200);
    // The e2e server has no SMTP: the outbox writes each mail as an .eml file in its data folder.
    const folder = fileURLToPath(new URL(`../.test-tmp/e2e-data-${new URL(baseURL!).port}/mail/`, import.meta.url));
    const mailTo = async () => {
      const files = (() => {
        try {
          return readdirSync(folder).filter((f) => f.endsWith('.eml'));
        } catch {
          return [];
        }
      })();
      for (const f of files) {
        const mail = await PostalMime.parse(readFileSync(`${folder}${f}`));
        if (mail.to?.[0]?.address === contact.email && mail.subject?.startsWith('Your September 2026')) return mail;
      }
      return null;
    };
    await expect.poll(async () => Boolean(await mailTo()), { timeout: 20_000 }).toBe(true);
    const mail = (await mailTo())!;
    expect(mail.text).toContain('&month=2026-09-01');
    const unsubscribe = mail.headers.find((h) => h.key === 'list-unsubscribe')!.value.slice(1, -1);

    // The address opened in a browser asks first (a GET changes nothing), then one click.
    const visitor = await browser.newContext();
    const pub = await visitor.newPage();
    await pub.goto(new URL(unsubscribe).pathname + new URL(unsubscribe).search);
    await expect(pub).toHaveURL(/\/public\/unsubscribe\?t=/);
    await expect(pub.getByRole('heading', { name: 'Stop the report mails' })).toBeVisible();
    await expectAccessible(pub, 'unsubscribe page');
    await pub.screenshot({ path: screenshotPath('public-unsubscribe.png') });
    await pub.getByRole('button', { name: 'Unsubscribe' }).click();
    // One of two live regions: the other is the (empty) offline banner's.
    await expect(pub.getByRole('status').filter({ hasText: contact.email })).toContainText(
      `${contact.email} gets no more food rescue report mails`,
    );
    await visitor.close();

    await page.goto(`/ops/reports/mailable/${contact.id}`);
    const panel = page.getByRole('dialog', { name: 'Contact details' });
    await expect(panel.getByTestId('contact-unsubscribed')).toContainText('Unsubscribed on', { timeout: 20_000 });
    await expect(page.getByRole('list', { name: 'Contacts' }).getByText('Unsubscribed').first()).toBeVisible();
    await expectAccessible(page, 'unsubscribed contact');
    await page.screenshot({ path: screenshotPath('ops-contact-unsubscribed.png') });
    await panel.getByRole('button', { name: 'Re-enable report mails' }).click();
    await page
      .getByRole('dialog', { name: 'Send report mails again?' })
      .getByRole('button', { name: 'Re-enable' })
      .click();
    await expect(page.getByText(`${contact.email} gets the report mail again.`)).toBeVisible({ timeout: 20_000 });
    await expect(panel.getByText('Gets the report mail')).toBeVisible();
  });

  test('insert weights: average weights need a back date, then fill the departments from the store history', async ({
    page,
  }) => {
    // The demo store account's store: the demo keeps its last five weeks of pickups (a store picked at random may
    // have had none in the 30 days before the back date).
    await page.goto('/ops/retail/stores/1');
    await page
      .getByRole('dialog', { name: 'Store details' })
      .getByRole('button', { name: /^Insert weight/ })
      .first()
      .click();
    const form = page.getByRole('form', { name: 'Insert weights' });
    await form.getByRole('switch', { name: 'Use average weights' }).check();
    await expect(form.getByText('Pick a back date to use average weights.')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Insert weights' })).toBeDisabled();
    await expect(form.getByRole('combobox', { name: 'Average over (days)' })).toHaveValue('30 days');

    const averages = page.waitForResponse((r) => r.url().includes('getAvgWtPerStore') && r.status() === 200);
    const back = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const backDate = form.getByRole('textbox', { name: 'Back date' });
    await backDate.fill(back);
    await backDate.blur();
    const body = (await (await averages).json()) as { results: Array<{ from_department_id: number; avg_wt: number }> };
    expect(body.results.length).toBeGreaterThan(0);
    await expect(form.getByText('Pick a back date to use average weights.')).toHaveCount(0);
    // Every department with an average is filled in and ticked; the submit is enabled.
    await expect
      .poll(async () => {
        const filled = await form
          .getByRole('textbox', { name: /weight \(kg\)$/ })
          .evaluateAll((inputs) => inputs.filter((i) => (i as HTMLInputElement).value !== '').length);
        return filled;
      })
      .toBe(body.results.length);
    await expect(form.getByRole('button', { name: 'Insert weights' })).toBeEnabled();
    await settle(page);
    await expectAccessible(page, 'average weights');
    await page.screenshot({ path: screenshotPath('ops-insert-weights-average.png') });
  });

  test('stipend report: Download gives an .xlsx with the filtered rows', async ({ page }) => {
    await page.goto('/ops/retail/stipend-report');
    const total = await listCount(page);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /Download/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^stipend[-_]report.*\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await file.path())!);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).filter(Boolean).map(String);
    expect(header).toEqual(
      expect.arrayContaining(['Item id', 'Receiver', 'Store', 'Month', 'Expected service days', 'Actual service days']),
    );
    expect(sheet.actualRowCount - 1).toBe(total);
  });
});
