import { reportWallClock, reportZoneOffsetAtWallClock } from './report-zone.js';

/** The calendar date ('YYYY-MM-DD') in the report time zone (America/Vancouver) at a moment, now by default. */
export function reportDay(at: Date | number = new Date()): string {
  return reportWallClock(at).toISOString().slice(0, 10);
}

/** The first day of the current month in the report time zone: the latest month a month picker offers. */
export function currentReportMonth(now: Date = new Date()): string {
  return `${reportDay(now).slice(0, 7)}-01`;
}

/**
 * The moment a report day ('YYYY-MM-DD') begins in the report time zone: a day picked in a form is the network's
 * day, not the day of the browser's own zone (decision 0064).
 */
export function startOfReportDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const midnightUtc = Date.UTC(y, m - 1, d);
  return new Date(midnightUtc - reportZoneOffsetAtWallClock(midnightUtc));
}

/** The report day `days` days after `day` (before, when negative), 'YYYY-MM-DD'. */
export function shiftReportDay(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
