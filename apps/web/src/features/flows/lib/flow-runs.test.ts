import type { LiveJob } from '@openrescue/shared';
import { describe, expect, it } from 'vitest';
import { isRunning, latestFlowRun, latestRun, runSummary } from './flow-runs';

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
    const summary = (j: LiveJob) => runSummary(latestFlowRun([j], 'preloadDonation'));
    expect(summary(job('flow_preloadDonation_1', 'progressing', '2026-11-01T00:00:00Z'))).toBe(
      'flow_preloadDonation_1 is running (2 / 4)',
    );
    expect(summary(job('flow_preloadDonation_1', 'succeeded', '2026-11-01T00:00:00Z', { processed: 4 }))).toBe(
      'flow_preloadDonation_1 finished (4 / 4)',
    );
  });

  it("a step's card shows the whole flow's run when that run did the step after the step's own latest run", () => {
    const failedStep = job('flow_loadBulkScanToQa_1', 'failed', '2026-11-01T09:00:00Z', { error: 'Lost the database' });
    const chain = job('flow_triggerBulkScanToDonationFlow_1', 'succeeded', '2026-11-02T09:00:00Z', { processed: 4 });
    const jobs = [failedStep, chain];
    for (const [i, step] of (['loadBulkScanToQa', 'loadBulkScanQaToAdjScan', 'preloadDonation'] as const).entries()) {
      const run = latestFlowRun(jobs, step);
      expect(run?.status).toBe('succeeded');
      expect(runSummary(run)).toBe(`Done by flow_triggerBulkScanToDonationFlow_1 (step ${[1, 2, 4][i]} of 4)`);
    }
    // The step run again afterwards: its own run is the latest.
    const again = job('flow_loadBulkScanToQa_2', 'succeeded', '2026-11-03T09:00:00Z', { processed: 0, total: 0 });
    expect(runSummary(latestFlowRun([...jobs, again], 'loadBulkScanToQa'))).toBe(
      'flow_loadBulkScanToQa_2 finished (0 / 0)',
    );
    // The whole flow card itself: its own run, counted in steps.
    expect(runSummary(latestFlowRun(jobs, 'triggerBulkScanToDonationFlow'))).toBe(
      'flow_triggerBulkScanToDonationFlow_1 finished (4 / 4)',
    );
  });

  it('a whole-flow run that has not reached a step leaves that step on its earlier run; where it stopped shows', () => {
    const failedStep = job('flow_loadBulkScanToQa_1', 'failed', '2026-11-01T09:00:00Z');
    const running = job('flow_triggerBulkScanToDonationFlow_2', 'progressing', '2026-11-02T09:00:00Z', {
      processed: 1,
    });
    expect(runSummary(latestFlowRun([failedStep, running], 'loadBulkScanToQa'))).toBe(
      'Done by flow_triggerBulkScanToDonationFlow_2 (step 1 of 4)',
    );
    const second = latestFlowRun([failedStep, running], 'loadBulkScanQaToAdjScan');
    expect([second?.status, runSummary(second)]).toEqual([
      'progressing',
      'Running in flow_triggerBulkScanToDonationFlow_2 (step 2 of 4)',
    ]);
    expect(latestFlowRun([failedStep, running], 'migrateAdjScanToDonation')).toBeNull();
    const failed = { ...running, status: 'failed' as const, error: 'Lost the database connection' };
    const third = latestFlowRun([failed], 'loadBulkScanQaToAdjScan');
    expect([third?.status, third?.error, runSummary(third)]).toEqual([
      'failed',
      'Lost the database connection',
      'Failed in flow_triggerBulkScanToDonationFlow_2 (step 2 of 4)',
    ]);
    const queued = job('flow_triggerBulkScanToDonationFlow_3', 'initialized', '2026-11-04T09:00:00Z', { processed: 0 });
    expect(latestFlowRun([failedStep, queued], 'loadBulkScanToQa')?.jobId).toBe('flow_loadBulkScanToQa_1');
  });
});
