import { type Kysely, sql } from 'kysely';

/**
 * The report time zone's rules live twice: in this process's ICU (report days turned into instants, `reportDay`) and
 * in the database's time zone data (rollups bucketed with `at time zone`). Released at different times, the two can
 * disagree: newer IANA data keeps America/Vancouver on UTC-7 from November 2026, which Node 24, Chromium and PGlite
 * know and Node 20 or a PostgreSQL on an older tzdata do not (decision 0081). Then a donation near midnight counts on
 * another day on each side. This compares the two at noon UTC of every day from two years back to two years ahead.
 */
const DAY_MS = 86_400_000;

export interface ZoneRulesDisagreement {
  /** The first day (UTC) on which they differ. */
  day: string;
  /** Minutes east of UTC, as this process says and as the database says. */
  server: number;
  database: number;
}

/** Noon UTC of every day from `yearsAround` years before `now` to as many after. */
export function sampleInstants(now: Date, yearsAround = 2): Date[] {
  const noonOf = (year: number) => Date.UTC(year, now.getUTCMonth(), now.getUTCDate(), 12);
  const start = noonOf(now.getUTCFullYear() - yearsAround);
  const days = (noonOf(now.getUTCFullYear() + yearsAround) - start) / DAY_MS;
  return Array.from({ length: days + 1 }, (_, i) => new Date(start + i * DAY_MS));
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC in minutes at `at`, by this process's ICU ("GMT-07:00" → -420). */
export function serverOffset(zone: string, at: Date): number {
  let format = offsetFormats.get(zone);
  if (!format)
    offsetFormats.set(
      zone,
      (format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })),
    );
  const name = format.formatToParts(at).find((p) => p.type === 'timeZoneName')!.value;
  const m = /GMT(?:([+-])(\d{2}):(\d{2}))?/.exec(name)!;
  return m[1] ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** The zone's offsets from UTC in minutes at each instant, by the database's time zone data. */
export async function databaseOffsets<DB>(db: Kysely<DB>, zone: string, instants: Date[]): Promise<number[]> {
  const isos = instants.map((d) => d.toISOString());
  const { rows } = await sql<{ off: number }>`select (extract(epoch from (t at time zone ${zone})
      - (t at time zone 'UTC')) / 60)::int as off
    from unnest(${isos}::timestamptz[]) with ordinality as u(t, n) order by n`.execute(db);
  return rows.map((r) => Number(r.off));
}

/** The first sampled day on which the server's and the database's rules for `zone` differ, or null. */
export function firstDisagreement(
  instants: Date[],
  server: number[],
  database: number[],
): ZoneRulesDisagreement | null {
  const i = instants.findIndex((_, k) => server[k] !== database[k]);
  return i === -1 ? null : { day: instants[i].toISOString().slice(0, 10), server: server[i], database: database[i] };
}

export async function compareZoneRules<DB>(
  db: Kysely<DB>,
  zone: string,
  now = new Date(),
): Promise<ZoneRulesDisagreement | null> {
  const instants = sampleInstants(now);
  const server = instants.map((at) => serverOffset(zone, at));
  return firstDisagreement(instants, server, await databaseOffsets(db, zone, instants));
}

/** -480 → "UTC-8", 330 → "UTC+5:30". */
function utc(minutes: number): string {
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `UTC${minutes < 0 ? '-' : '+'}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/** What to tell the operator when they disagree. */
export function zoneRulesWarning(zone: string, d: ZoneRulesDisagreement): string {
  return (
    `The database and this server disagree about ${zone} from ${d.day} (server ${utc(d.server)}, database ` +
    `${utc(d.database)}): donations near midnight would count on different days. Update the time zone data of the ` +
    'older one (tzdata on the database server; a current Node.js LTS for this server).'
  );
}
