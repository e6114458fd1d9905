import { describe, expect, it } from 'vitest';
import { averageText, emptyEntries, entryTime, filledDepartments, hasInvalid, weightError } from './weights';

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
