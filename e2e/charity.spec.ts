import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import PostalMime from 'postal-mime';
import { sheetTotals } from '../apps/server/src/test-support/sheet-totals';
import { expectAccessible, screenshotPath, sessionToken, settle, signIn } from './support/helpers';

/**
 * A charity user's day (issue 37 section 1, decision 0066): staff invite the person from the receiver's panel, the
 * invitation arrives by mail, the person sets a password and lands on the charity's dashboard, opens its monthly
 * report and downloads the spreadsheet, whose figures are the screen's.
 */

/** The e2e server has no SMTP: the outbox writes each mail as an .eml file in its data folder. */
async function mailTo(baseURL: string, address: string) {
  const folder = fileURLToPath(new URL(`../.test-tmp/e2e-data-${new URL(baseURL).port}/mail/`, import.meta.url));
  let files: string[];
  try {
    files = readdirSync(folder).filter((f) => f.endsWith('.eml'));
  } catch {
    return null;
  }
  for (const f of files) {
    const mail = await PostalMime.parse(readFileSync(`${folder}${f}`));
    if (mail.to?.[0]?.address === address) return mail;
  }
  return null;
}

async function screenTotals(page: Page) {
  const totals = page.getByTestId('month-table-totals');
  if ((await totals.count()) === 0) return { donations: 0, kg: 0 };
  const donations = Number((await totals.locator('[data-metric="donations"]').innerText()).replace(/,/g, ''));
  const weight = await totals.locator('[data-metric="weight"]').innerText();
  return { donations, kg: Number(weight.split(' kg')[0].replace(/,/g, '')) };
}

