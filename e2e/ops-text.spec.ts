import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible, screenshotPath, settle, signIn } from './support/helpers';

/**
 * Issue 36 section 4: times, names and text in the console. Dates and times are the network's (America/Vancouver)
 * whatever the browser's zone; logs and addresses name things; nothing is cut short or said twice; a negative call
 * length is refused and ?demo=1 works (decision 0064).
 */

const TRANSCRIPTS = '/ops/product/transcripts';

async function signedIn(browser: Browser, baseURL: string, timezoneId: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, timezoneId });
  const page = await context.newPage();
  await signIn(page, 'staff');
  await expect(page).toHaveURL(/\/ops$/);
  return page;
}

/** The call rows' accessible names ('Call 12, Nov 3, 2026, 9:15 AM, caller'), once the list has them. */
async function callLabels(page: Page): Promise<string[]> {
  await page.goto(TRANSCRIPTS);
  const rows = page.getByRole('link', { name: /^Call \d+, / });
  await expect(rows.first()).toBeVisible({ timeout: 20_000 });
  return (await rows.evaluateAll((links) => links.map((a) => a.getAttribute('aria-label') ?? ''))).slice(0, 15);
}

test.describe('the network time zone', () => {
  test('a browser in Tokyo shows the same call dates and key times as one in Vancouver', async ({ browser }, info) => {
    const baseURL = info.project.use.baseURL!;
    const vancouver = await signedIn(browser, baseURL, 'America/Vancouver');
    const tokyo = await signedIn(browser, baseURL, 'Asia/Tokyo');
    expect(await tokyo.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Tokyo');

    const [inVancouver, inTokyo] = [await callLabels(vancouver), await callLabels(tokyo)];
    expect(inVancouver.length).toBeGreaterThan(0);
    expect(inTokyo).toEqual(inVancouver);

    // An integration key made now: created today in Vancouver, with the zone named.
    await tokyo.getByRole('button', { name: 'Integration keys' }).click();
    const dialog = tokyo.getByRole('dialog', { name: 'Integration keys' });
    const name = `Tokyo desk ${Date.now()}`;
    await dialog.getByLabel('New key for').fill(name);
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const row = dialog.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    // Today in Vancouver as the browser's own time zone data has it (British Columbia's rules change in 2026).
    const today = await vancouver.evaluate(() =>
      new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date()),
    );
    const created = (await row.getByRole('cell').nth(1).innerText()).trim();
    expect(created.startsWith(`${today},`)).toBe(true);
    expect(created).toMatch(/ (P[SD]T|MST|GMT-7)$/);
    await settle(tokyo);
    await tokyo.screenshot({ path: screenshotPath('ops-text-keys-tokyo.png') });
    await vancouver.context().close();
    await tokyo.context().close();
  });
});

test.describe('the network day in forms', () => {
  test('a back date picked in Tokyo is the same Vancouver day as one picked in Vancouver', async ({
    browser,
  }, info) => {
    const baseURL = info.project.use.baseURL!;
    const tokyo = await signedIn(browser, baseURL, 'Asia/Tokyo');
    // Three days ago in Vancouver, and the instant it begins there (as a browser in Vancouver reads the day).
    const vancouver = await browser.newContext({ timezoneId: 'America/Vancouver' });
    const probe = await vancouver.newPage();
    const { day, midnight } = await probe.evaluate(() => {
      const d = new Intl.DateTimeFormat('en-CA').format(Date.now() - 3 * 86_400_000);
      return { day: d, midnight: new Date(`${d}T00:00:00`).getTime() };
    });
    await vancouver.close();

    await tokyo.goto('/ops/retail/stores/1');
    await tokyo
      .getByRole('dialog', { name: 'Store details' })
      .getByRole('button', { name: /^Insert weight/ })
      .first()
      .click();
    const form = tokyo.getByRole('form', { name: 'Insert weights' });
    const backDate = form.getByRole('textbox', { name: 'Back date' });
    await backDate.fill(day);
    await backDate.blur();
    await form.getByRole('textbox', { name: 'Bakery weight (kg)' }).fill('7');
    const sent = tokyo.waitForRequest(
      (r) => r.method() === 'POST' && /\/api\/bulkscan\/?$/.test(new URL(r.url()).pathname),
    );
    await form.getByRole('button', { name: 'Insert weights' }).click();
    const body = (await sent).postDataJSON() as
      Array<{ entry_time: string }> | { items: Array<{ entry_time: string }> };
    const items = Array.isArray(body) ? body : body.items;
    // The spec's 7-hour back shift, from midnight of that day in Vancouver.
    expect(items[0].entry_time).toBe(new Date(midnight - 7 * 3_600_000).toISOString());
    await tokyo.context().close();
  });
});

