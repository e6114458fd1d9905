import type { RangeKey } from './permissions.js';
import { MONTHS } from './day-text.js';
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
  // Issue 38 (decision 0073): not tied to the end month; their granularity follows their length (granularityFor).
  { key: 'ytd', label: 'Year to date', granularity: 'date-month' },
  { key: 'last-year', label: 'Last calendar year', granularity: 'date-month' },
  { key: 'custom', label: 'Custom', granularity: 'date' },
];

/** Ranges whose end is not the end month: the month picker does not apply to them. */
export const RANGES_WITHOUT_MONTH: readonly RangeKey[] = ['ytd', 'last-year', 'custom'];

/** The longest range a report answers (issue 38): five calendar years, the length of Max. */
export const MAX_RANGE_YEARS = 5;

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

const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whole days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

function shiftDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The same calendar day `years` later (earlier when negative); Feb 29 becomes Feb 28 in a common year. */
export function shiftYears(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return ymd(y + years, m, Math.min(d, Number(lastDayOfMonth(ymd(y + years, m, 1)).slice(8))));
}

/** A calendar date that exists, 'YYYY-MM-DD'. */
export function isCalendarDate(value: string): boolean {
  const match = DATE_RE.exec(value);
  return match !== null && ymd(+match[1], +match[2], +match[3]) === value && +match[1] >= 1900 && +match[1] <= 2200;
}

/** By day up to two months, by week up to seven months, by month beyond (DESIGN.md section 6's steps). */
export function granularityFor(from: string, to: string): Granularity {
  const days = daysBetween(from, to);
  if (days <= 62) return 'date';
  if (days <= 215) return 'date-week';
  return 'date-month';
}

/**
 * Why a custom range cannot be reported, or null: both calendar dates, the start not after the end, at most
 * MAX_RANGE_YEARS years (the server answers the same with a 400).
 */
export function customRangeProblem(from: string, to: string): string | null {
  if (!isCalendarDate(from) || !isCalendarDate(to)) return 'Choose a start and an end date.';
  if (from > to) return 'The start date is after the end date.';
  if (to >= shiftYears(from, MAX_RANGE_YEARS)) return `A range can be at most ${MAX_RANGE_YEARS} years long.`;
  return null;
}

/** A custom range's bounds, its granularity by its length. */
export function customBounds(from: string, to: string): RangeBounds {
  return { from, to, granularity: granularityFor(from, to) };
}

export interface CustomRange {
  from: string;
  to: string;
}

/**
 * A range's bounds. Section 9's ranges end at the end of the chosen month (DESIGN.md section 6); Year to date runs
 * from January 1 to `today`, Last calendar year is the year before `today`'s, Custom is `custom` (decision 0073).
 */
export function rangeBounds(
  key: RangeKey,
  month: string,
  custom?: CustomRange,
  today: string = reportDay(),
): RangeBounds {
  if (key === 'ytd') return customBounds(`${today.slice(0, 4)}-01-01`, today);
  if (key === 'last-year') {
    const year = Number(today.slice(0, 4)) - 1;
    return customBounds(`${year}-01-01`, `${year}-12-31`);
  }
  if (key === 'custom') {
    if (!custom) throw new Error('a custom range needs its dates');
    return customBounds(custom.from, custom.to);
  }
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

export interface ComparisonBounds {
  /** The period of the same length just before (whole months for a range of whole months). */
  previous: { from: string; to: string };
  /** The same period a year earlier. */
  yearAgo: { from: string; to: string };
}

/** A range of whole calendar months: from the 1st of a month to the last day of a month. */
function wholeMonths(from: string, to: string): boolean {
  return from.endsWith('-01') && lastDayOfMonth(to) === to;
}

/**
 * The two periods a range is compared with (issue 38, decision 0072). A range of whole months is compared with as
 * many whole months before it (October with September, not with the 31 days before); any other range with as many
 * days before it. The year-earlier period is the same dates a year before (a month's end stays a month's end).
 */
export function comparisonBounds(from: string, to: string): ComparisonBounds {
  let previous: { from: string; to: string };
  if (wholeMonths(from, to)) {
    const [fy, fm] = from.split('-').map(Number);
    const [ty, tm] = to.split('-').map(Number);
    const months = (ty - fy) * 12 + (tm - fm) + 1;
    previous = { from: addMonths(from, -months), to: shiftDays(from, -1) };
  } else {
    const days = daysBetween(from, to);
    previous = { from: shiftDays(from, -days), to: shiftDays(from, -1) };
  }
  const yearAgoTo = shiftYears(to, -1);
  return {
    previous,
    yearAgo: {
      from: shiftYears(from, -1),
      to: lastDayOfMonth(to) === to ? lastDayOfMonth(yearAgoTo) : yearAgoTo,
    },
  };
}

/** A period's first and last calendar day. */
export interface DayPeriod {
  from: string;
  to: string;
}

/** The periods the public network impact panel compares (decision 0078). */
export interface ImpactPanelPeriods {
  /** January 1 to the last complete day (yesterday), beside the same dates a year earlier. */
  yearToDate: { current: DayPeriod; yearAgo: DayPeriod };
  /** The last 12 whole months, beside the 12 whole months before them. */
  last12Months: { current: DayPeriod; previous: DayPeriod };
}

/**
 * What the network impact panel compares on `today` (report time zone, decision 0078): only complete days and
 * months, each period beside one of the same length a year earlier, from comparisonBounds. On January 1 the year to
 * date is the whole year just ended.
 */
export function impactPanelPeriods(today: string = reportDay()): ImpactPanelPeriods {
  const yesterday = shiftDays(today, -1);
  const ytd = { from: `${yesterday.slice(0, 4)}-01-01`, to: yesterday };
  const months = rangeBounds('1y', defaultMonth(today));
  const last12 = { from: months.from, to: months.to };
  return {
    yearToDate: { current: ytd, yearAgo: comparisonBounds(ytd.from, ytd.to).yearAgo },
    last12Months: { current: last12, previous: comparisonBounds(last12.from, last12.to).previous },
  };
}

/** 'October 2026' style heading month: 'Oct 2026'. */
export function formatMonth(month: string): string {
  const { y, m } = parseMonth(month);
  return `${MONTHS[m - 1]} ${y}`;
}

/** The dashboard's range when the address names none: DEFAULT_RANGE ending with last month (report time zone). */
export function defaultDashboardBounds(now: Date = new Date()): RangeBounds {
  return rangeBounds(DEFAULT_RANGE, defaultMonth(reportDay(now)));
}
