import {
  REPORT_TIME_ZONE,
  reportDay,
  runtimeOffset,
  setReportZoneRules,
  startOfReportDay,
  tableOffset,
} from '@openrescue/shared';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test-support/test-database.js';
import type { Database } from './connection.js';
import {
  compareZoneRules,
  databaseZoneRules,
  firstDisagreement,
  readZoneRules,
  sampleInstants,
  zoneRulesWarning,
} from './zone-rules.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  setReportZoneRules(await databaseZoneRules(database));
});
afterAll(async () => database?.close());

const HOUR = 3_600_000;
const SUMMER = Date.parse('2026-07-01T12:00:00Z');
const WINTER_2025 = Date.parse('2025-12-01T12:00:00Z');

/** The database's own answer: the local date of each instant, and the instant each date's local midnight is. */
async function databaseDays(instants: number[], dates: string[]) {
  const isos = instants.map((ms) => new Date(ms).toISOString());
  const days = await sql<{ d: string }>`select to_char((t at time zone ${REPORT_TIME_ZONE})::date, 'YYYY-MM-DD') as d
    from unnest(${isos}::timestamptz[]) with ordinality as u(t, n) order by n`.execute(database.db);
  const midnights = await sql<{ ms: number }>`
    select (extract(epoch from (d::timestamp at time zone ${REPORT_TIME_ZONE})) * 1000)::float8 as ms
    from unnest(${dates}::date[]) with ordinality as u(d, n) order by n`.execute(database.db);
  return { days: days.rows.map((r) => r.d), midnights: midnights.rows.map((r) => Number(r.ms)) };
}

describe("the report time zone's rules, read from the database", () => {
  it('hold every change of America/Vancouver, to the minute', async () => {
    const rules = await readZoneRules(database.db, REPORT_TIME_ZONE);
    expect(rules.initialOffsetMs).toBe(-8 * HOUR);
    const at = (iso: string) => rules.changes.find((c) => c.atMs === Date.parse(iso))?.offsetMs;
    // Every release of the rules agrees on these: 02:00 local, into and out of daylight time.
    expect(at('2025-03-09T10:00:00Z')).toBe(-7 * HOUR);
    expect(at('2025-11-02T09:00:00Z')).toBe(-8 * HOUR);
    expect(at('1918-04-14T10:00:00Z')).toBe(-7 * HOUR);
    expect([tableOffset(rules, SUMMER), tableOffset(rules, WINTER_2025)]).toEqual([-7 * HOUR, -8 * HOUR]);
    const times = rules.changes.map((c) => c.atMs);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // East of UTC and by half hours: the signs and the minutes are read alike.
    const kolkata = await readZoneRules(database.db, 'Asia/Kolkata');
    expect(tableOffset(kolkata, SUMMER)).toBe(5.5 * HOUR);
    expect(await readZoneRules(database.db, 'UTC')).toEqual({ initialOffsetMs: 0, changes: [] });
  });

  it("turn instants into days and days into instants exactly as the database does, midnights of 2026's winter too", async () => {
    // Random instants from 1900 to 2200, and the hour either side of every local midnight from October 2026 to
    // March 2027, when the releases of the rules disagree (decision 0081).
    const nearMidnights: number[] = [];
    for (let day = Date.parse('2026-10-01T00:00:00Z'); day < Date.parse('2027-03-31T00:00:00Z'); day += 24 * HOUR)
      for (const hour of [6, 6.5, 6.99, 7, 7.01, 7.5, 8, 8.01, 8.5, 9]) nearMidnights.push(day + hour * HOUR);
    const instants = [
      ...nearMidnights,
      ...fc.sample(fc.integer({ min: Date.parse('1900-01-02T00:00:00Z'), max: Date.parse('2200-12-30T00:00:00Z') }), {
        numRuns: 2_000,
        seed: 85,
      }),
    ];
    const dates = [...new Set(instants.map((ms) => new Date(ms).toISOString().slice(0, 10)))];
    const expected = await databaseDays(instants, dates);
    expect(instants.map((ms) => reportDay(ms))).toEqual(expected.days);
    expect(dates.map((d) => startOfReportDay(d).getTime())).toEqual(expected.midnights);
  });

  it('are read once per database server', async () => {
    const other = await openTestDatabase();
    try {
      expect(await databaseZoneRules(other)).toBe(await databaseZoneRules(database));
    } finally {
      await other.close();
    }
  });
});

describe("Node.js's rules against the database's, at start-up", () => {
  it('finds no disagreement for zones whose rules did not change', async () => {
    expect(compareZoneRules(await readZoneRules(database.db, 'UTC'), 'UTC')).toBeNull();
    expect(compareZoneRules(await readZoneRules(database.db, 'Asia/Tokyo'), 'Asia/Tokyo')).toBeNull();
    expect(runtimeOffset(SUMMER, 'Asia/Kolkata')).toBe(5.5 * HOUR);
  });

  it('names the first day the two differ, and which side to update', () => {
    const instants = sampleInstants(new Date('2026-11-29T08:00:00Z'));
    expect(instants[0].toISOString()).toBe('2024-11-29T12:00:00.000Z');
    expect(instants.at(-1)!.toISOString()).toBe('2028-11-29T12:00:00.000Z');
    const server = instants.map(() => -480);
    const databaseSide = instants.map((at) => (at >= new Date('2026-11-01T12:00:00Z') ? -420 : -480));
    const found = firstDisagreement(instants, server, databaseSide);
    expect(found).toEqual({ day: '2026-11-01', server: -480, database: -420 });
    expect(firstDisagreement(instants, server, server)).toBeNull();
    expect(zoneRulesWarning(REPORT_TIME_ZONE, found!)).toBe(
      'The database and Node.js disagree about America/Vancouver from 2026-11-01 (Node.js UTC-8, database UTC-7). ' +
        'Report days follow the database; clock times formatted by Node.js follow its own data. Update the time ' +
        'zone data of the older one (tzdata on the database server; a current Node.js LTS for this server).',
    );
    expect(zoneRulesWarning('Asia/Kolkata', { day: '2026-01-01', server: 330, database: 345 })).toContain(
      '(Node.js UTC+5:30, database UTC+5:45)',
    );
  });
});
