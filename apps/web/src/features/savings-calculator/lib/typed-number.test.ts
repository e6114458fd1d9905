import { describe, expect, it } from 'vitest';
import { formatTyped, readTypedNumber } from './typed-number';

const value = (typed: string, whole = false) => {
  const read = readTypedNumber(typed, { whole });
  return read.kind === 'number' ? read.value : read.kind;
};

describe('typed numbers (en-CA / en-US separators)', () => {
  it('reads digits with thousands separators and one decimal point', () => {
    expect(value('25,000')).toBe(25000);
    expect(value('25000')).toBe(25000);
    expect(value('100,000')).toBe(100000);
    expect(value('1,000.5')).toBe(1000.5);
    expect(value('1,234,567.89')).toBe(1234567.89);
    expect(value('12345.67')).toBe(12345.67);
    expect(value('.5')).toBe(0.5);
    expect(value('12.')).toBe(12);
    expect(value(' 12 ')).toBe(12);
    expect(value('0')).toBe(0);
    expect(readTypedNumber('1,000.50')).toEqual({ kind: 'number', value: 1000.5, canonical: '1000.50' });
  });

  it('reads full-width digits and separators as typed with an East Asian input method', () => {
    expect(value('２５，０００')).toBe(25000);
    expect(value('１２．５')).toBe(12.5);
  });

  it('is empty for an empty or blank field', () => {
    expect(value('')).toBe('empty');
    expect(value('   ')).toBe('empty');
  });

  it('refuses what it cannot read as one number, never re-reading it', () => {
    for (const typed of [
      '1,00',
      '1.2.3',
      '1e5',
      '25.000,5',
      '1,0000',
      ',5',
      '12,',
      '1 000',
      'abc',
      '10x',
      '0x10',
      '+5',
      'Infinity',
      'NaN',
      '1_000',
      '٢٥',
    ])
      expect([typed, value(typed)]).toEqual([typed, 'unreadable']);
  });

  it('says a negative number is negative', () => {
    expect(value('-5')).toBe('negative');
    expect(value('−5')).toBe('negative'); // U+2212 minus sign
    expect(value('-1,000.5')).toBe('negative');
    expect(value('--5')).toBe('unreadable');
    expect(value('-')).toBe('unreadable');
  });

  it('refuses a fraction where a whole number is asked for', () => {
    expect(value('2.5', true)).toBe('fraction');
    expect(value('3.', true)).toBe('fraction');
    expect(value('12', true)).toBe(12);
    expect(value('1,000', true)).toBe(1000);
    expect(value('1.2.3', true)).toBe('unreadable');
  });

  it('shows a readable value with thousands separators and its decimals as typed', () => {
    expect(formatTyped('25000')).toBe('25,000');
    expect(formatTyped(' 1000.50 ')).toBe('1,000.50');
    expect(formatTyped('12345678901234567890')).toBe('12,345,678,901,234,567,890');
    expect(formatTyped('.5')).toBe('0.5');
    expect(formatTyped('12.')).toBe('12');
    expect(formatTyped('1,00')).toBe('1,00');
    expect(formatTyped('2.5', { whole: true })).toBe('2.5');
    expect(formatTyped('')).toBe('');
  });
});
