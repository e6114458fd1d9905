import { describe, expect, it } from 'vitest';
import {
  calculateSavings,
  SAVINGS_MAX_STORE_SIZE_SQFT,
  SAVINGS_MAX_STORES,
  savingsMessages,
  type SavingsResult,
} from './savings-calculator.js';

const results = (r: SavingsResult) => ({ area: r.area, farmer: r.farmer, charity: r.charity, combined: r.combined });

const ZEROS = {
  area: 0,
  farmer: { food_kg: 0, food_lb: 0, co2e_kg: 0, money: 0 },
  charity: { food_kg: 0, food_lb: 0, meals: 0, co2e_kg: 0, money: 0 },
  combined: { money: 0, meals: 0, co2e_kg: 0 },
};

describe('savings calculator: section 9 formulas, to the cent', () => {
  it('10 stores of 20,000 sqft', () => {
    // area = 10 x 20000 x 2.89 = 578,000
    const r = calculateSavings({ stores: 10, size: 20000 });
    expect(r.counted).toBe(true);
    expect(r.errors).toEqual({});
    expect(results(r)).toEqual({
      area: 578000,
      farmer: {
        food_kg: 231200, // 578000 x 0.4
        food_lb: 509709, // 231200 x 2.20462 = 509,708.144, rounded up
        co2e_kg: 106352, // 231200 x 0.46
        money: 40460, // 578 x 0.4 x 175
      },
      charity: {
        food_kg: 289000, // 578000 x 0.5
        food_lb: 637136, // 289000 x 2.20462 = 637,135.18, rounded up
        meals: 157216, // 578000 x 0.5 x 0.544
        co2e_kg: 971040, // 578000 x 0.5 x 3.36
        money: 50575, // 578 x 0.5 x 175
      },
      combined: {
        money: 91035, // 578 x 0.9 x 175
        meals: 141494.4, // 578000 x 0.9 x 0.5 x 0.544
        co2e_kg: 969652.8, // 578000 x 0.9 x (1.68 + 0.184)
      },
    });
  });

  it('3 stores of 12,345.6 sqft (typed with a thousands separator)', () => {
    // area = 3 x 12345.6 x 2.89 = 107,036.352
    const r = calculateSavings({ stores: '3', size: '12,345.6' });
    expect(r.size).toBe(12345.6);
    expect(results(r)).toEqual({
      area: 107036.35,
      farmer: { food_kg: 42814.54, food_lb: 94390, co2e_kg: 19694.69, money: 7492.54 },
      charity: { food_kg: 53518.18, food_lb: 117988, meals: 29113.89, co2e_kg: 179821.07, money: 9365.68 },
      combined: { money: 16858.23, meals: 26202.5, co2e_kg: 179564.18 },
    });
  });

  it('rounds the exact value half up, not its floating-point neighbour (1 store of 1 sqft)', () => {
    // area = 2.89; charity food = 1.445 exactly: 1.45 (Math.round(1.445 * 100) / 100 gives 1.44)
    const r = calculateSavings({ stores: 1, size: 1 });
    expect(results(r)).toEqual({
      area: 2.89,
      farmer: { food_kg: 1.16, food_lb: 3, co2e_kg: 0.53, money: 0.2 },
      charity: { food_kg: 1.45, food_lb: 4, meals: 0.79, co2e_kg: 4.86, money: 0.25 },
      combined: { money: 0.46, meals: 0.71, co2e_kg: 4.85 },
    });
  });

  it('7 stores of 2,500.75 sqft and 12 stores of 33,333.33 sqft', () => {
    expect(results(calculateSavings({ stores: 7, size: '2500.75' }))).toEqual({
      area: 50590.17,
      farmer: { food_kg: 20236.07, food_lb: 44613, co2e_kg: 9308.59, money: 3541.31 },
      charity: { food_kg: 25295.09, food_lb: 55767, meals: 13760.53, co2e_kg: 84991.49, money: 4426.64 },
      combined: { money: 7967.95, meals: 12384.47, co2e_kg: 84870.07 },
    });
    expect(results(calculateSavings({ stores: '12', size: 33333.33 }))).toEqual({
      area: 1155999.88,
      farmer: { food_kg: 462399.95, food_lb: 1019417, co2e_kg: 212703.98, money: 80919.99 },
      charity: { food_kg: 577999.94, food_lb: 1274271, meals: 314431.97, co2e_kg: 1942079.81, money: 101149.99 },
      combined: { money: 182069.98, meals: 282988.77, co2e_kg: 1939305.41 },
    });
  });

  it('applies the combined CO2e formula exactly as written: area x 0.9 x (0.5 x 3.36 + 0.4 x 0.46)', () => {
    const r = calculateSavings({ stores: 2, size: 500 }); // area 2,890
    expect(r.combined.co2e_kg).toBe(4848.26); // 2890 x 0.9 x 1.864 = 4,848.264
    // Not the sum of the two programs' CO2e (4,855.20 + 531.76), and not 0.9 x either of them.
    expect(r.combined.co2e_kg).not.toBe(r.charity.co2e_kg + r.farmer.co2e_kg);
    expect(r.combined.money).toBe(Math.round((r.farmer.money + r.charity.money) * 100) / 100);
  });
});

