import { describe, expect, it } from 'vitest';
import { storeSearchFilter } from './store-search-filter';

const options = [
  { value: 'all', label: 'All Stores' },
  {
    group: 'FreshCo',
    items: [
      { value: 'store-1', label: 'FreshCo Vernon' },
      { value: 'store-2', label: 'FreshCo Abbotsford' },
    ],
  },
  { group: 'Valley Foods', items: [{ value: 'store-9', label: 'Valley Foods Mission' }] },
];
const run = (search: string, selected?: string) =>
  storeSearchFilter(search, selected)({ options, search, limit: Infinity });

describe('store search filter', () => {
  it('does not filter on 0 or 1 typed characters', () => {
    expect(run('')).toEqual(options);
    expect(run('v')).toEqual(options);
    expect(run(' v ')).toEqual(options);
  });

  it('filters from 2 characters, case-insensitively, dropping emptied groups', () => {
    expect(run('ve')).toEqual([{ group: 'FreshCo', items: [{ value: 'store-1', label: 'FreshCo Vernon' }] }]);
    expect(run('MISSION')).toEqual([
      { group: 'Valley Foods', items: [{ value: 'store-9', label: 'Valley Foods Mission' }] },
    ]);
  });

  it("shows everything while the search is still the selected option's label", () => {
    expect(run('FreshCo Vernon', 'FreshCo Vernon')).toEqual(options);
  });
});
