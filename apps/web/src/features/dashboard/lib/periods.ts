import { formatMonth, type Granularity, type RangeBounds } from '@openrescue/shared';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);

/** The Monday of the week holding `day` (weeks start on Monday, as the server's date-week buckets do). */
export function mondayOf(day: string): string {
  const date = utc(day);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return iso(date);
}

/** Every bucket start of a range, oldest first, so a line chart shows the quiet periods as zero. */
export function periodStarts({ from, to, granularity }: RangeBounds): string[] {
  const starts: string[] = [];
  const cursor = utc(
    granularity === 'date-week' ? mondayOf(from) : granularity === 'date-month' ? `${from.slice(0, 7)}-01` : from,
  );
  const end = utc(to);
  while (cursor <= end && starts.length < 2000) {
    starts.push(iso(cursor));
    if (granularity === 'date') cursor.setUTCDate(cursor.getUTCDate() + 1);
    else if (granularity === 'date-week') cursor.setUTCDate(cursor.getUTCDate() + 7);
    else cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }
  return starts;
}

/** Axis label of a bucket: 'Oct 1' for a day or a week (its Monday), 'Oct 2026' for a month. */
export function periodLabel(start: string, granularity: Granularity): string {
  if (granularity === 'date-month') return formatMonth(start);
  const [, m, d] = start.split('-').map(Number);
  return `${MONTHS[m - 1]} ${d}`;
}

/** How a bucket is named in full (table headers, screen readers). */
export function periodCaption(granularity: Granularity): string {
  if (granularity === 'date') return 'Day';
  if (granularity === 'date-week') return 'Week starting';
  return 'Month';
}