describe('savings calculator: limits and messages (section 5)', () => {
  it('accepts exactly 50 stores and 100,000 sqft', () => {
    expect(SAVINGS_MAX_STORES).toBe(50);
    expect(SAVINGS_MAX_STORE_SIZE_SQFT).toBe(100_000);
    const r = calculateSavings({ stores: '50', size: '100,000' });
    expect(r.errors).toEqual({});
    expect(results(r)).toEqual({
      area: 14450000,
      farmer: { food_kg: 5780000, food_lb: 12742704, co2e_kg: 2658800, money: 1011500 },
      charity: { food_kg: 7225000, food_lb: 15928380, meals: 3930400, co2e_kg: 24276000, money: 1264375 },
      combined: { money: 2275875, meals: 3537360, co2e_kg: 24241320 },
    });
  });

  it("over 50 stores: 'Number of stores cannot exceed 50.' and every result 0", () => {
    const r = calculateSavings({ stores: 51, size: 20000 });
    expect(r.errors).toEqual({ stores: 'Number of stores cannot exceed 50.' });
    expect(r.errors.stores).toBe(savingsMessages.tooManyStores);
    expect(r.stores).toBe(51);
    expect(r.counted).toBe(false);
    expect(results(r)).toEqual(ZEROS);
    expect(calculateSavings({ stores: '1,000', size: 1 }).errors.stores).toBe(savingsMessages.tooManyStores);
  });

  it("over 100,000 sqft: 'Store size cannot exceed 100,000 sqft.' and every result 0", () => {
    for (const size of ['100000.1', '100,001', 250000]) {
      const r = calculateSavings({ stores: 10, size });
      expect(r.errors, String(size)).toEqual({ size: 'Store size cannot exceed 100,000 sqft.' });
      expect(results(r)).toEqual(ZEROS);
    }
    const both = calculateSavings({ stores: 99, size: 200000 });
    expect(both.errors).toEqual({ stores: savingsMessages.tooManyStores, size: savingsMessages.storeTooLarge });
  });

  it('any 0, empty or invalid input makes every result 0, without a message', () => {
    const cases: [unknown, unknown][] = [
      [0, 20000],
      [10, 0],
      ['', '20000'],
      [10, ''],
      [null, 1000],
      [10, undefined],
      ['   ', '5'],
      ['abc', 1000],
      ['3.5', 1000],
      ['-3', 1000],
      [-3, 1000],
      [2.5, 1000],
      [Number.NaN, 1000],
      [Infinity, 1000],
      [10, '1.2.3'],
      [10, '12a'],
      [10, '-5'],
      [10, -5],
      [10, '.'],
      [10, '0.0'],
      ['0', '0'],
    ];
    for (const [stores, size] of cases) {
      const r = calculateSavings({ stores, size } as never);
      expect(results(r), `${String(stores)} / ${String(size)}`).toEqual(ZEROS);
      expect(r.errors, `${String(stores)} / ${String(size)}`).toEqual({});
      expect(r.counted).toBe(false);
    }
    expect(calculateSavings({ stores: 'abc', size: '12a' })).toMatchObject({ stores: 0, size: 0 });
  });

  it('reads digits with thousands separators and one decimal point', () => {
    expect(calculateSavings({ stores: ' 12 ', size: '1,234.5' })).toMatchObject({
      stores: 12,
      size: 1234.5,
      counted: true,
    });
    expect(calculateSavings({ stores: '7', size: '.5' })).toMatchObject({ size: 0.5, counted: true });
    expect(calculateSavings({ stores: '7', size: '80.' })).toMatchObject({ size: 80, counted: true });
  });
});
