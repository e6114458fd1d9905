import { afterEach, describe, expect, it } from 'vitest';
import { REPORT_TIME_ZONE } from './constants.js';
import { countOf, formatDate, formatDateTime, isTimeZone, networkTimeZone, setNetworkTimeZone } from './format.js';
import { regionName } from './network.js';
import { shiftReportDay, startOfReportDay } from './report-day.js';

describe('dates and times in the network time zone (decision 0064)', () => {
  afterEach(() => setNetworkTimeZone(REPORT_TIME_ZONE));

  it('reads an instant in America/Vancouver by default, whatever the process zone', () => {
    // 05:30 UTC on Nov 16 is still Nov 15 in Vancouver (and already the afternoon of Nov 16 in Tokyo). Dates are in
    // 2025: British Columbia's time from 2026 on depends on the time zone data of the runtime.
    expect(formatDateTime('2025-11-16T05:30:00.000Z')).toBe('Nov 15, 2025, 9:30 PM');
    expect(formatDateTime('2025-11-16T05:30:00.000Z', { zone: true })).toBe('Nov 15, 2025, 9:30 PM PST');
    expect(formatDate('2025-11-16T05:30:00.000Z')).toBe('Nov 15, 2025');
    expect(formatDateTime('2025-07-01T19:00:00.000Z', { zone: true })).toBe('Jul 1, 2025, 12:00 PM PDT');
  });

  it('follows the configured zone, and ignores one it does not know', () => {
    setNetworkTimeZone('America/Toronto');
    expect(networkTimeZone()).toBe('America/Toronto');
    expect(formatDateTime('2025-11-16T05:30:00.000Z')).toBe('Nov 16, 2025, 12:30 AM');
    setNetworkTimeZone('Mars/Olympus_Mons');
    expect(networkTimeZone()).toBe('America/Toronto');
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('Asia/Tokyo')).toBe(true);
  });

  it('gives text that is not a time back as it is', () => {
    expect(formatDateTime('not a time')).toBe('not a time');
  });
});

describe('countOf', () => {
  it('says one thing in the singular and any other count in the plural, with separators', () => {
    expect(countOf(1, 'file', 'files')).toBe('1 file');
    expect(countOf(0, 'file', 'files')).toBe('0 files');
    expect(countOf(12_345, 'entry', 'entries')).toBe('12,345 entries');
  });
});

describe('regionName', () => {
  it('names the section 2.11 regions and leaves other text alone', () => {
    expect(regionName('rdno')).toBe('North Okanagan');
    expect(regionName('FVRD')).toBe('Fraser Valley');
    expect(regionName('BC')).toBe('BC');
  });
});

describe('startOfReportDay', () => {
  it('is midnight in America/Vancouver, in winter and in summer', () => {
    expect(startOfReportDay('2025-11-16').toISOString()).toBe('2025-11-16T08:00:00.000Z');
    expect(startOfReportDay('2025-07-01').toISOString()).toBe('2025-07-01T07:00:00.000Z');
    // The day clocks go forward (Mar 9, 2025) still starts at midnight PST.
    expect(startOfReportDay('2025-03-09').toISOString()).toBe('2025-03-09T08:00:00.000Z');
    expect(startOfReportDay('2025-03-10').toISOString()).toBe('2025-03-10T07:00:00.000Z');
    expect(shiftReportDay('2026-03-01', -1)).toBe('2026-02-28');
  });
});
