import { describe, expect, it } from 'vitest';
import { displayAmount, displayDollars } from './display';

describe('calculator display', () => {
  it('uses thousands separators, cents for money and M with one decimal for millions', () => {
    expect(displayAmount(0)).toBe('0');
    expect(displayAmount(141494.4)).toBe('141,494');
    expect(displayAmount(999_999.4)).toBe('999,999');
    expect(displayAmount(24_276_000)).toBe('24.3M');
    expect(displayDollars(0)).toBe('$0.00');
    expect(displayDollars(40460)).toBe('$40,460.00');
    expect(displayDollars(0.2)).toBe('$0.20');
    expect(displayDollars(2_275_875)).toBe('$2.3M');
  });
});
