// The network map journeys' helpers (network-map.spec.ts, network-map-search.spec.ts).
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import {
  isOnMap,
  organizationMatchesSearch,
  type MapOrganization,
  type PublicNetworkOrganizationList,
  type ShowFlags,
} from '../../packages/shared/src/index';
import { screenshotPath, settle } from './helpers';

// WebGL is software-rendered here: map steps get 15 s (STACK-NOTES).
export const MAP_TIMEOUT = 15_000;

export const REGIONS = [
  { code: 'fvrd', title: 'Fraser Valley Food Recovery Network', zoom: 10, single: false },
  { code: 'rdno', title: 'North Okanagan Food Recovery Network', zoom: 10, single: true },
  { code: 'cov', title: 'Vancouver Food Recovery Network', zoom: 12, single: false },
  { code: 'mv', title: 'Metro Vancouver Food Recovery Network', zoom: 10, single: false },
  { code: 'all', title: 'Food Recovery Network', zoom: 4, single: true },
] as const;

export const map = (page: Page) => page.getByTestId('network-map');

/** Waits until the map has drawn `count` markers (or any number) and is idle. */
export async function drawn(page: Page, count?: number): Promise<number> {
  if (count !== undefined)
    await expect(map(page)).toHaveAttribute('data-marker-count', String(count), { timeout: MAP_TIMEOUT });
  await expect(map(page)).toHaveAttribute('data-map-state', 'idle', { timeout: MAP_TIMEOUT });
  return Number(await map(page).getAttribute('data-marker-count'));
}

export async function publicList(page: Page, area: string): Promise<PublicNetworkOrganizationList> {
  const res = await page.request.get(`/core-api/api/public/retail/network/?in_area=${area}&secret=demo`);
  expect(res.ok()).toBe(true);
  return res.json();
}

export async function organizations(page: Page, area: string): Promise<MapOrganization[]> {
  return (await publicList(page, area)).results;
}

export const onMap = (orgs: MapOrganization[], flags: ShowFlags, search = '') =>
  orgs.filter((o) => isOnMap(o, flags) && organizationMatchesSearch(o, search));

export const searchBox = (page: Page) =>
  page
    .getByRole('combobox', { name: 'Search organizations by name' })
    .or(page.getByRole('textbox', { name: 'Search organizations by name' }));

/** What the map shows now (west, south, east, north), as MapLibre's getBounds() gave it at the last idle. */
export async function shownBounds(page: Page): Promise<(o: MapOrganization) => boolean> {
  const [west, south, east, north] = (await map(page).getAttribute('data-bounds'))!.split(',').map(Number);
  return (o) => {
    const [lon, lat] = o.location!.coordinates;
    return lon >= west && lon <= east && lat >= south && lat <= north;
  };
}

/** Names in other scripts, imported by staff (decision 0060): a Chinese, a Gurmukhi and a Polish name, all in Metro Vancouver. */
export const SCRIPT_NAMES = [
  {
    name: '大統華 Supermarket Richmond',
    type: 'Retail/Grocer',
    city: 'Richmond',
    lat: 49.1666,
    lon: -123.1336,
    term: '大統華',
  },
  { name: 'ਪੰਜਾਬੀ ਲੰਗਰ Kitchen', type: 'Charity', city: 'Surrey', lat: 49.1913, lon: -122.849, term: 'ਪੰਜਾਬੀ' },
  { name: 'Łódź Pierogi House', type: 'Restaurant/Hotel', city: 'Vancouver', lat: 49.2634, lon: -123.1, term: 'lodz' },
];

/**
 * The console's CSV import (decision 0054): the Salesforce fixture is previewed (nothing written; its CRM types
 * rejected), mapped, imported as a job, and previewed again: every row unchanged.
 */
export async function importFixture(page: Page) {
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import organizations from a CSV file' });
  const fixture = fileURLToPath(new URL('../../fixtures/salesforce-accounts.csv', import.meta.url));
  const choose = () => dialog.locator('input[type=file]').setInputFiles(fixture);
  await choose();
  const preview = dialog.getByRole('status').filter({ hasText: 'Preview' });
  await expect(preview).toContainText('3 rows read (UTF-8): 0 to add, 0 to update, 0 unchanged, 3 rejected.');
  await expect(dialog.getByRole('table', { name: 'Rejected rows' })).toContainText(
    "type 'Customer - Direct' is not a network category and has no type mapping",
  );
  for (const [crm, type] of [
    ['Customer - Direct', 'Retail/Grocer'],
    ['Prospect', 'Caterer'],
    ['Technology Partner', 'Distributor'],
  ]) {
    await dialog
      .getByRole('textbox', { name: crm })
      .or(dialog.getByRole('combobox', { name: crm }))
      .click();
    await dialog.getByRole('option', { name: type, exact: true }).click();
  }
  await expect(preview).toContainText('3 to add, 0 to update, 0 unchanged, 0 rejected.');
  await page.screenshot({ path: screenshotPath('network-import-preview.png') });
  await dialog.getByRole('button', { name: 'Import 3 rows' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Imported' })).toContainText(
    '3 added, 0 updated, 0 unchanged, 0 rejected.',
  );
  await expect(dialog.getByText(/network_import_\d+: 3 of 3 rows/)).toBeVisible();
  await choose();
  await expect(preview).toContainText('0 to add, 0 to update, 3 unchanged, 0 rejected.');
  await page.keyboard.press('Escape');
  // The import is a job like a publish: Jobs History lists it, at the top (the newest first).
  await page.getByRole('button', { name: /Account menu for staff@openrescue\.test/ }).click();
  await page.getByRole('button', { name: 'Jobs History' }).click();
  const newest = page.getByRole('dialog', { name: 'Jobs History' }).getByTestId('job-item').first();
  await expect(newest).toContainText('network_import');
  await expect(newest).toContainText('3 / 3 processed');
  await expect(newest.getByText('succeeded', { exact: true })).toBeVisible();
  await settle(page);
  await page.screenshot({ path: screenshotPath('network-import-jobs-history.png') });
  await page.keyboard.press('Escape');
}
