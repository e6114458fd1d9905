import type { LiveJob } from '@openrescue/shared';
import { describe, expect, it } from 'vitest';
import { isRunning, latestRun, runSummary } from './flow-runs';

const job = (id: string, status: LiveJob['status'], created_at: string, over: Partial<LiveJob> = {}): LiveJob => ({
  id,
  name: id.replace(/_\d+$/, ''),
  total: 4,
  processed: 2,
  status,
  updated_at: created_at,
  error: null,
  kind: 'flow',
  created_at,
  parallel: null,
  ...over,
});

describe('flow runs', () => {
  it('finds the newest run of a flow by its job name', () => {
    const jobs = [
      job('flow_loadBulkScanToQa_2', 'succeeded', '2026-11-02T10:00:00Z'),
      job('flow_loadBulkScanToQa_3', 'progressing', '2026-11-03T10:00:00Z'),
      job('flow_triggerBulkScanToDonationFlow_1', 'failed', '2026-11-04T10:00:00Z'),
      job('publish_all', 'succeeded', '2026-11-05T10:00:00Z'),
    ];
    expect(latestRun(jobs, 'loadBulkScanToQa')?.id).toBe('flow_loadBulkScanToQa_3');
    expect(latestRun(jobs, 'triggerBulkScanToDonationFlow')?.id).toBe('flow_triggerBulkScanToDonationFlow_1');
    expect(latestRun(jobs, 'preloadDonation')).toBeNull();
  });

  it('says whether a run is going on and how far it is', () => {
    expect(isRunning(job('flow_preloadDonation_1', 'initialized', '2026-11-01T00:00:00Z'))).toBe(true);
    expect(isRunning(job('flow_preloadDonation_1', 'succeeded', '2026-11-01T00:00:00Z'))).toBe(false);
    expect(isRunning(null)).toBe(false);
    expect(runSummary(null)).toBe('Not run yet');
    expect(runSummary(job('flow_preloadDonation_1', 'progressing', '2026-11-01T00:00:00Z'))).toBe(
      'flow_preloadDonation_1 is running (2 / 4)',
    );
    expect(runSummary(job('flow_preloadDonation_1', 'succeeded', '2026-11-01T00:00:00Z', { processed: 4 }))).toBe(
      'flow_preloadDonation_1 finished (4 / 4)',
    );
  });
});
