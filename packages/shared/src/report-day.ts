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
