import { describe, expect, it } from 'vitest';
import {
  DEFAULT_IMPACT_FACTORS,
  KG_PER_MEAL,
  computeImpact,
  computeImpactFromGrams,
  pickImpactFactor,
  prepareFactor,
  type ImpactFactor,
} from '@openrescue/shared';

const [charity, farm, compost] = DEFAULT_IMPACT_FACTORS;

describe('computeImpact', () => {
  it('gives one meal per 0.544 kg donated to a charity, and none to farms or composters', () => {
    expect(computeImpact(KG_PER_MEAL, charity).meals_provided).toBe(1);
    expect(computeImpact(1000, charity).meals_provided).toBe(1838.24);
    expect(computeImpact(1000, farm).meals_provided).toBe(0);
    expect(computeImpact(1000, compost).meals_provided).toBe(0);
  });

  it('uses the CO2e and money factors per kg, to the gram and the cent', () => {
    expect(computeImpact(12.345, charity)).toEqual({
      meals_provided: 22.69,
      food_rescued_kg: 12.345,
      co2_emissions_kg: 41.479,
      money_saved: 2.16,
    });
    expect(computeImpact(10, compost).co2_emissions_kg).toBe(4.74);
    expect(computeImpact(10, farm).co2_emissions_kg).toBe(4.6);
  });

  it('rounds exact halves away from zero like PostgreSQL numeric round()', () => {
    // 0.025 kg x 0.46 = 0.0115 kg CO2e; 0.2 kg x 0.175 = 0.035 dollars: binary floating point gets these wrong.
    expect(computeImpact(0.025, farm).co2_emissions_kg).toBe(0.012);
    expect(computeImpact(0.2, charity).money_saved).toBe(0.04);
    expect(computeImpactFromGrams(1_000_000_000, prepareFactor(charity)).meals_provided).toBe(1838235.29);
  });

  it('refuses weights it cannot represent exactly', () => {
    expect(() => computeImpact(1.2345, charity)).toThrow(/3 decimals/);
    expect(() => computeImpactFromGrams(-5, prepareFactor(charity))).toThrow();
    expect(() => computeImpactFromGrams(1.5, prepareFactor(charity))).toThrow();
  });
});

describe('pickImpactFactor', () => {
  const factors: ImpactFactor[] = [
    ...DEFAULT_IMPACT_FACTORS,
    { ...charity, version: 2, effectiveFrom: '2026-01-01', moneyPerKg: '0.2' },
    { ...charity, version: 2, departmentId: 4, effectiveFrom: '2026-01-01', moneyPerKg: '0.9' },
  ];

  it('takes the newest version in effect on the day', () => {
    expect(pickImpactFactor(factors, 1, 5, '2025-12-31')?.version).toBe(1);
    expect(pickImpactFactor(factors, 1, 5, '2026-01-01')?.moneyPerKg).toBe('0.2');
  });

  it('prefers a department-specific factor of the same version', () => {
    expect(pickImpactFactor(factors, 1, 4, '2026-03-01')?.moneyPerKg).toBe('0.9');
    expect(pickImpactFactor(factors, 2, 4, '2026-03-01')).toBe(farm);
  });

  it('finds nothing before the first effective date', () => {
    expect(pickImpactFactor(factors, 1, 1, '1999-12-31')).toBeUndefined();
  });
});
