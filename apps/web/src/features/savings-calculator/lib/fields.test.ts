import { calculateSavings } from '@openrescue/shared';
import { describe, expect, it } from 'vitest';
import { readField } from './fields';

/** The calculator's result for two typed texts, as the page computes it. */
const calculate = (stores: string, size: string) =>
  calculateSavings({ stores: readField('stores', stores).input, size: readField('size', size).input });

describe('calculator fields', () => {
  it('count a typed thousands separator as one (issue 35: 25,000 was read as 25)', () => {
    const r = calculate('1', '25,000');
    expect(r.size).toBe(25000);
    expect(r.combined.money).toBe(11379.38); // 1 x 25,000 x 2.89 / 1000 x 0.9 x 175 = 11,379.375
    expect(calculate('3', '1,000.5').size).toBe(1000.5);
    expect(calculate('1', '100,000').size).toBe(100000);
    expect(calculate(' 12 ', '20000').stores).toBe(12);
  });

  it('refuse a negative, a fraction of a store and an unreadable number with the field message; results 0', () => {
    expect(readField('stores', '-5')).toEqual({ input: '', error: 'Number of stores cannot be negative.' });
    expect(readField('stores', '2.5')).toEqual({ input: '', error: 'Number of stores must be a whole number.' });
    expect(readField('stores', '1e5').error).toMatch(/^Enter the number of stores in digits/);
    expect(readField('size', '-5')).toEqual({ input: '', error: 'Store size cannot be negative.' });
    expect(readField('size', '1.2.3').error).toMatch(/^Enter the store size as one number/);
    expect(readField('size', '1,00').error).toMatch(/^Enter the store size as one number/);
    expect(readField('size', '')).toEqual({ input: '' });
    expect(calculate('-5', '25,000').combined.money).toBe(0);
    expect(calculate('2.5', '25,000').combined.money).toBe(0);
    expect(calculate('3', '1.2.3').combined.money).toBe(0);
  });
});
