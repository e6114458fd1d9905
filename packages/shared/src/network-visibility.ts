import { NETWORK_CATEGORIES, categoryOfType, type NetworkGroup } from './network.js';

/**
 * Section 4 "Network map visibility": the verified status, the show flags of groups and categories, and what the
 * map draws. Pure: the server computes `verified` with the same function the tests check.
 */

export type Verified = 0 | 1 | 2;

/** Attribute names that are never shown as tags (section 9); one of them contains the product name. */
export function hiddenTagAttributes(productName: string): string[] {
  return ['Marketplace', 'Wholesale', 'Retail Program', `Non ${productName} Network`];
}

/**
 * 1 when the account stage is Active or Back-up and the organization has the attribute Marketplace or Retail
 * Program; else 2 when it has the attribute Non {product} Network; else 0.
 */
export function verifiedStatus(
  accountStage: string | null | undefined,
  attributes: Readonly<Record<string, boolean>>,
  productName: string,
): Verified {
  const stage = accountStage?.trim();
  if ((stage === 'Active' || stage === 'Back-up') && (attributes.Marketplace || attributes['Retail Program'])) return 1;
  if (attributes[`Non ${productName} Network`]) return 2;
  return 0;
}

/** The attributes an info card may show as tags: set ones, minus the hidden attributes, in name order. */
export function visibleTags(attributes: Readonly<Record<string, boolean>>, productName: string): string[] {
  const hidden = new Set(hiddenTagAttributes(productName));
  return Object.keys(attributes)
    .filter((name) => attributes[name] && !hidden.has(name))
    .sort((a, b) => a.localeCompare(b));
}

/** One show flag per category; a group's flag is derived from its categories. */
export interface ShowFlags {
  categories: Readonly<Record<string, boolean>>;
  /** The verified toggle: only verified 1 is drawn. */
  verifiedOnly: boolean;
}

export function initialShowFlags(): ShowFlags {
  return { categories: Object.fromEntries(NETWORK_CATEGORIES.map((c) => [c.id, true])), verifiedOnly: false };
}

export function setCategoryShown(flags: ShowFlags, categoryId: string, shown: boolean): ShowFlags {
  return { ...flags, categories: { ...flags.categories, [categoryId]: shown } };
}

/** A group toggle sets all its categories. */
export function setGroupShown(flags: ShowFlags, group: NetworkGroup, shown: boolean): ShowFlags {
  const categories = { ...flags.categories };
  for (const id of group.categoryIds) categories[id] = shown;
  return { ...flags, categories };
}

export function setVerifiedOnly(flags: ShowFlags, verifiedOnly: boolean): ShowFlags {
  return { ...flags, verifiedOnly };
}

/** 'all' when every category of the group is shown, 'none' when none is, else 'some'. */
export function groupShowState(flags: ShowFlags, group: NetworkGroup): 'all' | 'some' | 'none' {
  const shown = group.categoryIds.filter((id) => flags.categories[id] !== false).length;
  if (shown === group.categoryIds.length) return 'all';
  return shown === 0 ? 'none' : 'some';
}

/** A group counts as fully shown only when none of its categories is hidden. */
export function isGroupFullyShown(flags: ShowFlags, group: NetworkGroup): boolean {
  return groupShowState(flags, group) === 'all';
}

export interface MapCandidate {
  sf_type: string;
  verified: number;
  location: { coordinates: readonly [number, number] | readonly number[] } | null;
}

/**
 * Whether the map draws an organization: verified 0 never; with the verified toggle only verified 1; never a type
 * outside section 9, never a Farmer (privacy), never one without a location; and only when its category is shown.
 */
export function isOnMap(org: MapCandidate, flags: ShowFlags): boolean {
  if (org.verified !== 1 && org.verified !== 2) return false;
  if (flags.verifiedOnly && org.verified !== 1) return false;
  const category = categoryOfType(org.sf_type);
  if (!category || !category.onMap) return false;
  if (flags.categories[category.id] === false) return false;
  return org.location !== null && org.location.coordinates.length === 2;
}

/** Participants per category (verified 1 or 2), for the filter's counts; Farmers count though never drawn. */
export function participantCounts(orgs: readonly Pick<MapCandidate, 'sf_type' | 'verified'>[]): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(NETWORK_CATEGORIES.map((c) => [c.id, 0]));
  for (const org of orgs) {
    if (org.verified !== 1 && org.verified !== 2) continue;
    const category = categoryOfType(org.sf_type);
    if (category) counts[category.id] += 1;
  }
  return counts;
}
