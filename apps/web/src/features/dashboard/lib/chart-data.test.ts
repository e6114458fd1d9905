import { DEPARTMENTS, DESTINATIONS } from '@openrescue/shared';
import { describe, expect, it } from 'vitest';
import { categoryTotals, hasWeight, impactTotals, seriesKey, timeSeries } from './chart-data';
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
    expect(totals.map((t) => [t.name, t.kg, t.color])).toEqual(DEPARTMENTS.map((d) => [d.name, d.id === 5 ? 30 : d.id === 1 ? 10 : 0, d.color]));
    expect(totals.find((t) => t.id === 5)!.share).toBe(0.75);
    expect(hasWeight(totals)).toBe(true);
    expect(hasWeight(categoryTotals([], 'destination_id', DESTINATIONS))).toBe(false);
  });

  it('spreads rows over every period of the range, zero-filled', () => {
    const points = timeSeries(
      [
        { destination_id: 1, date: '2026-10-02', weight_kg__sum: 4 },
        { destination_id: 3, date: '2026-10-31', weight_kg__sum: 2 },
      ],
      'destination_id',
      DESTINATIONS,
      { from: '2026-10-01', to: '2026-10-31', granularity: 'date' },
    );
    expect(points).toHaveLength(31);
    expect(points[1]).toMatchObject({ period: '2026-10-02', label: 'Oct 2', [seriesKey(1)]: 4, [seriesKey(2)]: 0 });
    expect(points[30][seriesKey(3)]).toBe(2);
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
