import { describe, expect, it } from 'vitest';
import {
  NETWORK_CATEGORIES,
  NETWORK_TYPES,
  canonicalType,
  categoryOfType,
  mapLibreZoom,
  markerKindOf,
  networkGroups,
} from './network.js';
import {
  groupShowState,
  hiddenTagAttributes,
  initialShowFlags,
  isGroupFullyShown,
  isOnMap,
  participantCounts,
  setCategoryShown,
  setGroupShown,
  setVerifiedOnly,
  verifiedStatus,
  visibleTags,
} from './network-visibility.js';

const P = 'OpenRescue';
const at = { type: 'Point' as const, coordinates: [-123.1, 49.26] as [number, number] };
const org = (sf_type: string, verified: number, location: typeof at | null = at) => ({ sf_type, verified, location });

describe('verified status (section 4)', () => {
  it('is 1 for Active or Back-up with Marketplace or Retail Program', () => {
    expect(verifiedStatus('Active', { Marketplace: true }, P)).toBe(1);
    expect(verifiedStatus('Back-up', { 'Retail Program': true }, P)).toBe(1);
    expect(verifiedStatus(' Active ', { 'Retail Program': true, Wholesale: true }, P)).toBe(1);
  });
  it('is 2 with Non {product} Network when rule 1 does not hold', () => {
    expect(verifiedStatus('Prospect', { 'Non OpenRescue Network': true }, P)).toBe(2);
    expect(verifiedStatus(null, { 'Non OpenRescue Network': true }, P)).toBe(2);
    expect(verifiedStatus('Active', { 'Non OpenRescue Network': true }, P)).toBe(2);
    // rule 1 wins when both hold
    expect(verifiedStatus('Active', { Marketplace: true, 'Non OpenRescue Network': true }, P)).toBe(1);
  });
  it('follows the configured product name', () => {
    expect(verifiedStatus('Prospect', { 'Non FoodLink Network': true }, 'FoodLink')).toBe(2);
    expect(verifiedStatus('Prospect', { 'Non FoodLink Network': true }, P)).toBe(0);
  });
  it('is 0 otherwise: wrong stage, missing attribute, attribute set to false', () => {
    expect(verifiedStatus('Prospect', { Marketplace: true }, P)).toBe(0);
    expect(verifiedStatus('Inactive', { 'Retail Program': true }, P)).toBe(0);
    expect(verifiedStatus('Active', { Wholesale: true }, P)).toBe(0);
    expect(verifiedStatus('Active', { Marketplace: false }, P)).toBe(0);
    expect(verifiedStatus('active', { Marketplace: true }, P)).toBe(0);
    expect(verifiedStatus(undefined, {}, P)).toBe(0);
  });
});

describe('tags (section 9): hidden attributes are never shown', () => {
  it('drops Marketplace, Wholesale, Retail Program and Non {product} Network', () => {
    expect(hiddenTagAttributes(P)).toEqual(['Marketplace', 'Wholesale', 'Retail Program', 'Non OpenRescue Network']);
    const attributes = {
      Marketplace: true,
      Wholesale: true,
      'Retail Program': true,
      'Non OpenRescue Network': true,
      'Refrigerated Truck': true,
      'Cold Storage': true,
      Gone: false,
    };
    expect(visibleTags(attributes, P)).toEqual(['Cold Storage', 'Refrigerated Truck']);
    expect(visibleTags({ 'Non Other Network': true }, P)).toEqual(['Non Other Network']);
  });
});

