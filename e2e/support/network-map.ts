// The network map journeys' helpers (network-map.spec.ts, network-map-search.spec.ts).
import { expect, type Page } from '@playwright/test';
import {
  isOnMap,
  organizationMatchesSearch,
  type MapOrganization,
  type PublicNetworkOrganizationList,
  type ShowFlags,
} from '../../packages/shared/src/index';

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

/** The map's organization search: a combobox with suggestions, or a plain text box. */
export const searchBox = (page: Page) =>
  page
    .getByRole('combobox', { name: 'Search organizations by name' })
    .or(page.getByRole('textbox', { name: 'Search organizations by name' }));

export const onMap = (orgs: MapOrganization[], flags: ShowFlags, search = '') =>
  orgs.filter((o) => isOnMap(o, flags) && organizationMatchesSearch(o, search));

/** Opens a public region's map at a screen size, motion reduced; its organizations as the public list gives them. */
export async function openRegionMap(page: Page, area: string, viewport = { width: 1280, height: 800 }) {
  await page.setViewportSize(viewport);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`/public/network/${area}/demo`);
  return organizations(page, area);
}
