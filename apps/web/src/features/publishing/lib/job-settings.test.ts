import { describe, expect, it } from 'vitest';
import {
  CUSTOM_IDS_MESSAGE,
  defaultStartId,
  parseCustomIds,
  perCallCount,
  pickPublishRows,
  publishFileSelector,
  taskNameFor,
} from './job-settings';

describe('parseCustomIds (spec 5 "Publish job")', () => {
  it('empty means an empty list', () => {
    expect(parseCustomIds('')).toEqual({ ok: true, ids: [] });
    expect(parseCustomIds('  \n')).toEqual({ ok: true, ids: [] });
    expect(parseCustomIds('[]')).toEqual({ ok: true, ids: [] });
  });

  it('takes a JSON list of ids, once each, in order', () => {
    expect(parseCustomIds('[12, 15, 12]')).toEqual({ ok: true, ids: [12, 15] });
  });

  it.each(['12', '{"ids":[1]}', '[1,', '"1"', '["1"]', '[0]', '[1.5]', '[-3]', 'null', '[null]'])(
    'refuses %s with a clear message',
    (text) => {
      const result = parseCustomIds(text);
      expect(result.ok).toBe(false);
      expect(!result.ok && result.message).toContain(CUSTOM_IDS_MESSAGE);
    },
  );
});

describe('pickPublishRows', () => {
  const list = [3, 5, 8, 13, 21];
  it('1 file from the first row, or from the queue start', () => {
    expect(pickPublishRows(list, { fileCount: '1', startAtId: null }, new Set(), [])).toEqual([3]);
    expect(pickPublishRows(list, { fileCount: '1', startAtId: 13 }, new Set(), [])).toEqual([13]);
  });
  it('max: every listed file from the queue start, capped', () => {
    expect(pickPublishRows(list, { fileCount: 'max', startAtId: 8 }, new Set(), [])).toEqual([8, 13, 21]);
    expect(pickPublishRows(list, { fileCount: 'max', startAtId: null }, new Set(), [], 2)).toEqual([3, 5]);
  });
  it('selected: the ticked rows in list order', () => {
    expect(pickPublishRows(list, { fileCount: 'selected', startAtId: null }, new Set([21, 5]), [])).toEqual([5, 21]);
    expect(pickPublishRows(list, { fileCount: 'selected', startAtId: null }, new Set(), [])).toEqual([]);
  });
  it('custom ids replace the list', () => {
    expect(pickPublishRows(list, { fileCount: 'max', startAtId: 8 }, new Set([3]), [99, 3])).toEqual([99, 3]);
  });
  it('a queue start no longer listed starts at the top', () => {
    expect(pickPublishRows(list, { fileCount: '1', startAtId: 4 }, new Set(), [])).toEqual([3]);
  });
});

describe('task names, per-call counts and the selector', () => {
  it('names the job after the filter', () => {
    expect(taskNameFor({ companyId: 4, receiverId: null, month: null })).toBe('publish_company_4');
    expect(taskNameFor({ companyId: null, receiverId: 9, month: '2026-10-01' })).toBe('publish_receiver_9');
    expect(taskNameFor({ companyId: null, receiverId: null, month: null })).toBe('publish_all');
  });
  it('per call: 1, 2 or the max', () => {
    expect([perCallCount('1'), perCallCount('2'), perCallCount('max', 50)]).toEqual([1, 2, 50]);
  });
  it('builds the Find selector in queue order', () => {
    expect(publishFileSelector({ companyId: null, receiverId: null, month: null })).toBe(
      'OrderBy(PublishFile, [id], FALSE)',
    );
    expect(publishFileSelector({ companyId: 4, receiverId: null, month: '2026-10-01' })).toBe(
      'OrderBy(Filter(PublishFile, AND([company_id] = 4, [entry_date] = "2026-10-01")), [id], FALSE)',
    );
    expect(publishFileSelector({ companyId: null, receiverId: null, month: '2026-10-01") OR TRUE' })).toBe(
      'OrderBy(PublishFile, [id], FALSE)',
    );
  });

  it('narrows to one file kind: a company report is a kind of its own (decision 0068)', () => {
    expect(publishFileSelector({ companyId: 4, receiverId: null, month: null, fileType: 'COMPANY_REPORT' })).toBe(
      'OrderBy(Filter(PublishFile, AND([company_id] = 4, [file_type] = "COMPANY_REPORT")), [id], FALSE)',
    );
    const unknown = 'X") OR TRUE' as unknown as 'COMPANY_REPORT';
    expect(publishFileSelector({ companyId: null, receiverId: null, month: null, fileType: unknown })).toBe(
      'OrderBy(PublishFile, [id], FALSE)',
    );
  });
});

describe('defaultStartId (issue 36)', () => {
  it('is the first file not published yet, in list order', () => {
    const rows = [
      { id: 1, publish_count: 1 },
      { id: 2, publish_count: 3 },
      { id: 7, publish_count: 0 },
      { id: 9, publish_count: 0 },
    ];
    expect(defaultStartId(rows)).toBe(7);
    expect(
      pickPublishRows(
        rows.map((r) => r.id),
        { fileCount: '1', startAtId: defaultStartId(rows) },
        new Set(),
        [],
      ),
    ).toEqual([7]);
  });
  it('is the first file when all were published, none for an empty list', () => {
    expect(
      defaultStartId([
        { id: 4, publish_count: 1 },
        { id: 5, publish_count: 2 },
      ]),
    ).toBe(4);
    expect(defaultStartId([])).toBeNull();
  });
});
