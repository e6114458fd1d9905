import { DEFAULT_IMPACT_FACTORS, DESTINATIONS, KG_PER_MEAL } from '@openrescue/shared';
import type { ImpactFactorRow } from './normalise-factor';

export interface HeadlineFactor {
  destinationId: number;
  destination: string;
  mealsPerKg: number;
  co2ePerKg: number;
  moneyPerKg: number;
}

/**
 * The destination-wide factor in force for each destination (the loaded current factors, else the built-in
 * version 1 defaults), for the plain-language explanation.
 */
export function headlineFactors(current: readonly ImpactFactorRow[] | undefined): HeadlineFactor[] {
  return DESTINATIONS.map((d) => {
    const loaded = current?.find((f) => f.destinationId === d.id && f.departmentId === null);
    if (loaded) {
      return {
        destinationId: d.id,
        destination: d.name,
        mealsPerKg: loaded.mealsPerKg,
        co2ePerKg: loaded.co2ePerKg,
        moneyPerKg: loaded.moneyPerKg,
      };
    }
    const fallback = DEFAULT_IMPACT_FACTORS.find((f) => f.destinationId === d.id);
    return {
      destinationId: d.id,
      destination: d.name,
      mealsPerKg: Number(fallback?.mealsPerKg ?? 0),
      co2ePerKg: Number(fallback?.co2ePerKg ?? 0),
      moneyPerKg: Number(fallback?.moneyPerKg ?? 0),
    };
  });
}

/** Meals for `kg` of food given to a charity, with the 0.544 kg meal. */
export function mealsFor(kg: number): number {
  return Math.round(kg / KG_PER_MEAL);
}
