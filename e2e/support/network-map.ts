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

export const onMap = (orgs: MapOrganization[], flags: ShowFlags, search = '') =>
  orgs.filter((o) => isOnMap(o, flags) && organizationMatchesSearch(o, search));
