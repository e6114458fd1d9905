import { describe, expect, it } from 'vitest';
import type { Job } from '../api/get-jobs';
import { newestFirst } from './newest-first';

const job = (id: string, created_at: string | undefined, updated_at = '2026-11-01T00:00:00.000Z') =>
  ({ id, name: id, total: 1, processed: 1, status: 'succeeded', updated_at, error: null, created_at }) as Job & {
    created_at?: string;
  };

describe('newestFirst', () => {
  it('puts the job created last at the top, whatever order the stream sent them in', () => {
    const jobs = [
      job('publish_all', '2026-10-01T09:00:00.000Z'),
      job('network_import_1', '2026-11-02T09:00:00.000Z'),
      job('flow_loadBulkScanToQa_1', '2026-10-20T09:00:00.000Z'),
    ];
    expect(newestFirst(jobs).map((j) => j.id)).toEqual(['network_import_1', 'flow_loadBulkScanToQa_1', 'publish_all']);
    expect(jobs[0].id).toBe('publish_all'); // the input is left as it was
  });

  it('orders runs created in the same instant by run number, and rows without a creation time by their last change', () => {
    const same = '2026-11-02T09:00:00.000Z';
    expect(newestFirst([job('flow_x_9', same), job('flow_x_10', same)]).map((j) => j.id)).toEqual([
      'flow_x_10',
      'flow_x_9',
    ]);
    expect(
      newestFirst([
        job('a', undefined, '2026-11-01T00:00:00.000Z'),
        job('b', undefined, '2026-11-03T00:00:00.000Z'),
      ]).map((j) => j.id),
    ).toEqual(['b', 'a']);
  });
});