describe('categories and groups (section 9)', () => {
  it('knows every account type once, case-insensitively, in its category', () => {
    expect(new Set(NETWORK_TYPES).size).toBe(NETWORK_TYPES.length);
    expect(NETWORK_TYPES).toHaveLength(17);
    expect(categoryOfType('processor')?.id).toBe('manufacturer');
    expect(categoryOfType('Liquidator')?.label).toBe('Wholesaler');
    expect(categoryOfType('Caterer')?.label).toBe('Food service');
    expect(categoryOfType('Nonprofit')?.label).toBe('Charity/non-profit');
    expect(categoryOfType('Customer - Direct')).toBeUndefined();
    expect(canonicalType(' retail/grocer ')).toBe('Retail/Grocer');
  });
  it('has three groups, and four in All where recovery outlets split in two', () => {
    expect(networkGroups('cov').map((g) => g.label)).toEqual([
      'Food Businesses',
      'Food Recovery Outlets',
      'Food Recyclers',
    ]);
    expect(networkGroups('cov')[1].categoryIds).toEqual(['charity', 'farmer']);
    const all = networkGroups('all');
    expect(all.map((g) => g.id)).toEqual(['businesses', 'recovery-charity', 'recovery-farmer', 'recyclers']);
    for (const area of ['cov', 'all'] as const) {
      expect(
        networkGroups(area)
          .flatMap((g) => g.categoryIds)
          .sort(),
      ).toEqual(NETWORK_CATEGORIES.map((c) => c.id).sort());
    }
  });
  it('turns the 2.11 zooms (256-pixel tiles) into MapLibre zooms (512-pixel tiles)', () => {
    expect([12, 10, 4].map(mapLibreZoom)).toEqual([11, 9, 3]);
  });
  it('colours markers by the legend: recovery outlets, Retail/Grocer, everyone else', () => {
    expect(markerKindOf('Charity')).toBe('charity');
    expect(markerKindOf('Nonprofit')).toBe('charity');
    expect(markerKindOf('Retail/Grocer')).toBe('retailer');
    for (const t of ['Grower', 'Processor', 'Caterer', 'Composter', 'Upcycler', 'Organic waste hauler']) {
      expect(markerKindOf(t)).toBe('business');
    }
  });
});

describe('show flags (section 4)', () => {
  const [businesses, recovery] = networkGroups('mv');
  it('a group toggle sets all its categories', () => {
    let flags = setGroupShown(initialShowFlags(), businesses, false);
    expect(businesses.categoryIds.every((id) => flags.categories[id] === false)).toBe(true);
    expect(flags.categories.charity).toBe(true);
    expect(groupShowState(flags, businesses)).toBe('none');
    flags = setGroupShown(flags, businesses, true);
    expect(isGroupFullyShown(flags, businesses)).toBe(true);
  });
  it('a group with any hidden category counts as not fully shown', () => {
    const flags = setCategoryShown(initialShowFlags(), 'retail', false);
    expect(groupShowState(flags, businesses)).toBe('some');
    expect(isGroupFullyShown(flags, businesses)).toBe(false);
    expect(isGroupFullyShown(flags, recovery)).toBe(true);
    expect(isGroupFullyShown(setCategoryShown(flags, 'farmer', false), recovery)).toBe(false);
  });
  it('does not change the flags it is given', () => {
    const flags = initialShowFlags();
    setGroupShown(flags, businesses, false);
    setVerifiedOnly(flags, true);
    expect(flags).toEqual(initialShowFlags());
  });
});

describe('what the map draws (section 4)', () => {
  const flags = initialShowFlags();
  it('never verified 0; verified 1 and 2 by default; only 1 with the verified toggle', () => {
    expect(isOnMap(org('Charity', 0), flags)).toBe(false);
    expect(isOnMap(org('Charity', 1), flags)).toBe(true);
    expect(isOnMap(org('Charity', 2), flags)).toBe(true);
    const verifiedOnly = setVerifiedOnly(flags, true);
    expect(isOnMap(org('Charity', 1), verifiedOnly)).toBe(true);
    expect(isOnMap(org('Charity', 2), verifiedOnly)).toBe(false);
  });
  it('never a Farmer (privacy), whatever the flags', () => {
    expect(isOnMap(org('Farmer (Livestock)', 1), flags)).toBe(false);
    expect(isOnMap(org('Farmer (Livestock)', 1), setCategoryShown(flags, 'farmer', true))).toBe(false);
  });
  it('never an unknown type or an organization without a location; hidden categories are not drawn', () => {
    expect(isOnMap(org('Prospect', 1), flags)).toBe(false);
    expect(isOnMap(org('Charity', 1, null), flags)).toBe(false);
    expect(isOnMap(org('Composter', 1), setCategoryShown(flags, 'composter', false))).toBe(false);
    expect(isOnMap(org('Composter', 1), setGroupShown(flags, networkGroups('all')[3], false))).toBe(false);
    expect(isOnMap(org('Upcycler', 2), setCategoryShown(flags, 'composter', false))).toBe(true);
  });
  it('counts participants (verified 1 or 2) per category, Farmers included', () => {
    const counts = participantCounts([
      org('Charity', 1),
      org('Nonprofit', 2),
      org('Charity', 0),
      org('Farmer (Livestock)', 1),
      org('Nope', 1),
    ]);
    expect(counts.charity).toBe(2);
    expect(counts.farmer).toBe(1);
    expect(counts.retail).toBe(0);
  });
});
