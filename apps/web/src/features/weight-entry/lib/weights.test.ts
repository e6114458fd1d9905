import { describe, expect, it } from 'vitest';
import {
  averageText,
  emptyEntries,
  entryTime,
  filledDepartments,
  hasInvalid,
  statusText,
  weightError,
  type WeightEntries,
} from './weights';

describe('weight entry rules (spec 5)', () => {
  it('accepts 1 to 3 digits only', () => {
    expect(weightError('')).toBeNull();
    expect(weightError('7')).toBeNull();
    expect(weightError('999')).toBeNull();
    expect(weightError('1000')).toMatch(/3 digits/);
    expect(weightError('12a')).toMatch(/Digits only/);
    expect(weightError('-1')).toMatch(/Digits only/);
    expect(weightError('1.5')).toMatch(/Digits only/);
  });

  it('sends only ticked, filled, valid departments', () => {
    const e = emptyEntries();
    expect(filledDepartments(e)).toEqual([]);
    e[1] = { checked: true, weight: '12' };
    e[2] = { checked: false, weight: '30' };
    e[3] = { checked: true, weight: '' };
    expect(filledDepartments(e)).toEqual([{ department: 1, weight_kg: 12 }]);
    e[4] = { checked: true, weight: 'abc' };
    expect(hasInvalid(e)).toBe(true);
  });

  it('shifts the entry time 7 hours back', () => {
    expect(entryTime(new Date('2026-03-10T12:00:00Z'))).toBe('2026-03-10T05:00:00.000Z');
  });

  it('rounds averages into the field range', () => {
    expect(averageText(12.4)).toBe('12');
    expect(averageText(5000)).toBe('999');
    expect(averageText(0)).toBe('');
  });
});

describe('statusText (issue 36)', () => {
  const with_ = (patch: Partial<WeightEntries>) => ({ ...emptyEntries(), ...patch });
  it('says what is wrong with a typed weight, not "Fill in at least one weight."', () => {
    expect(statusText(with_({ 1: { checked: true, weight: '12a' } }))).toBe(
      'Bakery weight: Digits only: type a whole number of kg (no letters, signs or decimals).',
    );
    expect(statusText(with_({ 1: { checked: true, weight: '1234' }, 2: { checked: true, weight: '0' } }))).toBe(
      'Bakery weight: At most 3 digits (up to 999 kg). (and 1 more)',
    );
    expect(statusText(with_({ 2: { checked: true, weight: '5' }, 3: { checked: true, weight: '-5' } }))).toMatch(
      /^Deli weight: Digits only/,
    );
  });
  it('then a missing back date, then nothing filled, then the count', () => {
    expect(statusText(with_({ 2: { checked: true, weight: '5' } }), true)).toBe('Average weights need a back date.');
    expect(statusText(emptyEntries())).toBe('Fill in at least one weight.');
    expect(statusText(with_({ 2: { checked: true, weight: '5' } }))).toBe('1 department to insert');
  });
});
