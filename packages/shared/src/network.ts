/**
 * The community network map (spec 1, 2.11, 9 "Network categories"): regions, groups, categories, marker kinds and
 * limits. Pure data and functions shared by the server (import, endpoints) and the web map.
 */

/** Section 2.11: the four regions with an outline, and `all` (everything, centred on North America). */
export const NETWORK_AREAS = ['fvrd', 'rdno', 'cov', 'mv', 'all'] as const;
export type NetworkArea = (typeof NETWORK_AREAS)[number];
export const isNetworkArea = (value: string): value is NetworkArea =>
  (NETWORK_AREAS as readonly string[]).includes(value);

/** Section 2.11 table: names and zooms (the region table holds the same values; a test keeps them equal). */
export const NETWORK_REGION_TABLE: Record<NetworkArea, { name: string; zoom: number }> = {
  rdno: { name: 'North Okanagan', zoom: 10 },
  fvrd: { name: 'Fraser Valley', zoom: 10 },
  cov: { name: 'City of Vancouver', zoom: 12 },
  mv: { name: 'Metro Vancouver', zoom: 10 },
  all: { name: 'All', zoom: 4 },
};

/** A region's name for an address ('rdno' -> 'North Okanagan'); text that is not a region code stays as it is. */
export function regionName(region: string): string {
  const code = region.trim().toLowerCase();
  return code !== 'all' && isNetworkArea(code) ? NETWORK_REGION_TABLE[code].name : region;
}

/** Section 2.11: RDNO and All have a single marketplace link instead of Sell and Donate. */
export const hasSingleMarketplaceLink = (area: NetworkArea) => area === 'rdno' || area === 'all';

/** Section 9 limits: organizations per request for the ops map and the public map; totals page size. */
export const NETWORK_LIMIT = { ops: 999, public: 10000 } as const;
export const NETWORK_PAGE_SIZE = 9999;
/** Section 9 "Layout". */
export const MAP_PANEL_WIDTH = 360;
export const DEFAULT_MAP_ZOOM = 11;

/**
 * The zooms of section 2.11 and 9 are web-map zooms of 256-pixel tiles (the maps service the specification assumes);
 * MapLibre counts 512-pixel tiles, so the same view is one level lower (decision 0011). At the specification's
 * zoom 4, MapLibre would show a quarter of North America and none of the BC regions on a laptop screen.
 */
export function mapLibreZoom(specZoom: number): number {
  return specZoom - 1;
}

export type NetworkGroupId = 'businesses' | 'recovery' | 'recyclers';
export type MarkerKind = 'charity' | 'retailer' | 'business';

export interface NetworkCategory {
  id: string;
  label: string;
  group: NetworkGroupId;
  /** CRM account types (sf_type) in this category. */
  types: readonly string[];
  /** false: never drawn on the map (Farmer, for privacy). */
  onMap: boolean;
}

/** Section 9 "Network categories". */
export const NETWORK_CATEGORIES: readonly NetworkCategory[] = [
  { id: 'producer', label: 'Producer/wild harvester', group: 'businesses', types: ['Grower'], onMap: true },
  { id: 'manufacturer', label: 'Manufacturer', group: 'businesses', types: ['Manufacturer', 'Processor'], onMap: true },
  {
    id: 'wholesaler',
    label: 'Wholesaler',
    group: 'businesses',
    types: ['Wholesaler', 'Distributor', 'Liquidator'],
    onMap: true,
  },
  { id: 'retail', label: 'Retail/Grocer', group: 'businesses', types: ['Retail/Grocer'], onMap: true },
  {
    id: 'food-service',
    label: 'Food service',
    group: 'businesses',
    types: ['Restaurant/Hotel', 'Caterer', 'Food Service'],
    onMap: true,
  },
  { id: 'charity', label: 'Charity/non-profit', group: 'recovery', types: ['Charity', 'Nonprofit'], onMap: true },
  { id: 'farmer', label: 'Farmer', group: 'recovery', types: ['Farmer (Livestock)'], onMap: false },
  { id: 'upcycler', label: 'Upcycler', group: 'recyclers', types: ['Upcycler'], onMap: true },
  {
    id: 'industrial-reworker',
    label: 'Industrial reworker',
    group: 'recyclers',
    types: ['Industrial reworker'],
    onMap: true,
  },
  { id: 'composter', label: 'Composter', group: 'recyclers', types: ['Composter'], onMap: true },
  {
    id: 'organic-waste-hauler',
    label: 'Organic waste hauler',
    group: 'recyclers',
    types: ['Organic waste hauler'],
    onMap: true,
  },
];

/** Every CRM account type the map knows, in section 9 order. */
export const NETWORK_TYPES: readonly string[] = NETWORK_CATEGORIES.flatMap((c) => c.types);

const categoryByType = new Map(NETWORK_CATEGORIES.flatMap((c) => c.types.map((t) => [t.toLowerCase(), c] as const)));
const categoryById = new Map(NETWORK_CATEGORIES.map((c) => [c.id, c]));

/** The category of an account type (case-insensitive), or undefined for a type outside section 9. */
export function categoryOfType(sfType: string): NetworkCategory | undefined {
  return categoryByType.get(sfType.trim().toLowerCase());
}

export function networkCategory(id: string): NetworkCategory | undefined {
  return categoryById.get(id);
}

/** The type as section 9 spells it ('retail/grocer' -> 'Retail/Grocer'), or undefined when unknown. */
export function canonicalType(sfType: string): string | undefined {
  const category = categoryOfType(sfType);
  return category?.types.find((t) => t.toLowerCase() === sfType.trim().toLowerCase());
}

export interface NetworkGroup {
  id: string;
  label: string;
  categoryIds: readonly string[];
}

/**
 * The participant filter's groups for a region. Food Businesses, Food Recovery Outlets, Food Recyclers; the 'All'
 * region splits the recovery outlets into two groups (section 9).
 */
export function networkGroups(area: NetworkArea): NetworkGroup[] {
  const ids = (group: NetworkGroupId) => NETWORK_CATEGORIES.filter((c) => c.group === group).map((c) => c.id);
  const businesses = { id: 'businesses', label: 'Food Businesses', categoryIds: ids('businesses') };
  const recyclers = { id: 'recyclers', label: 'Food Recyclers', categoryIds: ids('recyclers') };
  if (area !== 'all') {
    return [businesses, { id: 'recovery', label: 'Food Recovery Outlets', categoryIds: ids('recovery') }, recyclers];
  }
  return [
    businesses,
    { id: 'recovery-charity', label: 'Food Recovery Outlets: Charities', categoryIds: ['charity'] },
    { id: 'recovery-farmer', label: 'Food Recovery Outlets: Farmers', categoryIds: ['farmer'] },
    recyclers,
  ];
}

/**
 * Marker colour class (legend): Charity / Nonprofit = food recovery outlets, Retailer = Retail/Grocer, Business =
 * every other food business and every recycler.
 */
export function markerKindOf(sfType: string): MarkerKind {
  const category = categoryOfType(sfType);
  if (category?.group === 'recovery') return 'charity';
  if (category?.id === 'retail') return 'retailer';
  return 'business';
}

/** The legend, in order, with one fixed colour per marker kind (checked for contrast on land and water). */
export const MARKER_LEGEND: readonly { kind: MarkerKind; label: string; color: string }[] = [
  { kind: 'charity', label: 'Charity / Nonprofit', color: '#c2255c' },
  { kind: 'retailer', label: 'Retailer', color: '#1864ab' },
  { kind: 'business', label: 'Business', color: '#d9480f' },
];
