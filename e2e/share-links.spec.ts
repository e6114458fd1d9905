import { expect, test } from '@playwright/test';
import { expectAccessible, screenshotPath, sessionToken, settle, signIn } from './support/helpers';

/**
 * Issue 37 section 3 (decision 0069): a company admin (a company user who reaches every store of the company) shares
 * a store's reports from the store's report page in the client app: copies the public link (clipboard), rotates it,
 * and the old link then says it was replaced while the new one opens the report signed out. The poster link sits
 * beside it, revocable on its own.
 */
test.describe('share links owned by a company admin', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('creates, copies and rotates a store link; the old one is refused, the new one opens signed out', async ({
    page,
    context,
    browser,
  }) => {
    test.setTimeout(120_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, 'company');
    await expect(page).toHaveURL(/\/$|\/\?/, { timeout: 30_000 });
    // The last store of the company: no other journey of the lane rotates its link.
    const token = await sessionToken(page);
    const stores = await page.request.get('/core-api/api/stores?page_size=1000', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(stores.status()).toBe(200);
    const ids = ((await stores.json()).results as { id: number }[]).map((s) => s.id);
    const storeId = Math.max(...ids);

    await page.goto(`/reports/store/${storeId}`);
    const share = page.getByTestId('share-links');
    const link = share.getByRole('textbox', { name: 'Public reports link' });
    await expect(link).toHaveValue(new RegExp(`/public/store/${storeId}/reports\\?tk=`), { timeout: 30_000 });
    const posterLink = share.getByRole('textbox', { name: 'Poster link' });
    await expect(posterLink).toHaveValue(/\/p\/[0-9a-z]{12}$/, { timeout: 30_000 });
    const oldUrl = await link.inputValue();

    await share.getByRole('button', { name: 'Copy public link' }).click();
    await expect(share.getByRole('button', { name: 'Link copied' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(oldUrl);
    await expectAccessible(page, 'store report with its share links');
    await share.scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0); // the copy button's tooltip would cover the poster link's label
    await settle(page);
    await page.screenshot({ path: screenshotPath('client-share-links.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await share.scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({ path: screenshotPath('client-share-links-phone.png') });
    await page.setViewportSize({ width: 1280, height: 800 });

    await share.getByRole('button', { name: 'Rotate link' }).click();
    const confirm = page.getByRole('dialog', { name: 'Rotate the public link?' });
    await expect(confirm).toContainText("Every copy of this store's public reports link stops working at once");
    await expect(confirm).toContainText('Printed posters keep working');
    await settle(page);
    await page.screenshot({ path: screenshotPath('client-share-links-rotate.png') });
    await confirm.getByRole('button', { name: 'Rotate' }).click();
    await expect(page.getByText('Older public links no longer work.')).toBeVisible({ timeout: 30_000 });
    await expect(link).not.toHaveValue(oldUrl);
    const newUrl = await link.inputValue();
    expect(newUrl).toContain(`/public/store/${storeId}/reports?tk=`);

    // Someone the links were sent to, signed out.
    const visitor = await browser.newContext();
    const pub = await visitor.newPage();
    await pub.goto(oldUrl);
    await expect(pub.getByTestId('link-refused')).toContainText('it has been replaced by a newer one', {
      timeout: 30_000,
    });
    await pub.goto(newUrl);
    await expect(pub.getByTestId('link-refused')).toHaveCount(0);
    await expect(pub.getByRole('tab', { name: 'Month' })).toBeVisible({ timeout: 30_000 });
    await expect(pub.getByTestId('download-xlsx')).toBeEnabled({ timeout: 30_000 });
    // Signed out, the public report offers no share links.
    await expect(pub.getByTestId('share-links')).toHaveCount(0);
    await visitor.close();
  });

  test('a store user sees no share links on its own store report', async ({ page }) => {
    await signIn(page, 'store');
    await expect(page).toHaveURL(/\/$|\/\?/, { timeout: 30_000 });
    const token = await sessionToken(page);
    const stores = await page.request.get('/core-api/api/stores?page_size=10', {
      headers: { authorization: `Bearer ${token}` },
    });
    const [own] = (await stores.json()).results as { id: number }[];
    await page.goto(`/reports/store/${own.id}`);
    await expect(page.getByRole('tab', { name: 'Month' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('share-links')).toHaveCount(0);
  });

  test("a charity user shares its receiver's report link, with no poster link", async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/login');
    await page.getByLabel('Email').fill('charity@openrescue.test');
    await page.getByLabel('Password').fill('demo-charity');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/$|\/\?/, { timeout: 30_000 });
    const token = await sessionToken(page);
    const me = await page.request.get('/core-api/api/clients/receiver_user', {
      headers: { authorization: `Bearer ${token}` },
    });
    const receiverId = (await me.json()).results[0].receivers[0].id as number;
    await page.goto(`/reports/receiver/${receiverId}`);
    const share = page.getByTestId('share-links');
    const link = share.getByRole('textbox', { name: 'Public reports link' });
    await expect(link).toHaveValue(new RegExp(`/public/charity/${receiverId}/reports\\?tk=`), { timeout: 30_000 });
    await expect(share.getByRole('textbox', { name: 'Poster link' })).toHaveCount(0);
    await expect(share.getByRole('button', { name: 'Rotate link' })).toBeVisible();
    await share.getByRole('button', { name: 'Copy public link' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
  });
});
