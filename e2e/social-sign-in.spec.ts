import { expect, test } from '@playwright/test';

// A real OpenID Connect provider (oidc-provider) runs beside the app: discovery, PKCE, its own login and consent.
test('signs in through the OpenID Connect provider and comes back signed in', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Local SSO' }).click();
  await expect(page).toHaveURL(/localhost:8091/);
  await page.locator('input[name="login"]').fill('river');
  await page.locator('input[name="password"]').fill('anything');
  await page.locator('button[type="submit"]').click();
  // consent
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/localhost:8090\//, { timeout: 15_000 });
  // a new account with no company user record: signed in, but not yet authorized
  await expect(
    page.getByText(
      'You are not authorized yet to access OpenRescue. Please get in touch if you are experiencing issues.',
      { exact: true },
    ),
  ).toBeVisible({ timeout: 15_000 });
});
