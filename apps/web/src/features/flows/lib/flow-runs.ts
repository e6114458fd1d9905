import { type FlowId, flowJobName, isJobRunning, type LiveJob } from '@openrescue/shared';

/** The latest run of a flow among the live jobs (runs are named flow_{id}; the newest created wins). */
export function latestRun(jobs: readonly LiveJob[], id: FlowId): LiveJob | null {
  const name = flowJobName(id);
  let best: LiveJob | null = null;
  for (const job of jobs) {
    if (job.name !== name) continue;
    if (
      !best ||
      (job.created_at ?? '') > (best.created_at ?? '') ||
      ((job.created_at ?? '') === (best.created_at ?? '') && runNumber(job) > runNumber(best))
    ) {
      best = job;
    }
  }
  return best;
}

const runNumber = (job: LiveJob) => Number(job.id.slice(job.id.lastIndexOf('_') + 1)) || 0;

export const isRunning = (job: LiveJob | null) => !!job && (isJobRunning(job.status) || job.status === 'initialized');

/** What a card says about its latest run. */
export function runSummary(job: LiveJob | null): string {
  if (!job) return 'Not run yet';
  const count = `${job.processed.toLocaleString('en-US')} / ${job.total.toLocaleString('en-US')}`;
  switch (job.status) {
    case 'initialized':
      return `${job.id} is queued`;
    case 'started':
    case 'progressing':
      return `${job.id} is running (${count})`;
    case 'succeeded':
      return `${job.id} finished (${count})`;
    case 'failed':
      return `${job.id} failed`;
  }
}
