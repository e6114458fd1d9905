import type { AnnotateField } from '@openrescue/shared';
import { addDays, localDateOf, monthStartOf, nextMonthStart, type Bound, type Interval } from './time-bounds.js';

/**
 * Which table answers which part of a donation_totals query (apps/server/src/modules/reports/rollups.md).
 * The interval is cut into pieces each source can answer exactly:
 *   instant edges (bounds that are not local midnights)  -> donation (raw), by index, at most a day each;
 *   whole days                                            -> donation_daily, or raw when store/receiver detail is needed;
 *   whole Monday weeks (by-week only)                     -> donation_weekly (company-level queries only);
 *   whole months (totals and by-month only)               -> donation_monthly_company, or donation_monthly for detail.
 * donation_daily, donation_weekly and donation_monthly_company hold company x department x destination; a store
 * filter, a receiver filter or a receiver annotation needs the detailed sources.
 */
export type Period = 'none' | 'day' | 'week' | 'month';
export type Source =
  'donation' | 'donation_daily' | 'donation_weekly' | 'donation_monthly' | 'donation_monthly_company';

export type Segment =
  /** [from, to) instants or day bounds; raw rows only. */
  | { source: 'donation'; grain: 'instant'; from: Bound | null; to: Bound | null }
  /** [from, to) local dates. */
  | { source: Source; grain: 'day'; from: string | null; to: string | null }
  /** [from, to) Mondays. */
  | { source: Source; grain: 'week'; from: string | null; to: string | null }
  /** [from, to) first days of months. */
  | { source: Source; grain: 'month'; from: string | null; to: string | null };

export interface PlanInput {
  interval: Interval;
  period: Period;
  annotate: AnnotateField[];
  hasStoreFilter: boolean;
  hasReceiverFilter: boolean;
}

export function periodOf(annotateEntryTime: 'date' | 'date-week' | 'date-month' | undefined): Period {
  if (annotateEntryTime === 'date') return 'day';
  if (annotateEntryTime === 'date-week') return 'week';
  if (annotateEntryTime === 'date-month') return 'month';
  return 'none';
}

/** True when only company, department and destination are involved: the compact rollups answer. */
export function compactEnough(input: Pick<PlanInput, 'annotate' | 'hasStoreFilter' | 'hasReceiverFilter'>): boolean {
  return (
    !input.hasStoreFilter &&
    !input.hasReceiverFilter &&
    !input.annotate.includes('receiver_id') &&
    !input.annotate.includes('from_store_id')
  );
}

/** The segments (sources and ranges) whose union is exactly the interval. Empty when the interval is. */
export function planSegments(input: PlanInput): Segment[] {
  const { interval, period } = input;
  if (interval.empty) return [];
  const compact = compactEnough(input);
  const daySource: Source = compact ? 'donation_daily' : 'donation';
  const monthSource: Source = compact ? 'donation_monthly_company' : 'donation_monthly';
  const { lo, hi } = interval;

  // Whole local days inside the interval: [loDay, hiDay).
  const loDay = lo === null ? null : lo.kind === 'day' ? lo.date : nextDateOf(lo);
  const hiDay = hi === null ? null : hi.kind === 'day' ? hi.date : dateOf(hi);
  if (loDay !== null && hiDay !== null && loDay >= hiDay) {
    // Within one local day (or between two instants of neighbouring days): raw rows only.
    return [{ source: 'donation', grain: 'instant', from: lo, to: hi }];
  }
  const segments: Segment[] = [];
  if (lo?.kind === 'instant')
    segments.push({ source: 'donation', grain: 'instant', from: lo, to: { kind: 'day', date: loDay! } });

  const monthsAllowed = period === 'none' || period === 'month';
  const mLo = loDay === null ? null : loDay.endsWith('-01') ? loDay : nextMonthStart(loDay);
  const mHi = hiDay === null ? null : monthStartOf(hiDay);
  if (monthsAllowed && (mLo === null || mHi === null || mLo < mHi)) {
    if (loDay !== null && mLo !== null && loDay < mLo)
      segments.push({ source: daySource, grain: 'day', from: loDay, to: mLo });
    segments.push({ source: monthSource, grain: 'month', from: mLo, to: mHi });
    if (hiDay !== null && mHi !== null && mHi < hiDay)
      segments.push({ source: daySource, grain: 'day', from: mHi, to: hiDay });
  } else if (period === 'week' && compact) {
    segments.push(...weekSegments(loDay, hiDay));
  } else {
    segments.push({ source: daySource, grain: 'day', from: loDay, to: hiDay });
  }

  if (hi?.kind === 'instant')
    segments.push({ source: 'donation', grain: 'instant', from: { kind: 'day', date: hiDay! }, to: hi });
  return segments;
}

/** [loDay, hiDay) as whole Monday weeks from donation_weekly, with the days at either end from donation_daily. */
function weekSegments(loDay: string | null, hiDay: string | null): Segment[] {
  const wLo = loDay === null ? null : mondayOnOrAfter(loDay);
  const wHi = hiDay === null ? null : mondayOnOrBefore(hiDay);
  if (wLo !== null && wHi !== null && wLo >= wHi)
    return [{ source: 'donation_daily', grain: 'day', from: loDay, to: hiDay }];
  const out: Segment[] = [];
  if (loDay !== null && wLo !== null && loDay < wLo)
    out.push({ source: 'donation_daily', grain: 'day', from: loDay, to: wLo });
  out.push({ source: 'donation_weekly', grain: 'week', from: wLo, to: wHi });
  if (hiDay !== null && wHi !== null && wHi < hiDay)
    out.push({ source: 'donation_daily', grain: 'day', from: wHi, to: hiDay });
  return out;
}

/** 0 = Monday .. 6 = Sunday. */
const isoWeekday = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
const mondayOnOrBefore = (date: string) => addDays(date, -isoWeekday(date));
const mondayOnOrAfter = (date: string) => (isoWeekday(date) === 0 ? date : addDays(date, 7 - isoWeekday(date)));

// An instant bound is never a local midnight (time-bounds.ts turns those into day bounds).
function dateOf(b: Extract<Bound, { kind: 'instant' }>): string {
  return localDateOf(b.micros);
}
function nextDateOf(b: Extract<Bound, { kind: 'instant' }>): string {
  return addDays(localDateOf(b.micros), 1);
}
