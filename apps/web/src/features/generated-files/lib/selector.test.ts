import { SELECTOR_MAX_LENGTH } from '@openrescue/shared';
import { describe, expect, it } from 'vitest';
import { DEFAULT_STAGE, monthRange, readFilters, type GeneratedFilesFilters } from './filters';
import { buildGeneratedFilesSelector, generatedFilesFilterSelector, quoteText, selectorNumber } from './selector';

const none: GeneratedFilesFilters = { companyId: null, receiverId: null, month: null, stage: 'all' };

describe('GeneratedFile selector', () => {
  it('builds the documented example: month, company, stage, newest first', () => {
    expect(buildGeneratedFilesSelector({ companyId: 4, receiverId: null, month: '2026-10', stage: 'QUEUE' })).toBe(
      'OrderBy(Filter(GeneratedFile, AND([entry_date] >= "2026-10-01", [entry_date] <= "2026-10-31", [company_id] = 4, ' +
        'STARTSWITH([file_status], "QUEUE:"))), [creation_time], TRUE, [id], TRUE)',
    );
  });

  it('filters a receiver and the SENT stage', () => {
    expect(generatedFilesFilterSelector({ ...none, receiverId: 17, stage: 'SENT' })).toBe(
      'Filter(GeneratedFile, AND([receiver_id] = 17, STARTSWITH([file_status], "SENT:")))',
    );
  });

  it('uses a single condition without AND, and the bare table with no filter', () => {
    expect(generatedFilesFilterSelector({ ...none, stage: 'QUEUE' })).toBe(
      'Filter(GeneratedFile, STARTSWITH([file_status], "QUEUE:"))',
    );
    expect(generatedFilesFilterSelector(none)).toBe('GeneratedFile');
    expect(buildGeneratedFilesSelector(none)).toBe('OrderBy(GeneratedFile, [creation_time], TRUE, [id], TRUE)');
  });

  it('knows the length of every month, leap years included', () => {
    expect(monthRange('2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange('2026-04')).toEqual({ from: '2026-04-01', to: '2026-04-30' });
    expect(monthRange('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(() => monthRange('2026-13')).toThrow();
  });

  it('quotes text by doubling its quotes and refuses numbers that are not whole', () => {
    expect(quoteText('say "hi"')).toBe('"say ""hi"""');
    expect(quoteText('a") , OR(TRUE')).toBe('"a"") , OR(TRUE"');
    expect(selectorNumber(42)).toBe('42');
    expect(() => selectorNumber(1.5)).toThrow();
    expect(() => selectorNumber(Number.NaN)).toThrow();
  });

  it('never lets address text into the Selector: only checked ids, months and stages survive', () => {
    const hostile = new URLSearchParams({
      company: '4) , TRUE), [id], FALSE)//',
      receiver: '-1',
      month: '2026-10"), OR(TRUE',
      stage: 'QUEUE:") , TRUE',
    });
    const filters = readFilters(hostile);
    expect(filters).toEqual({ companyId: null, receiverId: null, month: null, stage: DEFAULT_STAGE });
    expect(buildGeneratedFilesSelector(filters)).toBe(
      'OrderBy(Filter(GeneratedFile, STARTSWITH([file_status], "QUEUE:")), [creation_time], TRUE, [id], TRUE)',
    );
  });

  it('reads the address: QUEUE by default, a receiver wins over a company, ids are whole and positive', () => {
    expect(readFilters(new URLSearchParams(''))).toEqual({
      companyId: null,
      receiverId: null,
      month: null,
      stage: 'QUEUE',
    });
    expect(readFilters(new URLSearchParams('company=4&month=2026-10&stage=all'))).toEqual({
      companyId: 4,
      receiverId: null,
      month: '2026-10',
      stage: 'all',
    });
    expect(readFilters(new URLSearchParams('company=4&receiver=9')).companyId).toBeNull();
    expect(readFilters(new URLSearchParams('company=4&receiver=9')).receiverId).toBe(9);
    expect(readFilters(new URLSearchParams('company=04')).companyId).toBeNull();
    expect(readFilters(new URLSearchParams('company=2147483648')).companyId).toBeNull();
    expect(readFilters(new URLSearchParams('company=2147483647')).companyId).toBe(2_147_483_647);
    expect(readFilters(new URLSearchParams('stage=sent')).stage).toBe('QUEUE');
  });

  it('stays within the Selector length limit for any filters', () => {
    const longest = buildGeneratedFilesSelector({
      companyId: null,
      receiverId: 2_147_483_647,
      month: '2026-12',
      stage: 'QUEUE',
    });
    expect(longest.length).toBeLessThan(SELECTOR_MAX_LENGTH);
  });
});
