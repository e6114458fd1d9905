import { describe, expect, it } from 'vitest';
import { changesOf, objectLabel } from './audit-entry';

describe('an audit entry in words', () => {
  it('says each changed field as old → new, and leaves the raw instant to the date', () => {
    expect(
      changesOf({
        before: { weight_kg: 40, department: 1, entry_time: '2026-11-01T17:00:00Z', entry_date: '2026-11-01' },
        after: { weight_kg: 14, department: 1, entry_time: '2026-11-03T17:00:00Z', entry_date: '2026-11-03' },
      }),
    ).toEqual(['weight kg: 40 → 14', 'entry date: 2026-11-01 → 2026-11-03']);
  });

  it('lists the values of an entry that only creates or only removes', () => {
    expect(changesOf({ before: null, after: { token_version: 2 } })).toEqual(['token version: 2']);
    expect(changesOf({ before: { weight_kg: 7 }, after: null })).toEqual(['weight kg: 7']);
    expect(changesOf({ before: null, after: null })).toEqual([]);
  });

  it('names objects by kind and id; flows and jobs by their own names', () => {
    expect(objectLabel('bulk_scan', '12')).toBe('Bulk scan #12');
    expect(objectLabel('flow', 'loadBulkScanToQa')).toBe('Flow loadBulkScanToQa');
    expect(objectLabel('store', null)).toBe('Store');
  });
});
