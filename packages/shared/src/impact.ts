/**
 * Impact metrics of one donation (DESIGN section 4 "Impact metrics"), computed from a row of the impact_factor
 * table. Arithmetic is exact decimal, rounded half away from zero like PostgreSQL's numeric round(), so a value
 * computed here equals round(weight_kg * factor, scale) in SQL: grams for kg, cents for money, 1/100 meal.
 */

/** 1 meal = 1.2 lb = 0.544 kg (Feeding America / ReFED convention). */
export const KG_PER_MEAL = 0.544;

export interface ImpactFactor {
  version: number;
  destinationId: number;
  /** null: applies to every department of the destination. */
  departmentId: number | null;
  mealsPerKg: number | string;
  co2ePerKg: number | string;
  moneyPerKg: number | string;
  /** ISO date (yyyy-mm-dd) from which this version applies. */
  effectiveFrom: string;
}

export interface ImpactMetrics {
  meals_provided: number;
  food_rescued_kg: number;
  co2_emissions_kg: number;
  money_saved: number;
}

/** Version 1 defaults, as seeded by migration 002 (meals for Charity only; CO2e per section 9 and EPA WARM). */
const v1 = (destinationId: number, mealsPerKg: string, co2ePerKg: string): ImpactFactor => ({
  version: 1,
  destinationId,
  departmentId: null,
  mealsPerKg,
  co2ePerKg,
  moneyPerKg: '0.175',
  effectiveFrom: '2000-01-01',
});
export const DEFAULT_IMPACT_FACTORS: readonly ImpactFactor[] = [
  v1(1, '1.838235294118', '3.36'),
  v1(2, '0', '0.46'),
  v1(3, '0', '0.474'),
];

interface Decimal {
  units: bigint;
  scale: number;
}

const POW10: bigint[] = Array.from({ length: 40 }, (_, i) => 10n ** BigInt(i));

function toDecimal(value: number | string): Decimal {
  const text = typeof value === 'number' ? numberToPlain(value) : value.trim();
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && !match[3])) throw new Error(`Not a decimal number: ${value}`);
  const fraction = match[3] ?? '';
  const units = BigInt(`${match[2] || '0'}${fraction}`);
  return { units: match[1] ? -units : units, scale: fraction.length };
}

function numberToPlain(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`Not a finite number: ${n}`);
  const s = String(n);
  return /e/i.test(s) ? n.toFixed(20).replace(/0+$/, '') : s;
}

/** a x b rounded to `scale` decimals, half away from zero, as a JS number. */
function multiplyRound(a: Decimal, b: Decimal, scale: number): number {
  const product = a.units * b.units;
  const productScale = a.scale + b.scale;
  let rounded: bigint;
  if (productScale <= scale) {
    rounded = product * POW10[scale - productScale];
  } else {
    const divisor = POW10[productScale - scale];
    const half = divisor / 2n;
    rounded = product >= 0n ? (product + half) / divisor : -((-product + half) / divisor);
  }
  return Number(rounded) / 10 ** scale;
}

/** Weight in kg, rounded to the gram (numeric(10,3)). */
export function roundKg(weightKg: number): number {
  return multiplyRound(toDecimal(weightKg), { units: 1n, scale: 0 }, 3);
}

/** A factor prepared once for many donations (the demo generator computes a million rows with one). */
export interface PreparedFactor {
  factor: ImpactFactor;
  meals: Decimal;
  co2e: Decimal;
  money: Decimal;
}

export function prepareFactor(factor: ImpactFactor): PreparedFactor {
  return {
    factor,
    meals: toDecimal(factor.mealsPerKg),
    co2e: toDecimal(factor.co2ePerKg),
    money: toDecimal(factor.moneyPerKg),
  };
}

/** Metrics for a weight given in whole grams (exact). */
export function computeImpactFromGrams(grams: number, prepared: PreparedFactor): ImpactMetrics {
  if (!Number.isSafeInteger(grams) || grams < 0) {
    throw new Error(`Weight must be a whole, non-negative number of grams: ${grams}`);
  }
  const weight: Decimal = { units: BigInt(grams), scale: 3 };
  return {
    meals_provided: multiplyRound(weight, prepared.meals, 2),
    food_rescued_kg: grams / 1000,
    co2_emissions_kg: multiplyRound(weight, prepared.co2e, 3),
    money_saved: multiplyRound(weight, prepared.money, 2),
  };
}

/** Metrics of one donation: meals = kg x meals_per_kg, CO2e = kg x co2e_per_kg, money = kg x money_per_kg. */
export function computeImpact(weightKg: number, factor: ImpactFactor | PreparedFactor): ImpactMetrics {
  const prepared = 'meals' in factor ? factor : prepareFactor(factor);
  const w = toDecimal(weightKg);
  const scaled = w.scale <= 3 ? w.units * POW10[3 - w.scale] : w.units / POW10[w.scale - 3];
  if (w.scale > 3 && scaled * POW10[w.scale - 3] !== w.units) {
    throw new Error(`Weight has more than 3 decimals: ${weightKg}`);
  }
  return computeImpactFromGrams(Number(scaled), prepared);
}

/**
 * The factor for a donation: the highest version effective on `date` (yyyy-mm-dd) for the destination,
 * preferring a department-specific row over the destination-wide one. Undefined when none applies.
 */
export function pickImpactFactor<F extends ImpactFactor>(
  factors: readonly F[],
  destinationId: number,
  departmentId: number,
  date: string,
): F | undefined {
  let best: F | undefined;
  for (const f of factors) {
    if (f.destinationId !== destinationId || f.effectiveFrom > date) continue;
    if (f.departmentId !== null && f.departmentId !== departmentId) continue;
    if (
      !best ||
      f.version > best.version ||
      (f.version === best.version && best.departmentId === null && f.departmentId !== null)
    ) {
      best = f;
    }
  }
  return best;
}
