import type { Page } from 'playwright-core';

/** Signs in through the real /login form in `page` and waits for the account's landing address. */
export async function signInOnPage(
  page: Page,
  base: string,
  email: string,
  password: string,
  landing: RegExp,
  timeout?: number,
) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(landing, timeout === undefined ? undefined : { timeout });
}
