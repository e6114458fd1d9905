import type { BrandLogo } from '@openrescue/shared';

/**
 * Brand wordmarks for the poster (spec 2.10: the logo is chosen from the store name prefix). Drawn as vector
 * paths in a 24 x 24 box plus the label in the poster's own font; nothing is fetched. The web app draws the same
 * paths from the poster JSON, so screen and PDF always match.
 */
const SUN = (cx: number, cy: number, r: number) =>
  `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0z`;
const LEAF = 'M20 3C9 3 4 9 4 15c0 2 .5 3.5 1.3 4.7L3 22h2.6l1.4-1.6C8.3 21.4 10 22 12 22c6.5 0 8-8 8-19z';

interface BrandDef extends BrandLogo {
  prefix: string;
}

const BRANDS: readonly BrandDef[] = [
  {
    prefix: 'Harvest Valley',
    key: 'harvest-valley',
    label: 'Harvest Valley',
    color: '#2E6B30',
    paths: [
      { d: SUN(12, 9, 5), fill: '#E8A317' },
      { d: 'M1 22c4-6 8-7 11-4 3-3 7-2 11 4z', fill: '#2E6B30' },
    ],
  },
  {
    prefix: 'Coastline Market',
    key: 'coastline-market',
    label: 'Coastline Market',
    color: '#0B5FA5',
    paths: [
      { d: SUN(17, 7, 4), fill: '#F2B134' },
      { d: 'M1 15c3-4 6-4 9 0s6 4 9 0 3-3 4-3v6c-1 0-2 1-4 3s-6 4-9 0-6-4-9 0z', fill: '#0B5FA5' },
    ],
  },
  {
    prefix: 'Fraser Fresh',
    key: 'fraser-fresh',
    label: 'Fraser Fresh',
    color: '#1E7A5A',
    paths: [
      { d: LEAF, fill: '#1E7A5A' },
      { d: 'M5 21c3-6 7-10 13-14-5 5-8 9-11 15z', fill: '#FFFFFF' },
    ],
  },
  {
    prefix: 'Okanagan Co-op',
    key: 'okanagan-coop',
    label: 'Okanagan Co-op',
    color: '#6A3D9A',
    paths: [
      { d: SUN(19, 5, 3), fill: '#F08A24' },
      { d: 'M1 21l7-12 4 6 3-5 8 11z', fill: '#6A3D9A' },
    ],
  },
  {
    prefix: 'Greenleaf Organics',
    key: 'greenleaf-organics',
    label: 'Greenleaf Organics',
    color: '#3A7D1F',
    paths: [
      { d: SUN(12, 12, 11), fill: '#3A7D1F' },
      {
        d: 'M17 6c-7 0-10 4-10 8 0 1 .2 2 .7 2.8L6 19h1.8l1-1.1c.9.7 2 1.1 3.2 1.1 4.2 0 5-5.3 5-13z',
        fill: '#FFFFFF',
      },
    ],
  },
  {
    prefix: 'Pacific Pantry Express',
    key: 'pacific-pantry-express',
    label: 'Pacific Pantry Express',
    color: '#B43C0C',
    paths: [
      { d: 'M2 4h20v18H2z', fill: '#B43C0C' },
      { d: 'M13 6L7 14h4.5l-1 6 6-8.5H12z', fill: '#FFFFFF' },
    ],
  },
];

const STOREFRONT = 'M3 10h18v12H3z M2 3h20l1.5 6h-23z';

/** The brand whose name prefixes the store name; otherwise a plain storefront mark with the company's name. */
export function brandLogoFor(storeName: string, companyName: string): BrandLogo {
  const name = storeName.trim().toLowerCase();
  const brand = BRANDS.find((b) => name.startsWith(b.prefix.toLowerCase()));
  if (brand) {
    const { prefix: _prefix, ...logo } = brand;
    return logo;
  }
  return { key: 'generic', label: companyName, color: '#34495E', paths: [{ d: STOREFRONT, fill: '#34495E' }] };
}
