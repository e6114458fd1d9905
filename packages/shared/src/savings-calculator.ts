/**
 * The savings calculator (spec 2.14, 5 "Savings calculator", 9 "Savings calculator"; DESIGN.md "Savings
 * calculator"). Pure: the page and the tests call the same function.
 *
 * area = stores x size x 2.89
 * - Farmer program: food = area x 0.4 kg; CO2e = food x 0.46; money = area / 1000 x 0.4 x 175
 * - Charity program: food = area x 0.5; money = area / 1000 x 0.5 x 175; meals = area x 0.5 x 0.544;
 *   CO2e = area x 0.5 x 3.36 (DESIGN.md section 6: the charity term of the combined formula)
 * - Combined (0.9 share): money = area / 1000 x 0.9 x 175; meals = area x 0.9 x 0.5 x 0.544;
 *   CO2e = area x 0.9 x (0.5 x 3.36 + 0.4 x 0.46), applied exactly as written
 *
 * The arithmetic is exact (decimal fractions as big integers over a power of ten), so every result is the exact
 * value rounded half up to the cent, never a binary floating-point neighbour of it (1.445 gives 1.45, not 1.44).
 * Pounds follow each food weight (kg x 2.20462, rounded up; DESIGN.md "Units").
 */

export const SAVINGS_MAX_STORES = 50;
export const SAVINGS_MAX_STORE_SIZE_SQFT = 100_000;

export const savingsMessages = {
  tooManyStores: `Number of stores cannot exceed ${SAVINGS_MAX_STORES}.`,
  storeTooLarge: 'Store size cannot exceed 100,000 sqft.',
} as const;

/** An exact decimal: value = n / 10^scale. */
interface Decimal {
  n: bigint;
  scale: number;
}

const TEN = BigInt(10);
const ZERO: Decimal = { n: BigInt(0), scale: 0 };

function dec(text: string): Decimal {
  const [whole, fraction = ''] = text.split('.');
  return { n: BigInt(`${whole || '0'}${fraction}`), scale: fraction.length };
}

const mul = (...factors: Decimal[]): Decimal =>
  factors.reduce((a, b) => ({ n: a.n * b.n, scale: a.scale + b.scale }), { n: BigInt(1), scale: 0 });
const add = (a: Decimal, b: Decimal): Decimal => {
  const scale = Math.max(a.scale, b.scale);
  return { n: a.n * TEN ** BigInt(scale - a.scale) + b.n * TEN ** BigInt(scale - b.scale), scale };
};

/** Rounded half up to `digits` decimals (values here are never negative), as a number. */
function round(value: Decimal, digits: number): number {
  if (value.scale <= digits) return Number(value.n * TEN ** BigInt(digits - value.scale)) / 10 ** digits;
  const unit = TEN ** BigInt(value.scale - digits);
  let q = value.n / unit;
  if ((value.n % unit) * BigInt(2) >= unit) q += BigInt(1);
  return Number(q) / 10 ** digits;
}

/** Rounded up to a whole number. */
function ceil(value: Decimal): number {
  const unit = TEN ** BigInt(value.scale);
  return Number(value.n / unit + (value.n % unit === BigInt(0) ? BigInt(0) : BigInt(1)));
}

const AREA_FACTOR = dec('2.89');
const FARMER_SHARE = dec('0.4');
const CHARITY_SHARE = dec('0.5');
const COMBINED_SHARE = dec('0.9');
const FARMER_CO2E = dec('0.46');
const CHARITY_CO2E = dec('3.36');
const MEAL_KG = dec('0.544');
const MONEY_PER_TONNE = dec('175');
const PER_THOUSAND = dec('0.001');
const KG_TO_LB = dec('2.20462');

export type SavingsValue = string | number | null | undefined;

export interface SavingsInput {
  /** Number of stores: digits only (thousands separators allowed), an integer. */
  stores: SavingsValue;
  /** Store size in sqft: digits and one decimal point (thousands separators allowed). */
  size: SavingsValue;
}

export interface FarmerSavings {
  food_kg: number;
  food_lb: number;
  co2e_kg: number;
  money: number;
}

export interface CharitySavings extends FarmerSavings {
  meals: number;
}

export interface CombinedSavings {
  money: number;
  meals: number;
  co2e_kg: number;
}

export interface SavingsResult {
  /** The number of stores read from the input (0 when empty or invalid). */
  stores: number;
  /** The store size read from the input (0 when empty or invalid). */
  size: number;
  /** The limit messages of section 5, per input. */
  errors: { stores?: string; size?: string };
  /** True when both inputs are above 0 and within their limits, so the results are not all 0. */
  counted: boolean;
  area: number;
  farmer: FarmerSavings;
  charity: CharitySavings;
  combined: CombinedSavings;
}

/** The input as text without thousands separators, or null when empty. */
function text(value: SavingsValue): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return 'invalid';
    return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
  }
  const trimmed = value.trim().replace(/,/g, '');
  return trimmed === '' ? null : trimmed;
}

function read(value: SavingsValue, pattern: RegExp): Decimal | null {
  const t = text(value);
  return t !== null && pattern.test(t) ? dec(t) : null;
}

const STORES_PATTERN = /^\d+$/;
const SIZE_PATTERN = /^(\d+\.?\d*|\.\d+)$/;

/** Every result of the calculator for these inputs (all 0 when either input is 0, invalid or over its limit). */
export function calculateSavings(input: SavingsInput): SavingsResult {
  const stores = read(input.stores, STORES_PATTERN) ?? ZERO;
  const size = read(input.size, SIZE_PATTERN) ?? ZERO;
  const storesNumber = round(stores, 0);
  const sizeNumber = round(size, size.scale);
  const errors: SavingsResult['errors'] = {};
  if (storesNumber > SAVINGS_MAX_STORES) errors.stores = savingsMessages.tooManyStores;
  if (sizeNumber > SAVINGS_MAX_STORE_SIZE_SQFT) errors.size = savingsMessages.storeTooLarge;
  const counted = storesNumber > 0 && sizeNumber > 0 && !errors.stores && !errors.size;

  const area = counted ? mul(stores, size, AREA_FACTOR) : ZERO;
  const money = (share: Decimal) => round(mul(area, PER_THOUSAND, share, MONEY_PER_TONNE), 2);
  const farmerFood = mul(area, FARMER_SHARE);
  const charityFood = mul(area, CHARITY_SHARE);

  return {
    stores: storesNumber,
    size: sizeNumber,
    errors,
    counted,
    area: round(area, 2),
    farmer: {
      food_kg: round(farmerFood, 2),
      food_lb: ceil(mul(farmerFood, KG_TO_LB)),
      co2e_kg: round(mul(farmerFood, FARMER_CO2E), 2),
      money: money(FARMER_SHARE),
    },
    charity: {
      food_kg: round(charityFood, 2),
      food_lb: ceil(mul(charityFood, KG_TO_LB)),
      meals: round(mul(area, CHARITY_SHARE, MEAL_KG), 2),
      co2e_kg: round(mul(area, CHARITY_SHARE, CHARITY_CO2E), 2),
      money: money(CHARITY_SHARE),
    },
    combined: {
      money: money(COMBINED_SHARE),
      meals: round(mul(area, COMBINED_SHARE, CHARITY_SHARE, MEAL_KG), 2),
      co2e_kg: round(
        mul(area, COMBINED_SHARE, add(mul(CHARITY_SHARE, CHARITY_CO2E), mul(FARMER_SHARE, FARMER_CO2E))),
        2,
      ),
    },
  };
}
