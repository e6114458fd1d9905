import { z } from 'zod';
import { NETWORK_AREAS, NETWORK_LIMIT, NETWORK_PAGE_SIZE } from '../network.js';
import { booleanFlag, listPageSchema } from './reports.js';

/**
 * The network map's calls (spec 7.4, decision 0011).
 * Staff: GET {core-api}/api/retail/network/, network/impact, network/donation_totals, network/regions.
 * Public: the same under {core-api}/api/public/…, each with the region's `secret` (a wrong one answers 404).
 */

export const networkAreaSchema = z.enum(NETWORK_AREAS);
/** Public calls answer an unknown region like a wrong secret (404), so the area is checked by the service. */
const publicArea = z.string().min(1).max(16);
const secret = z.string().min(1).max(200);

export const networkOrganizationsQuerySchema = z
  .object({
    in_area: networkAreaSchema.default('all'),
    limit: z.coerce.number().int().min(1).max(NETWORK_LIMIT.ops).default(NETWORK_LIMIT.ops),
  })
  .strict();
export const publicNetworkOrganizationsQuerySchema = z
  .object({
    in_area: publicArea,
    secret,
    limit: z.coerce.number().int().min(1).max(NETWORK_LIMIT.public).default(NETWORK_LIMIT.public),
  })
  .strict();

const totalsParams = {
  page_size: z.coerce.number().int().min(1).max(10000).default(NETWORK_PAGE_SIZE),
  annotate_metrics: booleanFlag.optional(),
  /** Issue 38 (decision 0078): add the panel's comparison periods (impactPanelPeriods) to the answer. */
  compare: booleanFlag.optional(),
};
export const networkTotalsQuerySchema = z
  .object({ in_area: networkAreaSchema.default('all'), ...totalsParams })
  .strict();
export const publicNetworkTotalsQuerySchema = z.object({ in_area: publicArea, secret, ...totalsParams }).strict();
export const publicNetworkRegionQuerySchema = z.object({ in_area: publicArea, secret }).strict();

/** Spec section 3 "Network organization". `verified` is computed (section 4); Farmers never carry a location. */
export const networkOrganizationSchema = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  sf_type: z.string(),
  /** attribute name -> true */
  sf_attributes: z.record(z.string(), z.boolean()),
  sf_account_stage: z.string().nullable(),
  data: z.object({ website: z.string().nullable() }),
  location: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }).nullable(),
  verified: z.union([z.literal(0), z.literal(1), z.literal(2)]),
});
export type NetworkOrganization = z.infer<typeof networkOrganizationSchema>;

/** `count` is every participant in the area (verified 1 or 2); `results` holds up to `limit` of them. */
export const networkOrganizationListSchema = listPageSchema(networkOrganizationSchema);
export type NetworkOrganizationList = z.infer<typeof networkOrganizationListSchema>;

/**
 * An organization on the public map (issue 32 item 9): only what the public page shows. No account stage (the
 * server's `verified` says it), and only the attributes an info card shows as tags (set, and none of section 9's
 * hidden ones). The staff answer's organizations have every field of this one, so the map's code takes both.
 */
export const mapOrganizationSchema = networkOrganizationSchema.omit({ sf_account_stage: true }).extend({
  location: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
});
export type MapOrganization = Omit<NetworkOrganization, 'sf_account_stage'>;

/**
 * The public map's list: `results` holds only organizations the map can draw (a participant of a section 9 category
 * drawn on the map, with a location): never a Farmer, whose name and address are private (section 9). `count` is
 * every participant in the area, as the page's total shows it, and `category_counts` the participants per category
 * (section 9 category ids, Farmers included), as the filter shows them; `verified_category_counts` the same of verified
 * 1 participants only, as the filter shows them with "Verified members only" on (decision 0060).
 */
