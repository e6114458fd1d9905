// The monthly report and poster journeys' helpers (reports-and-posters*.spec.ts).
import { expect, type Page } from '@playwright/test';

/** No report query in flight. */
export async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
}

export const monthCombo = (page: Page) => page.getByRole('combobox', { name: 'Month' });
