import { initialShowFlags, setCategoryShown, setVerifiedOnly, type MapOrganization } from '@openrescue/shared';
import { describe, expect, it } from 'vitest';
import { markerCollection, visibleOrganizations } from './map-features';

const org = (id: number, name: string, sf_type: string, verified: 0 | 1 | 2, located = true): MapOrganization => ({
  id,
  name,
  sf_type,
  verified,
  address: null,
  city: null,
  sf_attributes: {},
  data: { website: null },
  location: located ? { type: 'Point', coordinates: [-123 - id / 100, 49.2] } : null,
});
const orgs = [
  org(1, 'Kits Soup Kitchen', 'Charity', 1),
  org(2, 'Soup Grocer', 'Retail/Grocer', 2),
  org(3, 'Hidden Soup', 'Caterer', 0),
  org(4, 'Soup Farm', 'Farmer (Livestock)', 1),
  org(5, 'Nowhere Soup', 'Composter', 1, false),
  org(6, 'Bistro', 'Restaurant/Hotel', 1),
];

describe('the network map markers', () => {
  it('draw what section 4 shows, coloured by the legend', () => {
    const all = markerCollection(visibleOrganizations(orgs, initialShowFlags(), ''));
    expect(all.features.map((f) => [f.id, f.properties.kind])).toEqual([
      [1, 'charity'],
      [2, 'retailer'],
      [6, 'business'],
    ]);
    expect(all.features[0].geometry.coordinates).toEqual([-123.01, 49.2]);
  });
  it('follow the search (3+ characters, case-insensitive) on top of the flags', () => {
    const flags = initialShowFlags();
    expect(visibleOrganizations(orgs, flags, 'SOUP').map((o) => o.id)).toEqual([1, 2]);
    expect(visibleOrganizations(orgs, flags, 'so').map((o) => o.id)).toEqual([1, 2, 6]);
    expect(visibleOrganizations(orgs, setVerifiedOnly(flags, true), 'soup').map((o) => o.id)).toEqual([1]);
    expect(visibleOrganizations(orgs, setCategoryShown(flags, 'retail', false), 'soup').map((o) => o.id)).toEqual([1]);
  });
});
