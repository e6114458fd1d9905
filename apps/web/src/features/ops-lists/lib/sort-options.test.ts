import {
  BULK_SCAN_ORDERING,
  CONTACT_ORDERING,
  orderingParam,
  RECEIVER_ORDERING,
  STIPEND_ORDERING,
  STORE_ORDERING,
  TRANSCRIPT_ORDERING,
} from '@openrescue/shared';
import { describe, expect, it } from 'vitest';
import {
  BULK_SCAN_SORT,
  CONTACT_SORT,
  readSort,
  RECEIVER_SORT,
  sortQuery,
  STIPEND_SORT,
  STORE_SORT,
  TRANSCRIPT_SORT,
  type SortOption,
} from './sort-options';

const lists: [string, readonly SortOption[], readonly string[]][] = [
  ['stores', STORE_SORT, STORE_ORDERING],
  ['receivers', RECEIVER_SORT, RECEIVER_ORDERING],
  ['no-pickups', BULK_SCAN_SORT, BULK_SCAN_ORDERING],
  ['stipend', STIPEND_SORT, STIPEND_ORDERING],
  ['contacts', CONTACT_SORT, CONTACT_ORDERING],
  ['transcripts', TRANSCRIPT_SORT, TRANSCRIPT_ORDERING],
];

describe.each(lists)('%s sort options', (_name, options, keys) => {
  it('are orderings the server accepts, each once, each with its own label', () => {
    const schema = orderingParam(keys);
    for (const o of options) expect(schema.safeParse(o.value).success, o.value).toBe(true);
    expect(new Set(options.map((o) => o.value)).size).toBe(options.length);
    expect(new Set(options.map((o) => o.label)).size).toBe(options.length);
  });

  it('read from the address: an offered ordering, else the default; the default is not sent', () => {
    expect(readSort(new URLSearchParams(), options)).toBe(options[0].value);
    expect(readSort(new URLSearchParams({ ordering: options[1].value }), options)).toBe(options[1].value);
    expect(readSort(new URLSearchParams({ ordering: 'nope' }), options)).toBe(options[0].value);
    expect(sortQuery(options[0].value, options)).toEqual({});
    expect(sortQuery(options[1].value, options)).toEqual({ ordering: options[1].value });
  });
});
