/** What the client dashboard's e2e specs share: opening it as each demo account, waiting for it, its parts. */
import { expect, type Page } from '@playwright/test';
import { settled, signIn } from './helpers';

export const GRAPH_EMPTY = 'No data for this date range. Try changing the end month for reporting and/or report range.';

export async function openDashboard(page: Page, who: 'company' | 'store' | 'staff') {
  await signIn(page, who);
  if (who === 'staff') {
    await expect(page).toHaveURL(/\/ops$/);
    await page.goto('/as_client');
  } else {
    await expect(page).toHaveURL(/\/$/);
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Client Dashboard' })).toBeVisible();
  await expect(page.getByTestId('impact-dashboard')).toBeVisible();
  await settled(page);
}

export { settled };

/** Holds the requests to `url` (a route pattern) back until the function returned is called. */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Holds the account record (GET clients/company_user) back until the function returned is called. */
export const holdAccountRecord = (page: Page) => holdRequests(page, '**/api/clients/company_user*');

export const impact = (page: Page) => page.getByRole('list', { name: 'Impact' });
export const rangeText = (page: Page) => page.getByTestId('dashboard-range');
export const graph = (page: Page, noun: 'department' | 'destination') =>
  page.getByRole('region', { name: `Donations by ${noun}` });

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The month `n` months before `today`'s (networkToday; the dashboard's end month is `monthsBack(today, 1)`). */
export function monthsBack(today: string, n: number): { y: number; m: number } {
  const [y, m] = today.split('-').map(Number);
  const index = y * 12 + (m - 1) - n;
  return { y: Math.floor(index / 12), m: (index % 12) + 1 };
}

/** Chooses a Reporting Range and waits for its figures. */
export async function chooseRange(page: Page, label: string) {
  const before = await rangeText(page).innerText();
  await page.getByRole('combobox', { name: 'Reporting Range' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await expect(rangeText(page)).not.toHaveText(before);
  await settled(page);
}
