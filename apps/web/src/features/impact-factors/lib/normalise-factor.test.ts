import { describe, expect, it } from 'vitest';
import { currentFactors, normaliseFactor } from './normalise-factor';
import { headlineFactors, mealsFor } from './headline-factors';

describe('impact factors', () => {
  it('reads rows with ids or names and numeric text', () => {
    const row = normaliseFactor({
      version: 1,
      effective_from: '2000-01-01',
      destination_id: 1,
      department_id: null,
      meals_per_kg: '1.838235294118',
      co2e_per_kg: '3.36',
      money_per_kg: '0.175',
      source_note: 'ReFED',
    });
    expect(row).toMatchObject({
      destination: 'Charity',
      department: 'All departments',
      mealsPerKg: 1.838235294118,
      co2ePerKg: 3.36,
    });
    expect(normaliseFactor({ version: 2, destination: 'Farm', department: 'Bakery' })).toMatchObject({
      destinationId: 2,
      departmentId: 1,
    });
    expect(normaliseFactor({ version: 1, destination: { id: 3, name: 'Compost' } })).toMatchObject({
      destinationId: 3,
      destination: 'Compost',
    });
  });

  it('keeps the newest version in force per destination and falls back to the built-in defaults', () => {
    const rows = [
      normaliseFactor({ version: 1, effective_from: '2000-01-01', destination_id: 1, co2e_per_kg: 3.36 }),
      normaliseFactor({ version: 2, effective_from: '2026-01-01', destination_id: 1, co2e_per_kg: 3.5 }),
      normaliseFactor({ version: 3, effective_from: '2099-01-01', destination_id: 1, co2e_per_kg: 9 }),
    ];
    expect(currentFactors(rows, '2026-11-01').map((r) => r.version)).toEqual([2]);
    const headline = headlineFactors(currentFactors(rows, '2026-11-01'));
    expect(headline.map((h) => h.co2ePerKg)).toEqual([3.5, 0.46, 0.474]);
    expect(mealsFor(100)).toBe(184);
  });
});
