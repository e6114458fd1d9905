// A report day as text, apart from the ranges' arithmetic: the public map page writes its periods' dates and loads
// nothing else of ranges.ts (its JavaScript budget is 500 kB).

export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Oct 1, 2026' from '2026-10-01'. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

/** The header's date-range text, e.g. 'Oct 1, 2026 – Oct 31, 2026'. */
export function rangeText(bounds: { from: string; to: string }): string {
  return `${formatDay(bounds.from)} – ${formatDay(bounds.to)}`;
}