test.describe('names and text', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'staff');
    await expect(page).toHaveURL(/\/ops$/);
  });

  test('logs name stores, receivers and departments', async ({ page }) => {
    await page.goto('/ops/logs');
    const rows = page.getByTestId('log-row');
    await expect(rows.first()).toBeVisible({ timeout: 20_000 });
    const errors = await rows.locator('td:nth-child(2)').allInnerTexts();
    expect(errors.some((e) => /has no pickup schedule with/.test(e))).toBe(true);
    for (const text of errors) expect(text).not.toMatch(/(?<!unknown )\b(store|receiver|department) \d+/i);
    await expect(page.getByRole('columnheader', { name: 'Created (Pacific Time)' })).toBeVisible();
    await settle(page);
    await page.screenshot({ path: screenshotPath('ops-text-logs.png') });
  });

  test('logs break job names only between words', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/ops/logs');
    const rows = page.getByTestId('log-row');
    await expect(rows.first()).toBeVisible({ timeout: 20_000 });
    // The demo's failed whole-flow run (the longest job name); flows run by other journeys may add more.
    await expect(rows.filter({ hasText: 'flow_triggerBulkScanToDonationFlow' }).first()).toBeVisible();
    // Where a target wraps, the line ends after an underscore or before a capital: never inside a word.
    const badBreaks = await rows.locator('td:first-child').evaluateAll((cells) =>
      cells.flatMap((cell) => {
        const chars: { ch: string; top: number }[] = [];
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (let i = 0; i < text.length; i++) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            chars.push({ ch: text[i], top: Math.round(range.getBoundingClientRect().top) });
          }
        }
        const bad: string[] = [];
        for (let i = 1; i < chars.length; i++) {
          if (chars[i].top <= chars[i - 1].top) continue;
          const before = chars[i - 1].ch;
          const after = chars[i].ch;
          const atWord = before === '_' || (/[a-z]/.test(before) && /[A-Z]/.test(after));
          if (!atWord) bad.push(`${chars.map((c) => c.ch).join('')} at ${i}`);
        }
        return bad;
      }),
    );
    expect(badBreaks).toEqual([]);
    await settle(page);
    await page.screenshot({ path: screenshotPath('ops-text-logs-phone.png') });
  });

  test("a receiver's address ends with its region's name", async ({ page }) => {
    await page.goto('/ops/retail/receivers/6');
    const detail = page.getByTestId('org-detail');
    await expect(detail.getByRole('heading', { name: 'Armstrong Neighbours Pantry' })).toBeVisible({ timeout: 20_000 });
    const address = detail.getByText(/Armstrong, North Okanagan$/);
    await expect(address).toBeVisible();
    await expect(detail.getByText(/, rdno$/)).toHaveCount(0);
    await settle(page);
    await page.screenshot({ path: screenshotPath('ops-text-receiver-region.png') });
  });

  test('generated files show whole names', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/ops/reports/generated?stage=all&company=1');
    const rows = page.getByTestId('generated-file-row');
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    const cut = await rows.evaluateAll((trs) =>
      trs.flatMap((tr) =>
        [...tr.querySelectorAll('td')]
          .slice(1, 4)
          .filter((td) => td.scrollWidth > td.clientWidth + 1)
          .map((td) => td.textContent),
      ),
    );
    expect(cut).toEqual([]);
    // Long names take two lines, not an ellipsis.
    const names = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[1].textContent ?? ''));
    expect(names.every((n) => !n.endsWith('…'))).toBe(true);
    await page.screenshot({ path: screenshotPath('ops-text-generated-files.png') });
  });

  test("a company file's details are headed by its company", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/ops/reports/generated?stage=all&company=1');
    const rows = page.getByTestId('generated-file-row');
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    // A company's own file (no store, no receiver), found by scrolling the company's files.
    let companyFile: string | null = null;
    for (let i = 0; i < 40 && companyFile === null; i++) {
      companyFile = await rows.evaluateAll((trs) => {
        const tr = trs.find((r) => {
          const cells = [...r.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim());
          return cells[2] === '—' && cells[3] === '—';
        });
        return tr?.getAttribute('data-file-id') ?? null;
      });
      if (companyFile === null) await page.mouse.wheel(0, 800);
    }
    expect(companyFile).not.toBeNull();
    const company = (await rows.first().locator('td').nth(1).innerText()).trim();
    await page.goto(`/ops/reports/generated?stage=all&company=1&file=${companyFile}`);
    const heading = page.getByTestId('generated-file-details').getByRole('heading', { level: 2 });
    await expect(heading).toHaveText(
      new RegExp(`^${company.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · \\d{4}-\\d\\d-\\d\\d$`),
    );
    await settle(page);
    await page.screenshot({ path: screenshotPath('ops-text-company-file.png') });
  });

  test('the error dialog says a thing once; a failed load offers Log out', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // A failed load whose detail repeats its message: the text shows once, and Log out is offered (spec 8).
    const KEYS = '**/core-api/api/product/calls/integration-keys';
    await page.route(KEYS, (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({
              type: 'server',
              message: 'The key table is locked.',
              detail: 'The key table is locked.',
            }),
          })
        : route.fallback(),
    );
    await page.goto(TRANSCRIPTS);
    await page.getByRole('button', { name: 'Integration keys' }).click();
    const failed = page.getByRole('dialog', { name: 'Something went wrong' });
    await expect(failed).toBeVisible();
    await expect(failed.getByText('The key table is locked.', { exact: true })).toHaveCount(1);
    await expect(failed.getByRole('button', { name: 'Log out' })).toBeVisible();
    await settle(page);
    await page.screenshot({ path: screenshotPath('ops-text-load-error.png') });
    await failed.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(failed).toBeHidden();
    await page.keyboard.press('Escape');
    await page.unroute(KEYS);
  });

  test('a refused change (409) is not answered with Log out', async ({ page }) => {
    // The key name is taken: signing out does not fix that.
    await page.goto(TRANSCRIPTS);
    await page.getByRole('button', { name: 'Integration keys' }).click();
    const keys = page.getByRole('dialog', { name: 'Integration keys' });
    const name = `Twice ${Date.now()}`;
    for (let i = 0; i < 2; i++) {
      await keys.getByLabel('New key for').fill(name);
      await keys.getByRole('button', { name: 'Create key' }).click();
      if (i === 0) await expect(keys.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    }
    const conflict = page.getByRole('dialog', { name: 'Something went wrong' });
    await expect(conflict).toBeVisible();
    await expect(conflict.getByText('A key with this name exists.')).toBeVisible();
    await expect(conflict.getByRole('button', { name: 'Log out' })).toHaveCount(0);
    await expectAccessible(page, 'the 409 dialog');
    await settle(page);
    await page.screenshot({ path: screenshotPath('ops-text-409-dialog.png') });
    await conflict.getByRole('button', { name: 'Close', exact: true }).last().click();
    await page.keyboard.press('Escape');
    await expect(keys).toBeHidden();
  });

  test('stacked toasts stay right of the side menu', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/ops');
    const menu = page.getByRole('button', { name: /Account menu for staff@openrescue\.test/ });
    for (let i = 0; i < 3; i++) {
      await menu.click();
      await page.getByRole('switch', { name: 'Demo Mode' }).click();
      await page.keyboard.press('Escape');
    }
    const toasts = page.locator('.mantine-Notification-root');
    await expect(toasts).toHaveCount(3);
    await settle(page);
    const sidebar = (await page.getByTestId('sidebar').boundingBox())!;
    for (const box of await toasts.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()))) {
      expect(box.left).toBeGreaterThanOrEqual(sidebar.x + sidebar.width);
    }
    await page.screenshot({ path: screenshotPath('ops-text-toasts.png') });
    // Demo mode back off (it was switched three times).
    await menu.click();
    await page.getByRole('switch', { name: 'Demo Mode' }).click();
    await page.keyboard.press('Escape');
  });

  test('a negative call length is refused, not turned positive', async ({ page }) => {
    await page.goto(TRANSCRIPTS);
    await page.getByRole('button', { name: /Filters/ }).click();
    const length = page.getByLabel('Call greater than (s)');
    await length.fill('-5');
    await expect(length).toHaveValue('-5');
    await expect(page.getByText('A call cannot be shorter than 0 s: enter 0 or more seconds.')).toBeVisible();
    await expect(length).toHaveAttribute('aria-invalid', 'true');
    await page.waitForTimeout(600);
    expect(page.url()).not.toMatch(/min_length=/);
    await settle(page);
    await page.screenshot({ path: screenshotPath('ops-text-negative-length.png') });
    await length.fill('30');
    await expect(page).toHaveURL(/min_length=30/);
    await page.keyboard.press('Escape');
  });

  test('?demo=1 turns demo mode on and ?demo=0 off', async ({ page }) => {
    const demo = () => page.evaluate(() => localStorage.getItem('openrescue.demo'));
    await page.goto('/ops?demo=1');
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect.poll(demo).toBe('true');
    await page.goto('/ops?demo=0');
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect.poll(demo).toBe('false');
  });
});
