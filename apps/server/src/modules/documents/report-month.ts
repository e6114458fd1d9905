import { defaultMonth, reportDay } from '@openrescue/shared';
import { badRequest } from '../../lib/http-error.js';

/**
 * How far back a monthly report or a poster may be asked for (decision 0041): the Max dashboard range, 60 months
 * (spec 9). The screens offer the last 12 months; with every month of two centuries accepted, each new month was a
 * new poster to render and defeated the poster cache.
 */
export const REPORT_MONTHS_BACK = 60;

/** The first day of the month `months` months before `month` ('YYYY-MM-01'). */
export function monthsBefore(month: string, months: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 - months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/**
 * The month a report or poster is for: the asked one if it is a real month in range (not after the network's current
 * month, at most REPORT_MONTHS_BACK before it), else a 400; last month when none is asked.
 */
export function reportMonth(asked: string | undefined, now: Date = new Date()): string {
  const today = reportDay(now);
  if (!asked) return defaultMonth(today);
  const current = `${today.slice(0, 7)}-01`;
  const earliest = monthsBefore(current, REPORT_MONTHS_BACK);
  if (asked > current || asked < earliest) {
    throw badRequest(
      `The month must be between ${earliest} and ${current}.`,
      `querystring.month: ${asked} is out of range`,
    );
  }
  return asked;
}
