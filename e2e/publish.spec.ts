import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, screenshotPath, settle, signIn, textWhenMatches } from './support/helpers';

const fileCount = async (page: Page) =>
  Number(
    (await textWhenMatches(page, 'file-count', /^[\d,]+ files?/, 20_000)).match(/^([\d,]+)/)![1].replace(/,/g, ''),
  );

/** The processed count of a job in the open Jobs History panel. */
const processedOf = async (page: Page, name: string) => {
  const item = page
    .getByRole('dialog', { name: 'Jobs History' })
    .getByTestId('job-item')
    .filter({ hasText: name })
    .first();
  const text = await item.getByText(/processed/).innerText();
  return Number(text.match(/^([\d,]+)/)![1].replace(/,/g, ''));
};

test.describe('publish reports', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'staff');
    await expect(page).toHaveURL(/\/ops$/);
  });

  test('job settings refuse bad custom ids; a publish runs as a job whose meter moves live; a receiver publish completes its rows', async ({
    page,
  }) => {
    // axe over a table of a few hundred rows, four times, and a real publish: longer than one screen's journey.
    test.setTimeout(180_000);
    await page.goto('/ops/reports/publish');
    await expect(page.getByRole('heading', { level: 1, name: 'Publish' })).toBeVisible();
    const all = await fileCount(page);
    expect(all).toBeGreaterThan(0);
    await expectAccessible(page, 'publish list');
    await page.screenshot({ path: screenshotPath('ops-publish.png') });

    // Custom ids must be a JSON list; anything else is refused with a clear message and START PUBLISH waits.
    // One month's files: a job long enough to watch, without rendering every file of the demo network.
    const table = page.getByRole('table', { name: 'Report files' });
    const month = (await table.locator('tbody tr[data-index="0"] td').nth(5).innerText()).slice(0, 7);
    await page.goto(`/ops/reports/publish?month=${month}-01`);
    await expect.poll(() => fileCount(page), { timeout: 20_000 }).toBeLessThan(all);
    const inMonth = await fileCount(page);
    expect(inMonth).toBeGreaterThan(10);

    await page.getByRole('button', { name: 'JOB SETTINGS' }).click();
    const settings = page.getByRole('group', { name: 'Job settings' });
    await settings.getByRole('textbox', { name: 'Custom ids' }).fill('12, 15');
    await expect(settings.getByText(/Custom ids must be a JSON list/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'START PUBLISH' })).toBeDisabled();
    await expectAccessible(page, 'job settings with an error');
    await settings.getByRole('textbox', { name: 'Custom ids' }).fill('');
    await settings
      .getByText(/^max \(/)
      .first()
      .click(); // number of files: max (the listed files, at most 500)
    await page.keyboard.press('Escape');

    // Every listed file of the month, one at a time.
    const started = page.waitForResponse((r) => r.url().endsWith('/PublishFile/batchAction'));
    await page.getByRole('button', { name: 'START PUBLISH' }).click();
    const answer = await (await started).json();
    expect(answer.job.name).toBe('publish_all');
    expect(answer.job.total).toBe(Math.min(inMonth, 500));

    // The same job again while it runs: 'Publish Files' / 'Job already in queue: {job}'.
    await page.getByRole('button', { name: 'START PUBLISH' }).click();
    const refused = page.getByRole('dialog', { name: 'Publish Files' });
    await expect(refused.getByText('Job already in queue: publish_all')).toBeVisible();
    await expectAccessible(page, 'job already in queue');
    await refused
      .getByRole('button', { name: /Close|OK/ })
      .first()
      .click();

    // Jobs History follows the job live, at the top (the newest first, above the demo's finished publish_all):
    // its processed count only grows, to the total.
    await page.getByRole('button', { name: /Account menu for staff@openrescue\.test/ }).click();
    await page.getByRole('button', { name: 'Jobs History' }).click();
    const newest = page.getByRole('dialog', { name: 'Jobs History' }).getByTestId('job-item').first();
    await expect(newest).toContainText('publish_all');
    await expect(newest).toContainText(`/ ${answer.job.total.toLocaleString('en-US')} processed`);
    await expect(newest.getByText(/^(initialized|started|progressing)$/)).toBeVisible();
    const seen: number[] = [];
    await expect
      .poll(
        async () => {
          seen.push(await processedOf(page, 'publish_all'));
          return seen[seen.length - 1];
        },
        { timeout: 120_000, intervals: [100] },
      )
      .toBe(answer.job.total);
    expect(new Set(seen).size, `the meter moved: ${seen.join(',')}`).toBeGreaterThan(2);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    await settle(page);
    await page.screenshot({ path: screenshotPath('ops-publish-jobs-history.png') });
    await page.keyboard.press('Escape');
    await expect(table.locator('tbody tr[data-index="0"]')).toHaveAttribute('data-state', 'completed');

    // A receiver's files: the job is publish_receiver_{id} and every row turns completed.
    // (Every demo receiver has a charity report per month.)
    await page.getByRole('button', { name: /Filters/ }).click();
    const receiver = page.getByRole('group', { name: 'Filters' }).getByRole('combobox', { name: 'Receiver' });
    await receiver.click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/receiver=\d+/);
    const receiverId = page.url().match(/receiver=(\d+)/)![1];
    // The address changes at once; the list follows when its answer arrives.
    await expect.poll(() => fileCount(page), { timeout: 20_000 }).toBeLessThan(inMonth);
    const listed = await fileCount(page);
    expect(listed).toBeGreaterThan(0);
    // The run starts at the first file not published yet (issue 36): from the first row, every file.
    await table
      .getByRole('button', { name: /^Actions for file / })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Set as queue start' }).click();
    const receiverJob = page.waitForResponse((r) => r.url().endsWith('/PublishFile/batchAction'));
    await page.getByRole('button', { name: 'START PUBLISH' }).click();
    const receiverAnswer = await (await receiverJob).json();
    expect(receiverAnswer.job.name).toBe(`publish_receiver_${receiverId}`);
    expect(receiverAnswer.job.total).toBe(listed);
    await expect(table.locator('tr[data-state="completed"]')).toHaveCount(listed, { timeout: 60_000 });
    await expectAccessible(page, 'publish done');
    await page.screenshot({ path: screenshotPath('ops-publish-done.png') });
  });

  test("'Process Single file' publishes one row; 'Set as queue start' sets the start-at id", async ({ page }) => {
    await page.goto('/ops/reports/publish');
    await fileCount(page);
    const table = page.getByRole('table', { name: 'Report files' });
    const second = table.getByRole('button', { name: /^Actions for file / }).nth(1);
    const id = (await second.getAttribute('aria-label'))!.match(/(\d+)$/)![1];
    await second.click();
    await page.getByRole('menuitem', { name: 'Set as queue start' }).click();
    await page.getByRole('button', { name: 'JOB SETTINGS' }).click();
    await expect(page.getByRole('textbox', { name: 'Start at id' })).toHaveValue(id);
    await page.keyboard.press('Escape');

    const started = page.waitForResponse((r) => r.url().endsWith('/PublishFile/batchAction'));
    await table.getByRole('button', { name: `Actions for file ${id}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Process Single file' }).click();
    const answer = await (await started).json();
    expect(answer.job.name).toBe(`publish_id_${id}`);
    expect(answer.data.Rows).toEqual([{ id: Number(id) }]);
    await expect(table.locator(`tr[data-state="completed"]`)).toHaveCount(1, { timeout: 30_000 });
  });
});
