import { describe, expect, it } from 'vitest';
import { firstFilePerStore } from './first-per-store';

const row = (id: number, publish_file_id: number, store_id: number | null) => ({ id, publish_file_id, store_id });

describe('firstFilePerStore', () => {
  it('keeps the first file of each publish_file_id per store, in list order', () => {
    const rows = [row(10, 1, 5), row(9, 1, 5), row(8, 2, 5), row(7, 1, 6), row(6, 2, 5), row(5, 3, 5)];
    expect(firstFilePerStore(rows).map((r) => r.id)).toEqual([10, 8, 7, 5]);
  });

  it('groups files without a store together, apart from any store', () => {
    const rows = [row(4, 1, null), row(3, 1, null), row(2, 1, 5), row(1, 2, null)];
    expect(firstFilePerStore(rows).map((r) => r.id)).toEqual([4, 2, 1]);
  });

  it('does not confuse store 1 / file 23 with store 12 / file 3', () => {
    expect(firstFilePerStore([row(1, 23, 1), row(2, 3, 12)]).map((r) => r.id)).toEqual([1, 2]);
  });

  it('returns an empty list for no rows and leaves the input alone', () => {
    expect(firstFilePerStore([])).toEqual([]);
    const rows = [row(2, 1, 1), row(1, 1, 1)];
    firstFilePerStore(rows);
    expect(rows).toHaveLength(2);
  });
});
