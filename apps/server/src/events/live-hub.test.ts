import type { LiveJob } from '@openrescue/shared';
import { describe, expect, it } from 'vitest';
import { applyPatch } from './live-hub.js';

const row: LiveJob = {
  id: 'publish_all_2',
  name: 'publish_all',
  total: 5,
  processed: 1,
  status: 'progressing',
  updated_at: '2026-11-02T10:00:01.000Z',
  error: null,
  kind: 'publish',
  created_at: '2026-11-02T10:00:00.000Z',
  parallel: 2,
  done_ids: [11],
  failed_ids: [],
};
const patch = (processed: number, id: number, failed = false) => ({
  processed,
  status: 'progressing' as const,
  updated_at: `2026-11-02T10:00:0${processed}.000Z`,
  error: null,
  finished: { publish_file_id: id, failed, order: processed },
});

describe('applyPatch (live tasks without re-reading the row)', () => {
  it('adds the finished file in finishing order, even when patches arrive out of order, and never goes backwards', () => {
    const three = applyPatch(row, patch(3, 13, true));
    expect(three).toMatchObject({ processed: 3, done_ids: [11, 13], failed_ids: [13] });
    const two = applyPatch(three, patch(2, 12));
    // An older commit's news does not move the row back, but its file takes its place in the order.
    expect(two).toMatchObject({ processed: 3, updated_at: three.updated_at, done_ids: [11, 12, 13], failed_ids: [13] });
    const fresh = applyPatch(applyPatch(row, patch(2, 12)), patch(3, 13));
    expect(fresh.done_ids).toEqual([11, 12, 13]);
    expect(applyPatch(fresh, patch(3, 13)).done_ids).toEqual([11, 12, 13]);
  });
});
