import type { Granularity, RangeBounds, ReportRow } from '@openrescue/shared';
import { periodLabel, periodStarts } from './periods';

/** A department or a destination with its fixed colour (packages/shared constants). */
export interface Category {
  id: number;
  name: string;
  color: string;
}

/** from_store_id and receiver_id: a charity's graphs by donor store and by site (decision 0066). */
export type BreakdownField = 'from_department_id' | 'destination_id' | 'from_store_id' | 'receiver_id';

export interface CategoryTotal extends Category {
  kg: number;
  /** Fraction of the total weight, 0..1. */
  share: number;
}

/** Weight per category over the whole range, every category listed (zero when it had no donations). */
/** The line chart's height (and the skeletons' while a recharts chart loads). */
export const CHART_HEIGHT = 280;

export function categoryTotals(
  rows: readonly ReportRow[],
  field: BreakdownField,
  categories: readonly Category[],
): CategoryTotal[] {
  const kg = new Map<number, number>();
  for (const row of rows) {
    const id = row[field];
    if (id === undefined) continue;
    kg.set(id, (kg.get(id) ?? 0) + (row.weight_kg__sum ?? 0));
  }
  const total = [...kg.values()].reduce((a, b) => a + b, 0);
  return categories.map((c) => {
    const value = kg.get(c.id) ?? 0;
    return { ...c, kg: value, share: total > 0 ? value / total : 0 };
  });
}

export function hasWeight(totals: readonly { kg: number }[]): boolean {
  return totals.some((t) => t.kg > 0);
}

/** recharts reads values by key; department names hold '/', so series use safe keys. */
export const seriesKey = (id: number) => `c${id}`;

export interface TimePoint {
  period: string;
  label: string;
  [series: string]: string | number;
}

/**
 * One point per bucket of the range, one value per category (kg), zero where nothing was donated: from the first
 * bucket with a donation on (the years of zeros before a history begins are no data, not a dip), each labelled by its
 * first day inside the range (a week bucket starts on its Monday, which can fall before the range; decision 0059).
 */
export function timeSeries(
  rows: readonly ReportRow[],
  field: BreakdownField,
  categories: readonly Category[],
  bounds: RangeBounds,
): TimePoint[] {
  const points = new Map<string, TimePoint>();
  for (const start of periodStarts(bounds)) {
    const point: TimePoint = {
      period: start,
      label: periodLabel(start < bounds.from ? bounds.from : start, bounds.granularity),
    };
    for (const c of categories) point[seriesKey(c.id)] = 0;
    points.set(start, point);
  }
  const weighed = new Set<string>();
  for (const row of rows) {
    const id = row[field];
    const point = row.date ? points.get(row.date.slice(0, 10)) : undefined;
    if (id === undefined || !point || !(seriesKey(id) in point)) continue;
    point[seriesKey(id)] = (point[seriesKey(id)] as number) + (row.weight_kg__sum ?? 0);
    if ((row.weight_kg__sum ?? 0) !== 0) weighed.add(point.period);
  }
  const all = [...points.values()];
  const first = all.findIndex((p) => weighed.has(p.period));
  return first < 0 ? all : all.slice(first);
}

/**
 * The x-axis labels a line chart offers (recharts still drops those that would touch at the drawn width): a day series
 * a label a week (every 7th day from its first) past two weeks, every other day past one; a week or month series about
 * six labels evenly spread, and the last period's. One label under every day of a month ran together (decision 0059).
 */
export function axisTicks(points: readonly TimePoint[], granularity: Granularity): string[] {
  const n = points.length;
  const step = granularity === 'date' ? (n > 14 ? 7 : n > 7 ? 2 : 1) : Math.max(1, Math.ceil(n / 6));
  // The last period too, unless it falls within half a step of the last label offered.
  const last = n - 1;
  return points.filter((_, i) => i % step === 0 || (i === last && last % step >= step / 2)).map((p) => p.label);
}

export interface ImpactTotals {
  meals: number;
  kg: number;
  co2e: number;
  /** Undefined when the server left it out (only admin-style users get money saved). */
  money: number | undefined;
}

/** The card figures: sums over the rows of one breakdown (every donation is in exactly one row). */
export function impactTotals(rows: readonly ReportRow[]): ImpactTotals {
  let money: number | undefined;
  const totals = rows.reduce(
    (acc, row) => {
      if (row.money_saved__sum !== undefined) money = (money ?? 0) + row.money_saved__sum;
      return {
        meals: acc.meals + (row.meals_provided__sum ?? 0),
        kg: acc.kg + (row.food_rescued_kg__sum ?? row.weight_kg__sum ?? 0),
        co2e: acc.co2e + (row.co2_emissions_kg__sum ?? 0),
      };
    },
    { meals: 0, kg: 0, co2e: 0 },
  );
  return { ...totals, money };
}

/** The series key of the previous period's overlay on a line chart (decision 0072). */
export const PREVIOUS_SERIES = 'previous';

/**
 * The previous period's total weight laid over a line chart's points: bucket n of the range beside bucket n of the
 * previous period (same granularity, the periods have the same length), so the lines can be read one over the other.
 */
export function withPreviousPeriod(
  points: readonly TimePoint[],
  bounds: RangeBounds,
  previousRows: readonly ReportRow[],
  previous: { from: string; to: string },
): TimePoint[] {
  const starts = periodStarts(bounds);
  const previousStarts = periodStarts({ ...previous, granularity: bounds.granularity });
  const sums = new Map<string, number>();
  for (const row of previousRows) {
    const start = row.date?.slice(0, 10);
    if (start) sums.set(start, (sums.get(start) ?? 0) + (row.weight_kg__sum ?? 0));
  }
  return points.map((point) => {
    const other = previousStarts[starts.indexOf(point.period)];
    return { ...point, [PREVIOUS_SERIES]: other === undefined ? 0 : (sums.get(other) ?? 0) };
  });
}
