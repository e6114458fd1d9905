import { customRangeProblem, MAX_RANGE_YEARS, reportDay, startOfReportDay } from '@openrescue/shared';
import { badRequest } from '../../lib/http-error.js';

/**
 * entry_time bounds (contract reports.ts): a date 'YYYY-MM-DD' is an America/Vancouver calendar day (__gte from its
 * start, __lte through its end, __gt after its end); an ISO date-time is that instant (microseconds kept).
 * Everything becomes a half-open interval [lo, hi). A bound at a local midnight is a `day` bound, so the rollups
 * can answer it; anything else is an `instant` bound that only the raw table can answer.
 */
export type Bound = { kind: 'day'; date: string } | { kind: 'instant'; micros: number };

export interface Interval {
  lo: Bound | null;
  hi: Bound | null;
  /** true when the bounds leave nothing (lo >= hi). */
  empty: boolean;
}

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(Z|([+-])(\d{2}):?(\d{2}))$/;
const DAY_MS = 86_400_000;

/** The local calendar date of an instant. */
export function localDateOf(micros: number): string {
  return reportDay(Math.floor(micros / 1000));
}

/** The instant (µs) of local midnight starting a date. Vancouver changes clocks at 02:00, so midnight exists. */
export function localMidnightMicros(date: string): number {
  return startOfReportDay(date).getTime() * 1000;
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function monthStartOf(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

export function nextMonthStart(date: string): string {
  const [y, m] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
}

function validDate(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d && y >= 1900 && y <= 2200;
}

/** Parses one bound value; `after` moves it just past the day or instant (for __gt and __lte). */
export function parseBound(param: string, value: string, after: boolean): Bound {
  const day = DAY_RE.exec(value);
  if (day) {
    if (!validDate(+day[1], +day[2], +day[3])) {
      throw badRequest('The request is not valid.', `querystring.${param}: ${value} is not a calendar date`);
    }
    return { kind: 'day', date: after ? addDays(value, 1) : value };
  }
  const t = INSTANT_RE.exec(value);
  const [h, mi, s] = t ? [+t[4], +t[5], +(t[6] ?? 0)] : [0, 0, 0];
  if (!t || !validDate(+t[1], +t[2], +t[3]) || h > 23 || mi > 59 || s > 59) {
    throw badRequest(
      'The request is not valid.',
      `querystring.${param}: ${value} is not a date or an ISO date-time with a time zone`,
    );
  }
  const offsetMin = t[8] === 'Z' ? 0 : (t[9] === '-' ? -1 : 1) * (+t[10] * 60 + +t[11]);
  const ms = Date.UTC(+t[1], +t[2] - 1, +t[3], h, mi, s) - offsetMin * 60_000;
  const micros = ms * 1000 + Number((t[7] ?? '').padEnd(6, '0')) + (after ? 1 : 0);
  return asDayIfMidnight(micros);
}

/** An instant at a local midnight is that day's bound. */
function asDayIfMidnight(micros: number): Bound {
  const date = localDateOf(micros);
  return localMidnightMicros(date) === micros ? { kind: 'day', date } : { kind: 'instant', micros };
}

export function boundMicros(b: Bound): number {
  return b.kind === 'day' ? localMidnightMicros(b.date) : b.micros;
}

/** ISO text of a µs instant for SQL: '2024-01-01T08:00:00.000001Z'. */
export function microsToIso(micros: number): string {
  const ms = Math.floor(micros / 1000);
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 23)}${String(micros - ms * 1000).padStart(3, '0')}Z`;
}

export interface TimeQuery {
  entry_time__gt?: string;
  entry_time__gte?: string;
  entry_time__lte?: string;
}

/** The half-open interval of the entry_time filters; __gt and __gte together keep the later bound. */
export function intervalOf(q: TimeQuery): Interval {
  const los = [
    q.entry_time__gte === undefined ? null : parseBound('entry_time__gte', q.entry_time__gte, false),
    q.entry_time__gt === undefined ? null : parseBound('entry_time__gt', q.entry_time__gt, true),
  ].filter((b): b is Bound => b !== null);
  const lo = los.length === 0 ? null : los.reduce((a, b) => (boundMicros(b) > boundMicros(a) ? b : a));
  const hi = q.entry_time__lte === undefined ? null : parseBound('entry_time__lte', q.entry_time__lte, true);
  const empty = lo !== null && hi !== null && boundMicros(lo) >= boundMicros(hi);
  return { lo, hi, empty };
}

/** Five calendar years hold at most two leap days. */
const MAX_RANGE_MICROS = (MAX_RANGE_YEARS * 365 + 2) * DAY_MS * 1000;

/**
 * A report covers at most MAX_RANGE_YEARS years (issue 38, decision 0073): a longer closed interval is a clear 400.
 * Two calendar dates are held to calendar years (2021-01-01 to 2025-12-31 is the longest from 2021), instants to
 * the most days five years can have.
 */
export function assertRangeLength(q: TimeQuery, interval: Interval): void {
  const { lo, hi } = interval;
  if (!lo || !hi || interval.empty) return;
  const from = q.entry_time__gte;
  const to = q.entry_time__lte;
  const tooLong =
    from !== undefined && to !== undefined && DAY_RE.test(from) && DAY_RE.test(to) && q.entry_time__gt === undefined
      ? customRangeProblem(from, to) !== null
      : boundMicros(hi) - boundMicros(lo) > MAX_RANGE_MICROS;
  if (tooLong) {
    throw badRequest(
      `A report covers at most ${MAX_RANGE_YEARS} years.`,
      `querystring.entry_time__lte: ${to ?? ''} is ${MAX_RANGE_YEARS} years or more after the start`,
    );
  }
}

/**
 * The dates a comparison is made from (compare=true): entry_time__gte and entry_time__lte, both calendar dates, the
 * start not after the end, at most MAX_RANGE_YEARS years; anything else is a 400 naming what is wrong.
 */
export function comparedRange(q: TimeQuery): { from: string; to: string } {
  const from = q.entry_time__gte;
  const to = q.entry_time__lte;
  if (from === undefined || to === undefined || !DAY_RE.test(from) || !DAY_RE.test(to) || q.entry_time__gt) {
    throw badRequest(
      'A comparison needs a range of calendar dates.',
      'querystring.compare: give entry_time__gte and entry_time__lte as dates (YYYY-MM-DD) and no entry_time__gt',
    );
  }
  const problem = customRangeProblem(from, to);
  if (problem) throw badRequest(problem, `querystring.entry_time__lte: ${from} to ${to} cannot be compared`);
  return { from, to };
}
