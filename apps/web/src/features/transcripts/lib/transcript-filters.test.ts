import { describe, expect, it } from 'vitest';
import { activeFilterCount, apiFilters, readFilters } from './transcript-filters';
import { categoryLabel, formatClock, formatPhone, wholePercent } from './format';

describe('transcript filters', () => {
  it('default to Neutral with no search or length', () => {
    const f = readFilters(new URLSearchParams(''));
    expect(f).toEqual({ search: '', minLength: null, sentiment: 'neutral' });
    expect(apiFilters(f)).toEqual({ search: undefined, tw_call_length__gte: undefined, sentiment_score: 'neutral' });
    expect(activeFilterCount(f)).toBe(0);
  });

  it('read the address; a bad length is ignored', () => {
    const f = readFilters(new URLSearchParams('search=harbor&min_length=60&sentiment=negative'));
    expect(apiFilters(f)).toEqual({ search: 'harbor', tw_call_length__gte: 60, sentiment_score: 'negative' });
    expect(activeFilterCount(f)).toBe(3);
    expect(readFilters(new URLSearchParams('min_length=-4')).minLength).toBeNull();
  });

  it('format numbers, clocks, percentages and categories', () => {
    expect(formatPhone('+16045550142')).toBe('(604) 555-0142');
    expect(formatPhone('+442079460958')).toBe('+442079460958');
    expect(formatClock(75_400)).toBe('1:15');
    expect(wholePercent(33.35)).toBe('33%');
    expect(categoryLabel('Society>Charity')).toBe('Society › Charity');
  });
});