test.describe("a charity user's day", () => {
  test('invited by staff, sets a password, reads its dashboard and report, downloads the spreadsheet', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, 'staff');
    await expect(page).toHaveURL(/\/ops$/);
    const token = await sessionToken(page);
    // The receiver with the most food over the last year: the charity has a history to look at.
    const totals = await page.request.get(
      '/core-api/api/retail/reports/donation_totals?annotate=receiver_id&page_size=1000',
      { headers: { authorization: `Bearer ${token}` } },
    );
    const rows = (await totals.json()).results as { receiver_id: number; weight_kg__sum: number }[];
    const receiverId = rows.sort((a, b) => b.weight_kg__sum - a.weight_kg__sum)[0].receiver_id;
    const email = `dana.${Date.now()}@food-bank.test`;

    // Staff invite the person from the receiver's detail panel.
    await page.goto(`/ops/retail/receivers/${receiverId}`);
    const panel = page.getByTestId('receiver-users');
    await expect(panel).toBeVisible({ timeout: 20_000 });
    const receiverName = (await page.getByTestId('org-detail').getByRole('heading', { level: 2 }).innerText()).trim();
    await panel.getByLabel('Name').fill('Dana Director');
    await panel.getByLabel('E-mail').fill(email);
    await panel.getByRole('button', { name: 'Invite' }).click();
    const row = panel.getByRole('listitem').filter({ hasText: email });
    await expect(row).toContainText('Invited', { timeout: 20_000 });
    await settle(page);
    await page.screenshot({ path: screenshotPath('charity-staff-panel.png') });

    // The mail, as the person gets it.
    await expect.poll(async () => Boolean(await mailTo(baseURL!, email)), { timeout: 30_000 }).toBe(true);
    const mail = (await mailTo(baseURL!, email))!;
    expect(mail.subject).toContain(receiverName);
    const link = /https?:\/\/\S+\/public\/invitation\?token=[\w-]{43}/.exec(mail.text ?? '')![0];

    // The person opens it in its own browser and sets a password.
    const person = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const charity = await person.newPage();
    await charity.goto(new URL(link).pathname + new URL(link).search);
    await expect(charity.getByRole('heading', { name: 'Set your password' })).toBeVisible();
    await expect(charity.getByTestId('invitation')).toContainText(email);
    await expectAccessible(charity, 'invitation page');
    await charity.screenshot({ path: screenshotPath('charity-invitation.png') });
    await charity.getByLabel(/^New password(?! again)/).fill('a-long-password-1');
    await charity.getByLabel(/^New password again/).fill('a-long-password-1');
    await charity.getByRole('button', { name: 'Set password and sign in' }).click();

    // Its dashboard: its receiver's food, no money saved, graphs by department and by donor store.
    await expect(charity).toHaveURL(/\/$/, { timeout: 30_000 });
    const dashboard = charity.getByTestId('charity-dashboard');
    await expect(dashboard).toBeVisible({ timeout: 30_000 });
    await expect(charity.getByTestId('dashboard-title')).toHaveText(receiverName);
    await expect(charity.getByText('Meals provided').first()).toBeVisible();
    await expect(charity.getByText(/money saved/i)).toHaveCount(0);
    await expect(charity.getByTestId('graph-store')).toBeVisible();
    await expect(charity.getByTestId('graph-department')).toBeVisible();
    // Each card compares with the previous period and the year before, as every dashboard's (decision 0072).
    await expect(dashboard.getByTestId('impact-change')).toHaveCount(2 * 3, { timeout: 30_000 });
    await expect(charity.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
    await expectAccessible(charity, 'charity dashboard');
    await charity.screenshot({ path: screenshotPath('charity-dashboard.png'), fullPage: true });
    await charity.setViewportSize({ width: 390, height: 844 });
    await settle(charity);
    await charity.screenshot({ path: screenshotPath('charity-dashboard-phone.png'), fullPage: true });
    await charity.setViewportSize({ width: 1280, height: 800 });
    const publicLink = dashboard.getByRole('textbox', { name: 'Public reports link' });
    await expect(publicLink).toHaveValue(new RegExp(`/public/charity/${receiverId}/reports\\?tk=`), {
      timeout: 30_000,
    });
    // Its copy of the link is the report page's (decision 0069): on the clipboard and on the audit trail, as the person.
    await dashboard.getByRole('button', { name: 'Copy public link' }).click();
    await expect(dashboard.getByRole('button', { name: 'Link copied' })).toBeVisible();
    await expect.poll(() => charity.evaluate(() => navigator.clipboard.readText())).toBe(await publicLink.inputValue());
    await expect
      .poll(
        async () => {
          const res = await page.request.get(
            `/ops-api/audit-events?object_type=receiver&object_id=${receiverId}&page_size=50`,
            { headers: { authorization: `Bearer ${token}` } },
          );
          const entries = (await res.json()).results as { action: string; actor_label: string }[];
          return entries.some((e) => e.action === 'public_link.copy' && e.actor_label === email);
        },
        { timeout: 20_000 },
      )
      .toBe(true);

    // The monthly report: Month, YTD, Raw Data, and the spreadsheet with the screen's figures.
    await dashboard.getByRole('link', { name: 'Monthly report' }).click();
    await expect(charity).toHaveURL(new RegExp(`/reports/receiver/${receiverId}\\?month=`));
    await expect(charity.getByRole('tab', { name: 'Raw Data' })).toBeVisible({ timeout: 30_000 });
    await expect(charity.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
    const screen = await screenTotals(charity);
    await charity.screenshot({ path: screenshotPath('charity-report.png'), fullPage: true });
    const [download] = await Promise.all([
      charity.waitForEvent('download'),
      charity.getByTestId('download-xlsx').click(),
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Month', 'YTD', 'Raw Data']);
    const sheet = sheetTotals(wb.getWorksheet('Month')!);
    expect(sheet['Donations'] ?? 0).toBe(screen.donations);
    expect(sheet['Weight (kg)'] ?? 0).toBeCloseTo(screen.kg, 1);
    expect(wb.getWorksheet('Raw Data')!.rowCount).toBe(screen.donations + 1);
    expect(JSON.stringify(wb.getWorksheet('Month')!.getSheetValues())).not.toMatch(/money/i);

    // No store pages and no console for it.
    await charity.goto('/reports/store/1');
    await expect(charity.getByRole('alert')).toContainText('This report is not available', { timeout: 20_000 });
    await charity.goto('/ops');
    await expect(charity).toHaveURL(/\/$/);
    await expect(charity.getByTestId('charity-dashboard')).toBeVisible({ timeout: 30_000 });
    await person.close();

    // Staff see that the person signed up.
    await page.reload();
    await expect(page.getByTestId('receiver-users').getByRole('listitem').filter({ hasText: email })).toContainText(
      'Signed up',
      { timeout: 20_000 },
    );
  });
});
