import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible, listCounts, screenshotPath, settle, signIn } from './support/helpers';

/**
 * Issue 36 §5 (decision 0065): staff sort the console lists with a Sort select; the server sorts (the lists are
 * paged), the choice lives in the address as ?ordering= and survives a reload.
 */

const byText = (a: string, b: string) => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
};

/** The first `n` rows' values, read by `read` from each row link, once the list shows its count. */
async function firstRows(page: Page, list: Locator, read: (row: Locator) => Promise<string>, n = 8): Promise<string[]> {
  await listCounts(page);
  const rows = list.getByRole('link');
  await expect(rows.first()).toBeVisible();
  const count = Math.min(n, await rows.count());
  const out: string[] = [];
  for (let i = 0; i < count; i += 1) out.push(await read(rows.nth(i)));
  return out;
}

const sortSelect = (page: Page) => page.getByRole('combobox', { name: 'Sort by' });

test.describe('list sorting', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'staff');
    await expect(page).toHaveURL(/\/ops$/);
  });

  test('stores: Name, Z to A is kept in the address and survives a reload', async ({ page }) => {
    await page.goto('/ops/retail/stores');
    const list = page.getByRole('list', { name: 'Stores' });
    const title = async (row: Locator) => (await row.innerText()).split('\n')[0].trim();
    const before = await firstRows(page, list, title);
    expect(before).toEqual([...before].sort(byText));
    await expect(sortSelect(page)).toHaveValue('name');

    await sortSelect(page).selectOption({ label: 'Name, Z to A' });
    await expect(page).toHaveURL(/[?&]ordering=-name(&|$)/);
    await expect.poll(async () => (await firstRows(page, list, title))[0]).not.toBe(before[0]);
    const sorted = await firstRows(page, list, title);
    expect(sorted).toEqual([...sorted].sort(byText).reverse());
    await expectAccessible(page, 'stores sorted Z to A');
    await page.screenshot({ path: screenshotPath('list-sorting-stores.png') });

    await page.reload();
    await expect(sortSelect(page)).toHaveValue('-name');
    expect(await firstRows(page, list, title)).toEqual(sorted);

    // A row's panel keeps the order in the address; closing it comes back to the same order.
    await list.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/ops\/retail\/stores\/\d+\?ordering=-name$/);
    // Escape once the panel is there, as a person presses it: the address changes before the panel has opened.
    const panel = page.getByRole('dialog', { name: 'Store details' });
    await expect(panel).toBeVisible();
    await settle(page);
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(page).toHaveURL(/\/ops\/retail\/stores\?ordering=-name$/);
  });

  test('receivers on a phone: the sort from the address, nothing scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/ops/retail/receivers?ordering=city%2Cname');
    const list = page.getByRole('list', { name: 'Receivers' });
    await expect(sortSelect(page)).toHaveValue('city,name');
    await firstRows(page, list, async (row) => (await row.innerText()).split('\n')[0]);
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page, 'receivers sorted by city at 360 px');
    await page.screenshot({ path: screenshotPath('list-sorting-receivers-360.png') });
  });

  test('no-pickups: by store, then reload shows the same order', async ({ page }) => {
    await page.goto('/ops/retail/no-pickups');
    const list = page.getByRole('list', { name: 'No-pickup bulk scans' });
    const store = async (row: Locator) =>
      /^Bulk scan \d+: (.+?) to /.exec((await row.getAttribute('aria-label')) ?? '')![1];
    const id = async (row: Locator) => /^Bulk scan (\d+)/.exec((await row.getAttribute('aria-label')) ?? '')![1];

    await sortSelect(page).selectOption({ label: 'Store, A to Z' });
    await expect(page).toHaveURL(/[?&]ordering=store%2C-entry_time(&|$)/);
    await expect
      .poll(async () => {
        const stores = await firstRows(page, list, store, 12);
        return stores.join('|') === [...stores].sort(byText).join('|');
      })
      .toBe(true);
    const ids = await firstRows(page, list, id, 12);
    await page.screenshot({ path: screenshotPath('list-sorting-no-pickups.png') });

    await page.reload();
    await expect(sortSelect(page)).toHaveValue('store,-entry_time');
    expect(await firstRows(page, list, id, 12)).toEqual(ids);
  });

  test('transcripts: longest first, kept with the filters across a reload', async ({ page }) => {
    await page.goto('/ops/product/transcripts?sentiment=negative');
    const list = page.getByRole('list', { name: 'Transcripts' });
    const length = async (row: Locator) => {
      const text = await row.locator('[data-cell="length (s)"]').innerText();
      return text.split('\n').pop()!.trim();
    };
    await sortSelect(page).selectOption({ label: 'Longest first' });
    await expect(page).toHaveURL(/sentiment=negative/);
    await expect(page).toHaveURL(/[?&]ordering=-tw_call_length%2C-created_at(&|$)/);
    await expect
      .poll(async () => {
        const lengths = (await firstRows(page, list, length)).map(Number);
        return lengths.length > 1 && lengths.every((v, i) => i === 0 || v <= lengths[i - 1]);
      })
      .toBe(true);
    const before = await firstRows(page, list, length);
    await expectAccessible(page, 'transcripts sorted');
    await page.screenshot({ path: screenshotPath('list-sorting-transcripts.png') });

    await page.reload();
    await expect(sortSelect(page)).toHaveValue('-tw_call_length,-created_at');
    expect(await firstRows(page, list, length)).toEqual(before);

    // Back to the default order: the address drops ordering.
    await sortSelect(page).selectOption({ label: 'Date, newest first' });
    await expect(page).not.toHaveURL(/ordering=/);
  });
});
