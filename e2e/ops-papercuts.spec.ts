import { expect, test, type Page } from '@playwright/test';
import {
  expectAccessible,
  listCounts,
  networkToday,
  screenshotPath,
  settle,
  signIn,
  textWhenMatches,
} from './support/helpers';

interface Contact {
  receiver_id: number;
  email: string;
  unsubscribed_at: string | null;
}

/** Mails a send queues for these contacts: not unsubscribed, one per receiver and address (as the server counts). */
const mailsFor = (rows: Contact[]) =>
  new Set(rows.filter((c) => c.unsubscribed_at === null).map((c) => `${c.receiver_id} ${c.email.toLowerCase()}`)).size;

/** Opens Send's confirm dialog and returns it. */
async function openSend(page: Page) {
  await page.getByRole('main').getByRole('button', { name: 'Send', exact: true }).click();
  return page.getByRole('dialog', { name: 'Send report mails' });
}

test.describe('ops papercuts (issue 36)', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'staff');
    await expect(page).toHaveURL(/\/ops$/);
  });

  test('No-pickups: staff record a no-pickup with its reason; a second one for that day is refused', async ({
    page,
  }) => {
    await page.goto('/ops/retail/no-pickups?store_id=1');
    const [, before] = await listCounts(page);
    await page.getByRole('button', { name: 'Record no-pickup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record no-pickup' });
    const form = dialog.getByRole('form', { name: 'Record no-pickup' });
    const record = form.getByRole('button', { name: 'Record', exact: true });
    // The list's store filter is the form's first store; the rest is asked for.
    await expect(form.getByRole('combobox', { name: 'Store' })).not.toHaveValue('', { timeout: 20_000 });
    await expect(form.getByText('Pick a receiver, the day, a reason.')).toBeVisible();
    await expect(record).toBeDisabled();

    await form.getByRole('combobox', { name: 'Receiver' }).click();
    const receiverOption = dialog.getByRole('listbox', { name: 'Receiver' }).getByRole('option').first();
    const receiverName = (await receiverOption.innerText()).trim();
    await receiverOption.click();
    const day = form.getByRole('textbox', { name: /^Day of the missed pickup/ });
    const today = await networkToday(page);
    await day.fill(today);
    await day.blur();
    await form.getByRole('combobox', { name: 'Reason' }).click();
    await dialog.getByRole('option', { name: 'Vehicle breakdown' }).click();
    await expect(form.getByText('Ready to record.')).toBeVisible();
    await expect(record).toBeEnabled();
    await expectAccessible(page, 'record no-pickup');
    await page.screenshot({ path: screenshotPath('ops-record-no-pickup.png') });

    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/retail/no-pickups') && r.request().method() === 'POST',
    );
    await record.click();
    const answer = await saved;
    expect(answer.status()).toBe(201);
    const row = await answer.json();
    expect(row).toMatchObject({ store_id: 1, receiver: receiverName, reason: 'Vehicle breakdown', weight_kg: null });
    // The author is the signed-in user.
    expect(row.email).toBe('staff@openrescue.test');
    await expect(page.getByRole('alert').filter({ hasText: 'No-pickup recorded' })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    // The list shows it at once.
    await expect.poll(async () => (await listCounts(page))[1], { timeout: 20_000 }).toBe(before + 1);
    await expect(
      page.getByRole('list', { name: 'No-pickup bulk scans' }).getByText('Vehicle breakdown').first(),
    ).toBeVisible();

    // The same store, receiver and day again: the server's reason is shown in the form, nothing is added.
    await page.getByRole('button', { name: 'Record no-pickup' }).click();
    await form.getByRole('combobox', { name: 'Receiver' }).click();
    await dialog.getByRole('option', { name: receiverName, exact: true }).click();
    await day.fill(today);
    await day.blur();
    await form.getByRole('combobox', { name: 'Reason' }).click();
    await dialog.getByRole('option', { name: 'Weather or road conditions' }).click();
    await record.click();
    await expect(form.getByRole('alert')).toContainText(
      `A no-pickup is already recorded for ${today} (Vehicle breakdown): nothing was added.`,
    );
    await expectAccessible(page, 'record no-pickup refused');
    await page.screenshot({ path: screenshotPath('ops-record-no-pickup-refused.png') });
    await form.getByRole('button', { name: 'Cancel' }).click();
    expect((await listCounts(page))[1]).toBe(before + 1);
  });

  test('Mailable Contacts: Send says how many contacts get which month; "1 mailer queued."', async ({ page }) => {
    const listed = page.waitForResponse(
      (r) => r.url().includes('/retail/reports/charity_poster_contacts/') && r.url().includes('page=1'),
    );
    await page.goto('/ops/reports/mailable');
    const contacts = (await (await listed).json()).results as Contact[];
    const [, total] = await listCounts(page);
    expect(contacts.length).toBe(total);

    // No filter: every contact, said with the number that gets mail and the month.
    let confirm = await openSend(page);
    await expect(confirm.getByText('Are you sure? This cannot be undone!')).toBeVisible();
    const summary = confirm.getByTestId('mail-send-summary');
    await expect(summary).toHaveText(
      new RegExp(`^${mailsFor(contacts)} contacts get the [A-Z][a-z]+ \\d{4} report by mail\\.$`),
    );
    await expectAccessible(page, 'mail send summary');
    await page.screenshot({ path: screenshotPath('ops-mail-send-summary.png') });
    await confirm.getByRole('button', { name: 'Cancel' }).click();

    // A receiver whose contacts get one mail: '1 contact gets …', then '1 mailer queued.'.
    const byReceiver = new Map<number, Contact[]>();
    for (const c of contacts) byReceiver.set(c.receiver_id, [...(byReceiver.get(c.receiver_id) ?? []), c]);
    const single = [...byReceiver.entries()].find(([, rows]) => mailsFor(rows) === 1);
    expect(single, 'a receiver with one mail address').toBeDefined();
    await page.goto(`/ops/reports/mailable?with_receiver_id=${single![0]}`);
    await expect.poll(async () => (await listCounts(page))[1], { timeout: 20_000 }).toBe(single![1].length);
    confirm = await openSend(page);
    await expect(confirm.getByTestId('mail-send-summary')).toHaveText(
      /^1 contact gets the [A-Z][a-z]+ \d{4} report by mail\.$/,
    );
    const sent = page.waitForResponse(
      (r) => r.url().includes('/reports/charity_poster_contacts') && r.request().method() === 'POST',
    );
    await confirm.getByRole('button', { name: 'Send' }).click();
    expect((await (await sent).json()).result.mailers).toBe(1);
    const toast = page.getByRole('alert').filter({ hasText: 'Queued' });
    await expect(toast).toContainText('1 mailer queued.');
    await settle(page);
    await page.screenshot({ path: screenshotPath('ops-mail-queued-one.png') });
  });

  test('weight form: the drawer names the store and the receiver; the status line says what is wrong', async ({
    page,
  }) => {
    await page.goto('/ops/retail/stores/1');
    const drawer = page.getByRole('dialog', { name: 'Store details' });
    const storeName = (
      await drawer.getByTestId('org-detail').getByRole('heading', { level: 2 }).innerText({ timeout: 20_000 })
    ).trim();
    const insert = drawer.getByRole('button', { name: /^Insert weight for / }).first();
    const receiverName = (await insert.getAttribute('aria-label'))!.replace(/^Insert weight for /, '');
    await insert.click();
    const form = page.getByRole('form', { name: 'Insert weights' });
    const heading = form.getByTestId('insert-weights-for');
    await expect(heading).toContainText(`Store: ${storeName}`);
    await expect(heading).toContainText(`Receiver: ${receiverName}`);

    const status = form.getByTestId('insert-weights-status');
    await expect(status).toHaveText('Fill in at least one weight.');
    const bakery = form.getByRole('textbox', { name: 'Bakery weight (kg)' });
    await bakery.fill('12a');
    await expect(status).toHaveText(
      'Bakery weight: Digits only: type a whole number of kg (no letters, signs or decimals).',
    );
    await form.getByRole('textbox', { name: 'Dairy weight (kg)' }).fill('1000');
    await expect(status).toHaveText(
      'Bakery weight: Digits only: type a whole number of kg (no letters, signs or decimals). (and 1 more)',
    );
    await bakery.fill('12');
    await expect(status).toHaveText('Dairy weight: At most 3 digits (up to 999 kg).');
    await expect(form.getByRole('button', { name: 'Insert weights' })).toBeDisabled();
    await expectAccessible(page, 'weight form naming its store and receiver');
    await page.screenshot({ path: screenshotPath('ops-insert-weights-named.png') });
    await form.getByRole('textbox', { name: 'Dairy weight (kg)' }).fill('7');
    await expect(status).toHaveText('2 departments to insert');
  });

  test('Publish starts at the first file not published yet', async ({ page }) => {
    const found = page.waitForResponse((r) => r.url().endsWith('/PublishFile/action'));
    await page.goto('/ops/reports/publish');
    const rows = (await (await found).json()).data as Array<{ id: number; publish_count: number }>;
    await textWhenMatches(page, 'file-count', /^[\d,]+ files?/, 20_000);
    const first = rows[0];
    const unpublished = rows.find((r) => r.publish_count === 0)!;
    expect(first.publish_count).toBeGreaterThan(0);
    expect(unpublished.id).not.toBe(first.id);

    await page.getByRole('button', { name: 'JOB SETTINGS' }).click();
    const settings = page.getByRole('group', { name: 'Job settings' });
    await expect(settings.getByRole('textbox', { name: 'Start at id' })).toHaveValue(String(unpublished.id));
    await expect(settings.getByText('The first file not published yet', { exact: false })).toBeVisible();
    await settle(page);
    await page.screenshot({ path: screenshotPath('ops-publish-default-start.png') });
    await page.keyboard.press('Escape');

    // Number of files 1: START PUBLISH publishes that file, not file 1.
    const started = page.waitForResponse((r) => r.url().endsWith('/PublishFile/batchAction'));
    await page.getByRole('button', { name: 'START PUBLISH' }).click();
    const answer = await (await started).json();
    expect(answer.data.Rows).toEqual([{ id: unpublished.id }]);
  });
});
