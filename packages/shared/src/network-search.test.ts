import { describe, expect, it } from 'vitest';
import { areasOfPoint, outlineBounds, outlineContains, type RegionOutline } from './network-regions.js';
import {
  isSearchActive,
  matchesSearch,
  organizationMatchesSearch,
  searchSuggestions,
  websiteHref,
  websiteLabel,
} from './network-search.js';

const orgs = [
  { id: 1, name: 'Kitsilano Soup Kitchen' },
  { id: 2, name: 'Soup Sisters Burnaby' },
  { id: 3, name: 'The Surrey Bistro' },
  { id: 4, name: 'Abbotsford Compost Yard' },
  { id: 5, name: 'SOUPER Foods' },
];

describe('map search (sections 4, 5)', () => {
  it('needs 3 or more typed characters; spaces at the ends do not count', () => {
    expect(isSearchActive('so')).toBe(false);
    expect(isSearchActive('  so ')).toBe(false);
    expect(isSearchActive('sou')).toBe(true);
    expect(matchesSearch('Anything', 'zz')).toBe(true);
  });
  it('matches names containing the text, case-insensitively', () => {
    expect(orgs.filter((o) => matchesSearch(o.name, 'SOUP')).map((o) => o.id)).toEqual([1, 2, 5]);
    expect(orgs.filter((o) => matchesSearch(o.name, 'bis')).map((o) => o.id)).toEqual([3]);
    expect(orgs.filter((o) => matchesSearch(o.name, 'xyz'))).toEqual([]);
  });
  it('suggests matching names, those starting with the text first; fewer than 3 characters clears them', () => {
    expect(searchSuggestions(orgs, 'soup').map((o) => o.id)).toEqual([2, 5, 1]);
    expect(searchSuggestions(orgs, 'so')).toEqual([]);
    expect(searchSuggestions(orgs, 'o', 10)).toEqual([]);
    expect(searchSuggestions(orgs, 'the', 1).map((o) => o.id)).toEqual([3]);
  });
  it('finds places by their city, after the names that hold the text (decision 0060)', () => {
    const places = [
      { id: 1, name: 'Harbour Soup Kitchen', city: 'Surrey' },
      { id: 2, name: 'Surrey Fresh Mart', city: 'Surrey' },
      { id: 3, name: 'Corner Grocer', city: 'Richmond' },
      { id: 4, name: 'Pierogi House', city: 'Łódź' },
    ];
    expect(places.filter((o) => organizationMatchesSearch(o, 'surrey')).map((o) => o.id)).toEqual([1, 2]);
    expect(searchSuggestions(places, 'surr').map((o) => o.id)).toEqual([2, 1]);
    expect(organizationMatchesSearch({ id: 5, name: 'No city', city: null }, 'rich')).toBe(false);
    expect(searchSuggestions(places, 'LODZ').map((o) => o.id)).toEqual([4]);
  });
  it('ignores Latin accents but keeps the vowel signs of other scripts', () => {
    expect(matchesSearch('Łódź Pierogi House', 'lodz')).toBe(true);
    expect(matchesSearch('Café Montréal', 'montreal')).toBe(true);
    expect(matchesSearch('Lodz Deli', 'łódź')).toBe(true);
    expect(matchesSearch('大統華 Supermarket', '大統華')).toBe(true);
    expect(matchesSearch('ਪੰਜਾਬੀ ਲੰਗਰ ਸੇਵਾ', 'ਪੰਜਾਬੀ')).toBe(true);
    expect(matchesSearch('ਪੰਜਾਬੀ ਲੰਗਰ ਸੇਵਾ', 'ਪਜਬ')).toBe(false);
    expect(matchesSearch('ＦＵＬＬ Width Foods', 'full')).toBe(true);
  });
});

describe('website links (section 5)', () => {
  it('adds https:// when the link has no http scheme', () => {
    expect(websiteHref('www.harborpinedental.example')).toBe('https://www.harborpinedental.example');
    expect(websiteHref('example.org/path')).toBe('https://example.org/path');
    expect(websiteHref('//cdn.example')).toBe('https://cdn.example');
  });
  it('keeps http and https links as they are', () => {
    expect(websiteHref('https://www.bluebird-logistics.example')).toBe('https://www.bluebird-logistics.example');
    expect(websiteHref('http://old.example')).toBe('http://old.example');
    expect(websiteHref('HTTPS://LOUD.example')).toBe('HTTPS://LOUD.example');
  });
  it('has no link for an empty value; the label drops the scheme', () => {
    expect(websiteHref(null)).toBeNull();
    expect(websiteHref('  ')).toBeNull();
    expect(websiteLabel('https://kestrel-software.example/')).toBe('kestrel-software.example');
    expect(websiteLabel('www.a.example')).toBe('www.a.example');
  });
});

describe('region outlines', () => {
  const square: RegionOutline = {
    type: 'Polygon',
    coordinates: [
      [
        [0, 0],
        [10, 0],
        [10, 10],
        [0, 10],
        [0, 0],
      ],
      [
        [4, 4],
        [6, 4],
        [6, 6],
        [4, 6],
        [4, 4],
      ],
    ],
  };
  const two: RegionOutline = {
    type: 'MultiPolygon',
    coordinates: [
      [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
      [
        [
          [5, 5],
          [6, 5],
          [6, 6],
          [5, 6],
          [5, 5],
        ],
      ],
    ],
  };
  it('contains points inside, not in holes or outside', () => {
    expect(outlineContains(square, 2, 2)).toBe(true);
    expect(outlineContains(square, 5, 5)).toBe(false);
    expect(outlineContains(square, 11, 5)).toBe(false);
    expect(outlineContains(two, 5.5, 5.5)).toBe(true);
    expect(outlineContains(two, 3, 3)).toBe(false);
    expect(outlineContains(square, Number.NaN, 1)).toBe(false);
  });
  it('lists every region containing a point, none without a location', () => {
    const regions = [
      { code: 'a', outline: square },
      { code: 'b', outline: two },
      { code: 'all', outline: null },
    ];
    expect(areasOfPoint(5.5, 5.2, regions)).toEqual(['b']);
    expect(areasOfPoint(1, 5, regions)).toEqual(['a']);
    expect(areasOfPoint(null, 5, regions)).toEqual([]);
    expect(outlineBounds(square)).toEqual([0, 0, 10, 10]);
  });
});
