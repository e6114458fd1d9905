import type { RangeKey } from './permissions.js';
import { reportDay } from './report-day.js';

/** annotate_entry_time values (spec 7.3): by day, by week, by month. */
export type Granularity = 'date' | 'date-week' | 'date-month';

export interface RangeOption {
  key: RangeKey;
  label: string;
  /** A range of days ending at the end of the chosen month... */
  days?: number;
  /** ...or of whole months ending with the chosen month. */
  months?: number;
  granularity: Granularity;
}

/** Section 9 ranges with DESIGN.md section 6 granularities. */
export const RANGE_OPTIONS: readonly RangeOption[] = [
  { key: '7d', label: '7 days', days: 7, granularity: 'date' },
  { key: '2w', label: '2 weeks', days: 14, granularity: 'date' },
  { key: '1m', label: '1 month', months: 1, granularity: 'date' },
  { key: '3m', label: '3 months', months: 3, granularity: 'date-week' },
  { key: '6m', label: '6 months', months: 6, granularity: 'date-week' },
  { key: '1y', label: '1 year', months: 12, granularity: 'date-month' },
  { key: '3y', label: '3 years', months: 36, granularity: 'date-month' },
  { key: 'max', label: 'Max', months: 60, granularity: 'date-month' },
];

export const DEFAULT_RANGE: RangeKey = '1m';
/** The month picker offers the last 12 months by default (section 9). */
export const MONTH_PICKER_MONTHS = 12;

export function rangeOption(key: RangeKey): RangeOption {
  const found = RANGE_OPTIONS.find((r) => r.key === key);
  if (!found) throw new Error(`unknown range ${key}`);
  return found;
}

/** 'YYYY-MM-DD' arithmetic on calendar dates, free of time zones. */
function ymd(y: number, m: number, d: number): string {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.toISOString().slice(0, 10);
}

function parseMonth(month: string): { y: number; m: number } {
  const match = /^(\d{4})-(\d{2})(?:-\d{2})?$/.exec(month);
  if (!match) throw new Error(`not a month: ${month}`);
  return { y: Number(match[1]), m: Number(match[2]) };
}

/** First day of the month before `today` (a calendar date in the report time zone): the dashboard's default. */
export function defaultMonth(today: string): string {
  const { y, m } = parseMonth(today);
  return ymd(y, m - 1, 1);
}

export function lastDayOfMonth(month: string): string {
  const { y, m } = parseMonth(month);
  return ymd(y, m + 1, 0);
}

export function addMonths(month: string, delta: number): string {
  const { y, m } = parseMonth(month);
  return ymd(y, m + delta, 1);
}

/** The months a month picker offers: the `count` months up to and including `latest`, newest first. */
export function monthChoices(latest: string, count = MONTH_PICKER_MONTHS): string[] {
  return Array.from({ length: count }, (_, i) => addMonths(latest, -i));
}

export interface RangeBounds {
  /** First calendar day included, 'YYYY-MM-DD' in America/Vancouver. */
  from: string;
  /** Last calendar day included: always the end of the chosen month. */
  to: string;
  granularity: Granularity;
}

/** A range ends at the end of the chosen month (DESIGN.md section 6). */
export function rangeBounds(key: RangeKey, month: string): RangeBounds {
  const option = rangeOption(key);
  const to = lastDayOfMonth(month);
  if (option.days) {
    const end = new Date(`${to}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() - (option.days - 1));
    return { from: end.toISOString().slice(0, 10), to, granularity: option.granularity };
  }
  const { y, m } = parseMonth(month);
  return { from: ymd(y, m - (option.months! - 1), 1), to, granularity: option.granularity };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Oct 1, 2026' from '2026-10-01'. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

/** 'October 2026' style heading month: 'Oct 2026'. */
export function formatMonth(month: string): string {
  const { y, m } = parseMonth(month);
  return `${MONTHS[m - 1]} ${y}`;
}

/** The header's date-range text, e.g. 'Oct 1, 2026 – Oct 31, 2026'. */
export function rangeText(bounds: Pick<RangeBounds, 'from' | 'to'>): string {
  return `${formatDay(bounds.from)} – ${formatDay(bounds.to)}`;
}

/** The dashboard's range when the address names none: DEFAULT_RANGE ending with last month (report time zone). */
export function defaultDashboardBounds(now: Date = new Date()): RangeBounds {
  return rangeBounds(DEFAULT_RANGE, defaultMonth(reportDay(now)));
}
