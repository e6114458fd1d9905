import { reportWallClock, reportZoneOffsetAtWallClock } from '@openrescue/shared';

/**
 * Local calendar days in America/Vancouver (the report time zone) for the generator. A day is an integer:
 * days since 1970-01-01 of the local calendar date. Offsets come from the report zone's rules (the database's, once
 * the app is built: decision 0085).
 */
const DAY_MS = 86_400_000;

/** The local calendar day of an instant. */
export function localDayOf(instant: Date): number {
  return Math.floor(reportWallClock(instant).getTime() / DAY_MS);
}

/** The instant (epoch ms) of a local wall-clock time on a day, by local noon's offset: for daytime hours (DST changes at 02:00). */
export function localTimeToUtcMs(day: number, secondsIntoDay: number): number {
  return day * DAY_MS + secondsIntoDay * 1000 - reportZoneOffsetAtWallClock(day * DAY_MS + 12 * 3_600_000);
}

/** 0 = Sunday .. 6 = Saturday. */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** yyyy-mm-dd of a day. */
export function dayToIso(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function isoToDay(iso: string): number {
  return Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
}

/** First day of the month that contains the day, and of the month `delta` months later. */
export function monthStart(day: number, delta = 0): number {
  const d = new Date(day * DAY_MS);
  return Math.floor(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + delta, 1) / DAY_MS);
}

/** The same calendar date `years` earlier (Feb 29 becomes Mar 1). */
export function yearsBefore(day: number, years: number): number {
  const d = new Date(day * DAY_MS);
  return Math.floor(Date.UTC(d.getUTCFullYear() - years, d.getUTCMonth(), d.getUTCDate()) / DAY_MS);
}

/** Weekday letters of schedule codes: M T W R(Thursday) F S U(Sunday). */
const SCHEDULE_LETTERS = ['U', 'M', 'T', 'W', 'R', 'F', 'S'];

/** 7 booleans (Sunday first) from a schedule code like 'MWF'. */
export function scheduleDays(code: string): boolean[] {
  return SCHEDULE_LETTERS.map((letter) => code.includes(letter));
}
