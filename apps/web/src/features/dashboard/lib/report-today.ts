import { REPORT_TIME_ZONE } from '@openrescue/shared';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: REPORT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today as 'YYYY-MM-DD' in the report time zone (America/Vancouver), whatever the browser's zone. */
export function reportToday(now: Date = new Date()): string {
  return dayFormat.format(now);
}

/** The first day of the current month in the report time zone: the latest month the picker offers. */
export function currentReportMonth(now: Date = new Date()): string {
  return `${reportToday(now).slice(0, 7)}-01`;
}
