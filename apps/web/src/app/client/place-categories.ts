import type { Category } from '../../features/dashboard/lib/chart-data';

/** Colours for categories that are places (donor stores, a charity's sites): distinct, in a fixed order. */
const PALETTE = [
  '#1f77b4',
  '#ff7f0e',
  '#2ca02c',
  '#d62728',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
  '#17becf',
  '#393b79',
  '#637939',
  '#8c6d31',
  '#843c39',
  '#7b4173',
];

/** Places as graph categories: by name, each with its own colour (repeating after fifteen). */
export function placeCategories(places: readonly { id: number; name: string }[]): Category[] {
  return [...places]
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
    .map((p, i) => ({ id: p.id, name: p.name, color: PALETTE[i % PALETTE.length] }));
}
