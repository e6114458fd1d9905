import { DEPARTMENTS, DESTINATIONS } from '@openrescue/shared';
import { describe, expect, it } from 'vitest';
import { axisTicks, categoryTotals, hasWeight, impactTotals, seriesKey, timeSeries } from './chart-data';
import { mondayOf, periodLabel, periodStarts } from './periods';

describe('chart data', () => {
  it('totals weight per department in the fixed order and colours, zero where nothing was given', () => {
    const totals = categoryTotals(
      [
        { from_department_id: 5, weight_kg__sum: 30 },
        { from_department_id: 1, weight_kg__sum: 10 },
      ],
      'from_department_id',
      DEPARTMENTS,
    );
    expect(totals.map((t) => [t.name, t.kg, t.color])).toEqual(
      DEPARTMENTS.map((d) => [d.name, d.id === 5 ? 30 : d.id === 1 ? 10 : 0, d.color]),
    );
    expect(totals.find((t) => t.id === 5)!.share).toBe(0.75);
    expect(hasWeight(totals)).toBe(true);
    expect(hasWeight(categoryTotals([], 'destination_id', DESTINATIONS))).toBe(false);
  });

  it('spreads rows over the periods of the range from the first donation on, zero-filled', () => {
    const points = timeSeries(
      [
        { destination_id: 1, date: '2026-10-02', weight_kg__sum: 4 },
        { destination_id: 3, date: '2026-10-31', weight_kg__sum: 2 },
      ],
      'destination_id',
      DESTINATIONS,
      { from: '2026-10-01', to: '2026-10-31', granularity: 'date' },
    );
    // Oct 1 had nothing and nothing came before it: the line starts with the first donation.
    expect(points).toHaveLength(30);
    expect(points[0]).toMatchObject({ period: '2026-10-02', label: 'Oct 2', [seriesKey(1)]: 4, [seriesKey(2)]: 0 });
    expect(points[1][seriesKey(1)]).toBe(0);
    expect(points[29][seriesKey(3)]).toBe(2);
    expect(
      timeSeries([], 'destination_id', DESTINATIONS, { from: '2026-10-01', to: '2026-10-31', granularity: 'date' }),
    ).toHaveLength(31);
  });

  it('labels a week begun before the range by its first day in range; Max starts at the first data', () => {
    const weeks = timeSeries(
      [{ destination_id: 1, date: '2026-07-27', weight_kg__sum: 3 }],
      'destination_id',
      DESTINATIONS,
      { from: '2026-08-01', to: '2026-10-31', granularity: 'date-week' },
    );
    expect(weeks[0]).toMatchObject({ period: '2026-07-27', label: 'Aug 1', [seriesKey(1)]: 3 });
    expect(weeks[1].label).toBe('Aug 3');
    const months = timeSeries(
      [{ destination_id: 2, date: '2024-03-01', weight_kg__sum: 5 }],
      'destination_id',
      DESTINATIONS,
      { from: '2021-11-01', to: '2026-10-31', granularity: 'date-month' },
    );
    expect(months[0]).toMatchObject({ label: 'Mar 2024', [seriesKey(2)]: 5 });
    expect(months.at(-1)!.label).toBe('Oct 2026');
  });

  it('offers a label a week on a month of days, about six on weeks and months', () => {
    const days = timeSeries([], 'destination_id', DESTINATIONS, {
      from: '2026-10-01',
      to: '2026-10-31',
      granularity: 'date',
    });
    expect(axisTicks(days, 'date')).toEqual(['Oct 1', 'Oct 8', 'Oct 15', 'Oct 22', 'Oct 29']);
    expect(axisTicks(days.slice(0, 7), 'date')).toHaveLength(7);
    const months = timeSeries([], 'destination_id', DESTINATIONS, {
      from: '2023-11-01',
      to: '2026-10-31',
      granularity: 'date-month',
    });
    expect(axisTicks(months, 'date-month')).toEqual([
      'Nov 2023',
      'May 2024',
      'Nov 2024',
      'May 2025',
      'Nov 2025',
      'May 2026',
      'Oct 2026',
    ]);
  });

  it('buckets weeks by their Monday and months by their first day', () => {
    expect(mondayOf('2026-10-01')).toBe('2026-09-28');
    expect(periodStarts({ from: '2026-08-01', to: '2026-10-31', granularity: 'date-week' })[0]).toBe('2026-07-27');
    expect(periodStarts({ from: '2025-11-01', to: '2026-10-31', granularity: 'date-month' })).toHaveLength(12);
    expect(periodLabel('2026-10-01', 'date-month')).toBe('Oct 2026');
    expect(periodLabel('2026-10-05', 'date-week')).toBe('Oct 5');
  });

  it('adds up the card figures, leaving money out when the server did', () => {
    const rows = [
      { weight_kg__sum: 10, food_rescued_kg__sum: 10, meals_provided__sum: 18.38, co2_emissions_kg__sum: 33.6 },
      { weight_kg__sum: 5, food_rescued_kg__sum: 5, meals_provided__sum: 0, co2_emissions_kg__sum: 2.3 },
    ];
    expect(impactTotals(rows)).toEqual({ meals: 18.38, kg: 15, co2e: 35.9, money: undefined });
    expect(impactTotals([{ ...rows[0], money_saved__sum: 1.75 }]).money).toBe(1.75);
  });
});
