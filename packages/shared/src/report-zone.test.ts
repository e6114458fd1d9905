import { afterEach, describe, expect, it } from 'vitest';
import { reportDay, startOfReportDay } from './report-day.js';
import { reportWallClock, runtimeOffset, setReportZoneRules, tableOffset, type ZoneRules } from './report-zone.js';

const HOUR = 3_600_000;
/** Vancouver as a release of the rules that keeps UTC-7 after March 2026 would have it (from 2024 on). */
const PERMANENT_DAYLIGHT: ZoneRules = {
  initialOffsetMs: -8 * HOUR,
  changes: [
    { atMs: Date.parse('2024-03-10T10:00:00Z'), offsetMs: -7 * HOUR },
    { atMs: Date.parse('2024-11-03T09:00:00Z'), offsetMs: -8 * HOUR },
    { atMs: Date.parse('2025-03-09T10:00:00Z'), offsetMs: -7 * HOUR },
    { atMs: Date.parse('2025-11-02T09:00:00Z'), offsetMs: -8 * HOUR },
    { atMs: Date.parse('2026-03-08T10:00:00Z'), offsetMs: -7 * HOUR },
  ],
};
/** The same, with the return to UTC-8 on 2026-11-01 that older releases keep. */
const FALL_BACK: ZoneRules = {
  ...PERMANENT_DAYLIGHT,
  changes: [...PERMANENT_DAYLIGHT.changes, { atMs: Date.parse('2026-11-01T09:00:00Z'), offsetMs: -8 * HOUR }],
};

afterEach(() => setReportZoneRules(null));

describe('the report time zone by a table of its rules', () => {
  it('finds the offset in force at each moment, the change itself included', () => {
    expect(tableOffset(PERMANENT_DAYLIGHT, Date.parse('2000-01-01T00:00:00Z'))).toBe(-8 * HOUR);
    expect(tableOffset(PERMANENT_DAYLIGHT, Date.parse('2025-03-09T09:59:59.999Z'))).toBe(-8 * HOUR);
    expect(tableOffset(PERMANENT_DAYLIGHT, Date.parse('2025-03-09T10:00:00Z'))).toBe(-7 * HOUR);
    expect(tableOffset(PERMANENT_DAYLIGHT, Date.parse('2030-01-01T00:00:00Z'))).toBe(-7 * HOUR);
    expect(tableOffset(FALL_BACK, Date.parse('2030-01-01T00:00:00Z'))).toBe(-8 * HOUR);
    expect(tableOffset({ initialOffsetMs: 0, changes: [] }, 0)).toBe(0);
  });

  it('decides the day of an instant and the instant a day starts by the installed table', () => {
    const halfPastMidnight = Date.parse('2026-12-01T07:30:00Z');
    setReportZoneRules(PERMANENT_DAYLIGHT);
    expect(reportDay(halfPastMidnight)).toBe('2026-12-01');
    expect(startOfReportDay('2026-12-01').toISOString()).toBe('2026-12-01T07:00:00.000Z');
    expect(reportWallClock(halfPastMidnight).toISOString()).toBe('2026-12-01T00:30:00.000Z');
    setReportZoneRules(FALL_BACK);
    expect(reportDay(halfPastMidnight)).toBe('2026-11-30');
    expect(startOfReportDay('2026-12-01').toISOString()).toBe('2026-12-01T08:00:00.000Z');
    // The night clocks go back: midnight is before the change at 02:00, so the day starts at UTC-7.
    expect(startOfReportDay('2026-11-01').toISOString()).toBe('2026-11-01T07:00:00.000Z');
    expect(startOfReportDay('2026-11-02').toISOString()).toBe('2026-11-02T08:00:00.000Z');
  });

  it('without a table, answers by the runtime as every release agrees before November 2026', () => {
    for (const iso of [
      '2025-07-01T06:59:59Z',
      '2025-07-01T07:00:00Z',
      '2025-12-01T08:00:00Z',
      '2026-03-08T10:00:00Z',
    ]) {
      const ms = Date.parse(iso);
      setReportZoneRules(null);
      const runtime = [reportDay(ms), runtimeOffset(ms)];
      setReportZoneRules(FALL_BACK);
      expect([reportDay(ms), tableOffset(FALL_BACK, ms)]).toEqual(runtime);
    }
    setReportZoneRules(null);
    expect(startOfReportDay('2025-07-01').toISOString()).toBe('2025-07-01T07:00:00.000Z');
    expect(reportDay(Date.parse('2025-07-01T06:59:59Z'))).toBe('2025-06-30');
  });
});