export const publicNetworkOrganizationListSchema = listPageSchema(mapOrganizationSchema).extend({
  category_counts: z.record(z.string(), z.number().int()),
  verified_category_counts: z.record(z.string(), z.number().int()),
});
export type PublicNetworkOrganizationList = z.infer<typeof publicNetworkOrganizationListSchema>;

/** network/impact and network/donation_totals: one row of sums (money saved for staff only, section 6). */
export const networkTotalsRowSchema = z.object({
  weight_kg__sum: z.number(),
  meals_provided__sum: z.number().optional(),
  food_rescued_kg__sum: z.number().optional(),
  co2_emissions_kg__sum: z.number().optional(),
  money_saved__sum: z.number().optional(),
});
export type NetworkTotalsRow = z.infer<typeof networkTotalsRowSchema>;

/** One period of the panel's comparison: its first and last calendar day and its one row of sums. */
function periodOf<Row extends z.ZodTypeAny>(row: Row) {
  return z.object({ entry_time__gte: z.string(), entry_time__lte: z.string(), results: z.array(row) });
}

/**
 * With compare=true (decision 0078): the year to date beside the same dates a year earlier, and the last 12 whole
 * months beside the 12 before them (impactPanelPeriods), with the same sums as the answer's all-time row.
 */
function comparisonOf<Row extends z.ZodTypeAny>(row: Row) {
  return z.object({
    year_to_date: z.object({ current: periodOf(row), year_ago: periodOf(row) }),
    last_12_months: z.object({ current: periodOf(row), previous: periodOf(row) }),
  });
}

export const networkTotalsSchema = listPageSchema(networkTotalsRowSchema).extend({
  comparison: comparisonOf(networkTotalsRowSchema).optional(),
});
export type NetworkTotals = z.infer<typeof networkTotalsSchema>;
export type NetworkTotalsComparison = NonNullable<NetworkTotals['comparison']>;

/** Public network/impact and network/donation_totals: the three figures the public panel shows, nothing else. */
export const publicNetworkTotalsRowSchema = z.object({
  meals_provided__sum: z.number(),
  food_rescued_kg__sum: z.number(),
  co2_emissions_kg__sum: z.number(),
});
export const publicNetworkTotalsSchema = listPageSchema(publicNetworkTotalsRowSchema).extend({
  comparison: comparisonOf(publicNetworkTotalsRowSchema).optional(),
});
export type PublicNetworkTotals = z.infer<typeof publicNetworkTotalsSchema>;

const position = z.tuple([z.number(), z.number()]);
export const regionOutlineSchema = z.union([
  z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(position)) }),
  z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(position))) }),
]);

/** A region's page (section 2.11): title, help text, zoom, centre, outline and its external links. */
export const networkRegionSchema = z.object({
  code: networkAreaSchema,
  name: z.string(),
  zoom: z.number(),
  center: position,
  page_title: z.string(),
  help_text: z.string(),
  outline: regionOutlineSchema.nullable(),
  /** Sell and Donate, or (rdno and all) a single marketplace link. */
  links: z.object({ sell: z.string().nullable(), donate: z.string().nullable(), marketplace: z.string().nullable() }),
});
export type NetworkRegion = z.infer<typeof networkRegionSchema>;

const outlines = z.array(z.object({ code: z.string(), outline: regionOutlineSchema }));

/** Public: one region (found by its secret) and every outline (its own among them), for the map. */
export const publicNetworkRegionSchema = z.object({
  region: networkRegionSchema.omit({ outline: true }),
  outlines,
  /** A MapLibre style URL for real tiles (MAP_STYLE_URL), or null for the built-in offline style. */
  map_style_url: z.string().nullable(),
});
export type PublicNetworkRegion = z.infer<typeof publicNetworkRegionSchema>;

/** Staff: every region with its public page path (which carries the secret). */
export const networkRegionsSchema = z.object({
  results: z.array(networkRegionSchema.extend({ public_path: z.string() })),
  outlines,
  map_style_url: z.string().nullable(),
});
export type NetworkRegions = z.infer<typeof networkRegionsSchema>;
