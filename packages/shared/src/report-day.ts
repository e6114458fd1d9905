import { REPORT_TIME_ZONE } from './constants.js';

// Made on first use: creating it loads ICU's time-zone data, which a module that is only imported should not pay.
let dayFormat: Intl.DateTimeFormat | undefined;

/** The calendar date ('YYYY-MM-DD') in the report time zone (America/Vancouver) at a moment, now by default. */
export function reportDay(at: Date | number = new Date()): string {
  dayFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: REPORT_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return dayFormat.format(at);
}

/** The first day of the current month in the report time zone: the latest month a month picker offers. */
export function currentReportMonth(now: Date = new Date()): string {
  return `${reportDay(now).slice(0, 7)}-01`;
}

let wallClock: Intl.DateTimeFormat | undefined;

/** How far the report time zone's wall clock is ahead of UTC at a moment (ms; negative west of Greenwich). */
function reportZoneOffset(at: number): number {
  wallClock ??= new Intl.DateTimeFormat('en-US', {
    timeZone: REPORT_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const p = Object.fromEntries(wallClock.formatToParts(at).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at / 1000) * 1000;
}

/**
 * The moment a report day ('YYYY-MM-DD') begins in the report time zone: a day picked in a form is the network's
 * day, not the day of the browser's own zone (decision 0064).
 */
export function startOfReportDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const midnightUtc = Date.UTC(y, m - 1, d);
  const guess = midnightUtc - reportZoneOffset(midnightUtc);
  return new Date(midnightUtc - reportZoneOffset(guess));
}

/** The report day `days` days after `day` (before, when negative), 'YYYY-MM-DD'. */
export function shiftReportDay(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
