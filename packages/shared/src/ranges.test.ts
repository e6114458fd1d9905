import { describe, expect, it } from 'vitest';
import { formatCompact, formatMoney, formatNumber, formatPercent } from './format.js';
import {
  impactPanelPeriods,
  comparisonBounds,
  customRangeProblem,
  defaultMonth,
  granularityFor,
  lastDayOfMonth,
  monthChoices,
  rangeBounds,
  RANGE_OPTIONS,
} from './ranges.js';
import { rangeText } from './day-text.js';

describe('ranges', () => {
  it('defaults to the first day of the previous month', () => {
    expect(defaultMonth('2026-11-21')).toBe('2026-10-01');
    expect(defaultMonth('2026-01-05')).toBe('2025-12-01');
  });

  it('end at the end of the chosen month, with the granularities of DESIGN.md', () => {
    expect(rangeBounds('1m', '2026-10-01')).toEqual({ from: '2026-10-01', to: '2026-10-31', granularity: 'date' });
    expect(rangeBounds('7d', '2026-02-01')).toEqual({ from: '2026-02-22', to: '2026-02-28', granularity: 'date' });
    expect(rangeBounds('2w', '2024-02-01')).toEqual({ from: '2024-02-16', to: '2024-02-29', granularity: 'date' });
    expect(rangeBounds('3m', '2026-01-01')).toEqual({ from: '2025-11-01', to: '2026-01-31', granularity: 'date-week' });
    expect(rangeBounds('6m', '2026-10-01').granularity).toBe('date-week');
    expect(rangeBounds('1y', '2026-10-01')).toEqual({
      from: '2025-11-01',
      to: '2026-10-31',
      granularity: 'date-month',
    });
    expect(rangeBounds('3y', '2026-10-01').from).toBe('2023-11-01');
    expect(rangeBounds('max', '2026-10-01')).toEqual({
      from: '2021-11-01',
      to: '2026-10-31',
      granularity: 'date-month',
    });
  });

  it('lists the ranges of section 9 in order, Max being 60 months', () => {
    expect(RANGE_OPTIONS.map((r) => r.label)).toEqual([
      '7 days',
      '2 weeks',
      '1 month',
      '3 months',
      '6 months',
      '1 year',
      '3 years',
      'Max',
      'Year to date',
      'Last calendar year',
      'Custom',
    ]);
    expect(RANGE_OPTIONS.find((r) => r.key === 'max')!.months).toBe(60);
  });

  it('reads the presets from today and a custom range by its length (decision 0073)', () => {
    expect(rangeBounds('ytd', '2026-10-01', undefined, '2026-11-29')).toEqual({
      from: '2026-01-01',
      to: '2026-11-29',
      granularity: 'date-month',
    });
    expect(rangeBounds('last-year', '2026-10-01', undefined, '2026-01-05')).toEqual({
      from: '2025-01-01',
      to: '2025-12-31',
      granularity: 'date-month',
    });
    expect(rangeBounds('custom', '2026-10-01', { from: '2025-12-20', to: '2026-01-10' }).granularity).toBe('date');
    expect(granularityFor('2025-01-01', '2025-05-31')).toBe('date-week');
    expect(customRangeProblem('2021-01-01', '2025-12-31')).toBeNull();
    expect(customRangeProblem('2021-01-01', '2026-01-01')).toMatch(/at most 5 years/);
    expect(customRangeProblem('2026-02-01', '2026-01-01')).toMatch(/after the end/);
    expect(customRangeProblem('2026-02-30', '2026-03-01')).toMatch(/start and an end/);
  });

  it('compares whole months with whole months, other ranges with as many days (decision 0072)', () => {
    expect(comparisonBounds('2026-10-01', '2026-10-31')).toEqual({
      previous: { from: '2026-09-01', to: '2026-09-30' },
      yearAgo: { from: '2025-10-01', to: '2025-10-31' },
    });
    expect(comparisonBounds('2024-02-01', '2024-02-29').yearAgo).toEqual({ from: '2023-02-01', to: '2023-02-28' });
    expect(comparisonBounds('2025-12-20', '2026-01-10')).toEqual({
      previous: { from: '2025-11-28', to: '2025-12-19' },
      yearAgo: { from: '2024-12-20', to: '2025-01-10' },
    });
  });

  it('offers the last 12 months, newest first', () => {
    const months = monthChoices('2026-10-01');
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2026-10-01');
    expect(months[11]).toBe('2025-11-01');
    expect(lastDayOfMonth('2028-02-01')).toBe('2028-02-29');
  });

  it('writes the header date-range text', () => {
    expect(rangeText(rangeBounds('1m', '2026-10-01'))).toBe('Oct 1, 2026 – Oct 31, 2026');
  });
});

describe('impactPanelPeriods (decision 0078)', () => {
  it('compares the year to date with the same dates a year earlier, the last 12 months with the 12 before', () => {
    expect(impactPanelPeriods('2026-11-29')).toEqual({
      yearToDate: {
        current: { from: '2026-01-01', to: '2026-11-28' },
        yearAgo: { from: '2025-01-01', to: '2025-11-28' },
      },
      last12Months: {
        current: { from: '2025-11-01', to: '2026-10-31' },
        previous: { from: '2024-11-01', to: '2025-10-31' },
      },
    });
  });

  it('on January 1 the year to date is the year just ended; Feb 29 becomes Feb 28 a year earlier', () => {
    expect(impactPanelPeriods('2027-01-01').yearToDate).toEqual({
      current: { from: '2026-01-01', to: '2026-12-31' },
      yearAgo: { from: '2025-01-01', to: '2025-12-31' },
    });
    expect(impactPanelPeriods('2028-03-01').yearToDate.yearAgo).toEqual({ from: '2027-01-01', to: '2027-02-28' });
  });
});

describe('number display', () => {
  it('uses thousands separators, and M with one decimal for millions', () => {
    expect(formatNumber(1234.4)).toBe('1,234');
    expect(formatCompact(999_999)).toBe('999,999');
    expect(formatCompact(1_250_000)).toBe('1.3M');
    expect(formatCompact(12_340_000)).toBe('12.3M');
    expect(formatMoney(2500.4)).toBe('$2,500');
    expect(formatMoney(3_460_000)).toBe('$3.5M');
    expect(formatPercent(0.456)).toBe('46%');
  });
});

describe('times', () => {
  it('shows instants in America/Vancouver', async () => {
    const { formatDateTime } = await import('./format.js');
    expect(formatDateTime('2026-11-16T02:00:00Z')).toBe('Nov 15, 2026, 6:00 PM');
    expect(formatDateTime('2026-07-01T19:30:00Z')).toBe('Jul 1, 2026, 12:30 PM');
  });
});
