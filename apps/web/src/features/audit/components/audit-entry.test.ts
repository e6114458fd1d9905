import { formatDateTime } from '@openrescue/shared';
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

  it('says departments by name, and a store or receiver by the name beside its id', () => {
    const scan = { store_id: 21, store: 'Harvest Valley Downtown', receiver_id: 13, receiver: 'Kitsilano Hub' };
    expect(changesOf({ before: null, after: { ...scan, department: 1, weight_kg: 640 } })).toEqual([
      'store: Harvest Valley Downtown',
      'receiver: Kitsilano Hub',
      'department: Bakery',
      'weight kg: 640',
    ]);
    expect(
      changesOf({
        before: { ...scan, department: 1 },
        after: { ...scan, store_id: 22, store: 'Harvest Valley Mount Pleasant', department: 5 },
      }),
    ).toEqual(['store: Harvest Valley Downtown → Harvest Valley Mount Pleasant', 'department: Bakery → Produce']);
    // An id with no name beside it (an entry written before names were kept) stays as it is.
    expect(changesOf({ before: null, after: { store_id: 21, reason_id: 3, department: 9 } })).toEqual([
      'store id: 21',
      'reason id: 3',
      'department: 9',
    ]);
  });

  it('says an instant in the network time, as the entry date is said', () => {
    expect(changesOf({ before: null, after: { code: '…kbze', created_at: '2026-11-29T21:35:26.476Z' } })).toEqual([
      'code: …kbze',
      `created at: ${formatDateTime('2026-11-29T21:35:26.476Z', { zone: true })}`,
    ]);
    expect(formatDateTime('2026-11-29T21:35:26.476Z', { zone: true })).toMatch(/^Nov 29, 2026, \d+:35 PM \w+$/);
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
