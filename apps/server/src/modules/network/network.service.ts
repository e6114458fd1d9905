import { createHash, timingSafeEqual } from 'node:crypto';
import {
  NETWORK_CATEGORIES,
  hiddenTagAttributes,
  impactPanelPeriods,
  isNetworkArea,
  type NetworkArea,
  type NetworkRegion,
  type DayPeriod,
  type NetworkTotals,
  type NetworkTotalsComparison,
  type NetworkTotalsRow,
  type PublicNetworkTotals,
} from '@openrescue/shared';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/http-error.js';
import { addDays, intervalOf, type Interval } from '../reports/time-bounds.js';
import { planSegments } from '../reports/totals.planner.js';
import { queryTotals } from '../reports/totals.repository.js';
import { regionLinks, type NetworkSettings } from './network.config.js';
import { OrganizationIndex, type ListView } from './network.organization-index.js';
import { PayloadCache, type Payload } from './network.payload.js';
import {
  loadRegions,
  networkDonationSums,
  organizationsVersion,
  storeIdsInArea,
  type RegionRow,
} from './network.repository.js';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Constant-time comparison of a region secret (like a token): both sides hashed to equal lengths first. */
export function secretMatches(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The region a public request names, when its secret is right. An unknown region and a wrong secret answer alike
 * (404), so a caller learns nothing about which part was wrong.
 */
export async function regionBySecret(ctx: AppContext, area: string, secret: string): Promise<RegionRow> {
  const regions = await loadRegions(ctx.database.db);
  const region = isNetworkArea(area) ? regions.find((r) => r.code === area) : undefined;
  // compare even when the region is unknown, so both failures take the same time
  const ok = secretMatches(secret, region?.secret ?? '\0unknown region');
  if (!region || !ok) throw notFound();
  return region;
}

export function presentRegion(row: RegionRow, settings: NetworkSettings): NetworkRegion {
  return {
    code: row.code,
    name: row.name,
    zoom: row.zoom,
    center: [row.center_lon, row.center_lat],
    page_title: row.page_title,
    help_text: row.help_text,
    outline: (row.polygon as NetworkRegion['outline']) ?? null,
    links: regionLinks(settings, row.code),
  };
}

export function outlinesOf(rows: RegionRow[]): { code: string; outline: NonNullable<NetworkRegion['outline']> }[] {
  return rows
    .filter((r) => r.polygon !== null)
    .map((r) => ({ code: r.code, outline: r.polygon as NonNullable<NetworkRegion['outline']> }));
}

/** Account types never drawn on the map, for privacy (section 9): Farmers carry no location on the wire. */
const PRIVATE_TYPES = NETWORK_CATEGORIES.filter((c) => !c.onMap).flatMap((c) => c.types);

const caches = new WeakMap<AppContext, { payloads: PayloadCache; organizations: OrganizationIndex }>();
function cacheOf(ctx: AppContext) {
  let cache = caches.get(ctx);
  if (!cache) {
    const rules = { privateTypes: PRIVATE_TYPES, hiddenAttributes: hiddenTagAttributes(ctx.env.PRODUCT_NAME) };
    caches.set(
      ctx,
      (cache = { payloads: new PayloadCache(), organizations: new OrganizationIndex(ctx.database.db, rules) }),
    );
  }
  return cache;
}

/**
 * GET retail/network/: participants of the area as a list page, served from the payload cache. The public view
 * (publicNetworkOrganizationListSchema) holds only what the public page shows: no Farmer, no account stage, no
 * hidden attribute; its per-category counts keep the page's figures.
 */
export async function organizationsPayload(
  ctx: AppContext,
  area: NetworkArea,
  limit: number,
  view: ListView,
): Promise<Payload> {
  const version = await organizationsVersion(ctx.database.db);
  const { payloads, organizations } = cacheOf(ctx);
  return payloads.get(`${view}:${area}:${limit}`, version, async () => {
    await organizations.update(version);
    const { count, json, categoryCounts, verifiedCategoryCounts } = organizations.list(area, limit, view);
    const counts = categoryCounts
      ? `,"category_counts":${categoryCounts},"verified_category_counts":${verifiedCategoryCounts}`
      : '';
    return `{"count":${count},"next":null,"results":${json}${counts}}`;
  });
}

function sumsOf(row: NetworkTotalsRow, metrics: boolean, moneySaved: boolean): NetworkTotalsRow {
  const out: NetworkTotalsRow = { weight_kg__sum: row.weight_kg__sum };
  if (metrics) {
    out.meals_provided__sum = row.meals_provided__sum ?? 0;
    out.food_rescued_kg__sum = row.food_rescued_kg__sum ?? 0;
    out.co2_emissions_kg__sum = row.co2_emissions_kg__sum ?? 0;
    if (moneySaved) out.money_saved__sum = row.money_saved__sum ?? 0;
  }
  return out;
}

/** The public panel's three figures of a row (issue 32 item 9): no weight, no money saved. */
function publicRow(row: Partial<NetworkTotalsRow> | undefined) {
  return {
    meals_provided__sum: row?.meals_provided__sum ?? 0,
    food_rescued_kg__sum: row?.food_rescued_kg__sum ?? 0,
    co2_emissions_kg__sum: row?.co2_emissions_kg__sum ?? 0,
  };
}

/** The public panel's figures only (issue 32 item 9): no weight, no money saved, whatever was asked. */
export function publicTotals(page: NetworkTotals): PublicNetworkTotals {
  const c = page.comparison;
  const period = (p: NetworkTotalsComparison['year_to_date']['current']) => ({
    entry_time__gte: p.entry_time__gte,
    entry_time__lte: p.entry_time__lte,
    results: [publicRow(p.results[0])],
  });
  return {
    count: 1,
    next: null,
    results: [publicRow(page.results[0])],
    ...(c
      ? {
          comparison: {
            year_to_date: { current: period(c.year_to_date.current), year_ago: period(c.year_to_date.year_ago) },
            last_12_months: {
              current: period(c.last_12_months.current),
              previous: period(c.last_12_months.previous),
            },
          },
        }
      : {}),
  };
}

export interface TotalsOptions {
  metrics: boolean;
  /** Money saved is for staff only (section 6). */
  moneySaved: boolean;
  /** Add the panel's comparison periods (decision 0078). */
  compare?: boolean;
}

/**
 * A totals answer: the all-time row and, with `compare`, the panel's four periods (impactPanelPeriods), each read by
 * `read` (undefined: the whole history). The five reads go out at once: one round trip for the caller.
 */
async function totalsAnswer(
  read: (days?: DayPeriod) => Promise<NetworkTotalsRow>,
  options: TotalsOptions,
): Promise<NetworkTotals> {
  const sums = (row: NetworkTotalsRow) => sumsOf(row, options.metrics, options.moneySaved);
  const periods = options.compare ? impactPanelPeriods() : undefined;
  const periodAnswer = async (days: DayPeriod) => ({
    entry_time__gte: days.from,
    entry_time__lte: days.to,
    results: [sums(await read(days))],
  });
  const [all, comparison] = await Promise.all([
    read(),
    periods &&
      Promise.all([
        periodAnswer(periods.yearToDate.current),
        periodAnswer(periods.yearToDate.yearAgo),
        periodAnswer(periods.last12Months.current),
        periodAnswer(periods.last12Months.previous),
      ]),
  ]);
  return {
    count: 1,
    next: null,
    results: [sums(all)],
    ...(comparison
      ? {
          comparison: {
            year_to_date: { current: comparison[0], year_ago: comparison[1] },
            last_12_months: { current: comparison[2], previous: comparison[3] },
          },
        }
      : {}),
  };
}

/**
 * GET network/impact: the retail program's donations from stores in the area, answered by the report rollups
 * (the whole history: donation_monthly for a region's stores, donation_monthly_company for all; a period's whole
 * days: the same planner over them, as a dashboard's range).
 */
export async function networkImpact(
  ctx: AppContext,
  area: NetworkArea,
  options: TotalsOptions,
): Promise<NetworkTotals> {
  const db = ctx.database.db;
  const storeIds = area === 'all' ? undefined : await storeIdsInArea(db, area);
  const read = async (days?: DayPeriod): Promise<NetworkTotalsRow> => {
    const interval: Interval = days
      ? { lo: { kind: 'day', date: days.from }, hi: { kind: 'day', date: addDays(days.to, 1) }, empty: false }
      : intervalOf({});
    const segments =
      storeIds?.length === 0
        ? []
        : planSegments({
            interval,
            period: 'none',
            annotate: [],
            hasStoreFilter: storeIds !== undefined,
            hasReceiverFilter: false,
          });
    const { rows } = await queryTotals(db, {
      segments,
      period: 'none',
      annotate: [],
      filter: { storeIds },
      metrics: true,
      limit: 1,
      offset: 0,
    });
    return rows[0];
  };
  return totalsAnswer(read, options);
}

/** GET network/donation_totals: donations recorded for the other network organizations in the area. */
export async function networkDonationTotals(
  ctx: AppContext,
  area: NetworkArea,
  options: TotalsOptions,
): Promise<NetworkTotals> {
  return totalsAnswer((days) => networkDonationSums(ctx.database.db, area, days), options);
}
