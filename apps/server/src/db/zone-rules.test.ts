import { REPORT_TIME_ZONE } from '@openrescue/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test-support/test-database.js';
import type { Database } from './connection.js';
import {
  compareZoneRules,
  databaseOffsets,
  firstDisagreement,
  sampleInstants,
  serverOffset,
  zoneRulesWarning,
} from './zone-rules.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

const SUMMER = new Date('2026-07-01T12:00:00Z');
const WINTER_2025 = new Date('2025-12-01T12:00:00Z');

describe("the report time zone's rules, in this server and in the database", () => {
  it('reads the same offsets on both sides where every release of the rules agrees', async () => {
    expect([serverOffset(REPORT_TIME_ZONE, SUMMER), serverOffset(REPORT_TIME_ZONE, WINTER_2025)]).toEqual([-420, -480]);
    expect(await databaseOffsets(database.db, REPORT_TIME_ZONE, [SUMMER, WINTER_2025])).toEqual([-420, -480]);
    // East of UTC and by half hours: the signs and the minutes are read alike.
    expect(serverOffset('Asia/Kolkata', SUMMER)).toBe(330);
    expect(await databaseOffsets(database.db, 'Asia/Kolkata', [SUMMER])).toEqual([330]);
    expect(serverOffset('UTC', SUMMER)).toBe(0);
  });

  it('finds no disagreement for zones whose rules did not change', async () => {
    expect(await compareZoneRules(database.db, 'UTC')).toBeNull();
    expect(await compareZoneRules(database.db, 'Asia/Tokyo')).toBeNull();
  });

  it('names the first day the two differ, and which side to update', () => {
    const instants = sampleInstants(new Date('2026-11-29T08:00:00Z'));
    expect(instants[0].toISOString()).toBe('2024-11-29T12:00:00.000Z');
    expect(instants.at(-1)!.toISOString()).toBe('2028-11-29T12:00:00.000Z');
    const server = instants.map(() => -480);
    const database = instants.map((at) => (at >= new Date('2026-11-01T12:00:00Z') ? -420 : -480));
    const found = firstDisagreement(instants, server, database);
    expect(found).toEqual({ day: '2026-11-01', server: -480, database: -420 });
    expect(firstDisagreement(instants, server, server)).toBeNull();
    expect(zoneRulesWarning(REPORT_TIME_ZONE, found!)).toBe(
      'The database and this server disagree about America/Vancouver from 2026-11-01 (server UTC-8, database UTC-7): ' +
        'donations near midnight would count on different days. Update the time zone data of the older one (tzdata ' +
        'on the database server; a current Node.js LTS for this server).',
    );
    expect(zoneRulesWarning('Asia/Kolkata', { day: '2026-01-01', server: 330, database: 345 })).toContain(
      '(server UTC+5:30, database UTC+5:45)',
    );
  });
});
