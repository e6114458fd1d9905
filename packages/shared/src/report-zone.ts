import { REPORT_TIME_ZONE } from './constants.js';

/**
 * The report time zone's rules as a table: the offset before the first change, then every change (all in ms, offsets
 * positive east of Greenwich). The server reads it from its database at start-up (decision 0085), so that the days
 * it turns into instants are the days the database buckets donations by; without a table (the browser, a script)
 * the runtime's own time-zone data answers.
 */
export interface ZoneRules {
  initialOffsetMs: number;
  /** Sorted by `atMs`: from `atMs` on, the zone is `offsetMs` ahead of UTC. */
  changes: { atMs: number; offsetMs: number }[];
}

let rules: ZoneRules | null = null;

/** Installs the table every report-day computation in this process uses; null goes back to the runtime's data. */
export function setReportZoneRules(next: ZoneRules | null): void {
  rules = next;
}

/** How far the report time zone's wall clock is ahead of UTC at a moment (ms; negative west of Greenwich). */
export function reportZoneOffset(utcMs: number): number {
  return rules ? tableOffset(rules, utcMs) : runtimeOffset(utcMs);
}

export function tableOffset(table: ZoneRules, utcMs: number): number {
  const { changes } = table;
  let lo = 0;
  let hi = changes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (changes[mid].atMs <= utcMs) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? table.initialOffsetMs : changes[lo - 1].offsetMs;
}

// Made on first use, one per zone: creating one loads ICU's time-zone data, which an import alone should not pay.
const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The offset by the runtime's ICU data (Node.js, the browser): the report zone's, or `zone`'s. */
export function runtimeOffset(utcMs: number, zone: string = REPORT_TIME_ZONE): number {
  let wallClock = wallClocks.get(zone);
  if (!wallClock) {
    wallClock = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClocks.set(zone, wallClock);
  }
  const p = Object.fromEntries(wallClock.formatToParts(utcMs).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(utcMs / 1000) * 1000;
}

/**
 * The report time zone's offset in force at a wall-clock time (given as the UTC fields of `wallMs`): the offset at the
 * instant the wall clock first guesses, taken again there. Exact away from the hour a clock change skips or repeats.
 */
export function reportZoneOffsetAtWallClock(wallMs: number): number {
  return reportZoneOffset(wallMs - reportZoneOffset(wallMs));
}

/** The wall clock of the report time zone at a moment, as the UTC fields of a Date. */
export function reportWallClock(at: Date | number): Date {
  const ms = typeof at === 'number' ? at : at.getTime();
  return new Date(ms + reportZoneOffset(ms));
}
