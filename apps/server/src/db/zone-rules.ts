import { REPORT_TIME_ZONE, runtimeOffset, tableOffset, type ZoneRules } from '@openrescue/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from './connection.js';

/**
 * The report time zone's rules live in the database's time zone data (rollups bucket donations with `at time zone`)
 * and in this process's ICU. Released at different times, the two can disagree: newer IANA data keeps
 * America/Vancouver on UTC-7 from November 2026, which Node 24, Chromium and PGlite know and Node 20 or a PostgreSQL
 * on an older tzdata do not. So the server reads the database's rules once (`databaseZoneRules`) and turns days into
 * instants by them (decision 0085); where Node.js's own data disagrees it says so at start (decision 0081).
 */
const DAY_MS = 86_400_000;

/**
 * Every change of the zone's offset from 1900 to 2200, to the minute: its offset sampled weekly, then daily, hourly
 * and by the minute where a sample differs from the one before (~70 ms on PGlite). A zone whose offset changed and
 * changed back within one week would be missed; no zone the reports use does.
 */
export async function readZoneRules<DB>(db: Kysely<DB>, zone: string): Promise<ZoneRules> {
  const off = (t: string) =>
    sql`extract(epoch from (${sql.raw(t)} at time zone ${zone}) - (${sql.raw(t)} at time zone 'UTC'))::int`;
  // A step's samples, and where one differs from the sample before it (per window `k` of the coarser step).
  const changed = (from: string) =>
    sql.raw(`select k, t from (select k, t, o, lag(o) over (partition by k order by t) as p from ${from}) x
      where o <> p`);
  const { rows } = await sql<{ at: number | null; o: number }>`
    with
      weeks as (select 0 as k, t, ${off('t')} as o
        from generate_series('1900-01-01T00:00Z'::timestamptz, '2201-01-08T00:00Z', interval '7 days') t),
      wk as (${changed('weeks')}),
      days as (select w.t as k, d.t, ${off('d.t')} as o
        from wk w, generate_series(w.t - interval '7 days', w.t, interval '1 day') d(t)),
      dk as (${changed('days')}),
      hours as (select c.t as k, h.t, ${off('h.t')} as o
        from dk c, generate_series(c.t - interval '1 day', c.t, interval '1 hour') h(t)),
      hk as (${changed('hours')}),
      mins as (select c.t as k, m.t, ${off('m.t')} as o
        from hk c, generate_series(c.t - interval '1 hour', c.t, interval '1 minute') m(t)),
      mk as (${changed('mins')})
    select (extract(epoch from mk.t) * 1000)::float8 as at, mins.o from mk join mins using (k, t)
    union all
    select null, ${off("'1900-01-01T00:00Z'::timestamptz")}
    order by at nulls first`.execute(db);
  const [first, ...changes] = rows;
  return {
    initialOffsetMs: Number(first.o) * 1000,
    changes: changes.map((r) => ({ atMs: Number(r.at), offsetMs: Number(r.o) * 1000 })),
  };
}

const read = new Map<string, Promise<ZoneRules>>();

/**
 * The report zone's rules by this database, read once per database server (every database of one server, or every
 * PGlite of this process, shares its time zone data).
 */
export function databaseZoneRules(database: Database, zone = REPORT_TIME_ZONE): Promise<ZoneRules> {
  const key = `${zone} ${database.kind} ${database.url ? new URL(database.url).host : ''}`;
  let rules = read.get(key);
  if (!rules) {
    read.set(key, (rules = readZoneRules(database.db, zone)));
    rules.catch(() => read.delete(key));
  }
  return rules;
}

/** Noon UTC of every day from `yearsAround` years before `now` to as many after. */
export function sampleInstants(now: Date, yearsAround = 2): Date[] {
  const noonOf = (year: number) => Date.UTC(year, now.getUTCMonth(), now.getUTCDate(), 12);
  const start = noonOf(now.getUTCFullYear() - yearsAround);
  const days = (noonOf(now.getUTCFullYear() + yearsAround) - start) / DAY_MS;
  return Array.from({ length: days + 1 }, (_, i) => new Date(start + i * DAY_MS));
}

export interface ZoneRulesDisagreement {
  /** The first day (UTC) on which they differ. */
  day: string;
  /** Minutes east of UTC, as Node.js says and as the database says. */
  server: number;
  database: number;
}

/** The first sampled day on which the server's and the database's offsets differ, or null. */
export function firstDisagreement(
  instants: Date[],
  server: number[],
  database: number[],
): ZoneRulesDisagreement | null {
  const i = instants.findIndex((_, k) => server[k] !== database[k]);
  return i === -1 ? null : { day: instants[i].toISOString().slice(0, 10), server: server[i], database: database[i] };
}

/** Node.js's rules for `zone` against the database's, at noon UTC of every day two years either side of `now`. */
export function compareZoneRules(rules: ZoneRules, zone: string, now = new Date()): ZoneRulesDisagreement | null {
  const instants = sampleInstants(now);
  const server = instants.map((at) => runtimeOffset(at.getTime(), zone) / 60_000);
  const database = instants.map((at) => tableOffset(rules, at.getTime()) / 60_000);
  return firstDisagreement(instants, server, database);
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
    `The database and Node.js disagree about ${zone} from ${d.day} (Node.js ${utc(d.server)}, database ` +
    `${utc(d.database)}). Report days follow the database; clock times formatted by Node.js follow its own data. ` +
    'Update the time zone data of the older one (tzdata on the database server; a current Node.js LTS for this ' +
    'server).'
  );
}
