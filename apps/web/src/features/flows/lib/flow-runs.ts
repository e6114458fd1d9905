import {
  FLOW_CHAIN,
  FLOW_STEPS,
  type FlowId,
  flowJobName,
  isJobRunning,
  type JobStatus,
  type LiveJob,
} from '@openrescue/shared';

/** The latest run of a flow among the live jobs (runs are named flow_{id}; the newest created wins). */
export function latestRun(jobs: readonly LiveJob[], id: FlowId): LiveJob | null {
  const name = flowJobName(id);
  let best: LiveJob | null = null;
  for (const job of jobs) {
    if (job.name === name && (!best || newer(job, best))) best = job;
  }
  return best;
}

const newer = (a: LiveJob, b: LiveJob) =>
  (a.created_at ?? '') > (b.created_at ?? '') ||
  ((a.created_at ?? '') === (b.created_at ?? '') && runNumber(a) > runNumber(b));

const runNumber = (job: LiveJob) => Number(job.id.slice(job.id.lastIndexOf('_') + 1)) || 0;

export const isRunning = (job: LiveJob | null) => !!job && (isJobRunning(job.status) || job.status === 'initialized');

/** What a card shows: the latest run of its flow, or, for a step, the whole flow's run that did the step since. */
export interface FlowRun {
  jobId: string;
  status: JobStatus;
  /** Rows (a step) or steps (the whole flow) done of all; null for a step done within the whole flow's run. */
  count: { processed: number; total: number } | null;
  error: string | null;
  /** A step done within the whole flow's run: its place in that run. */
  step: { index: number; of: number } | null;
}

const ownRun = (job: LiveJob): FlowRun => ({
  jobId: job.id,
  status: job.status,
  count: { processed: job.processed, total: job.total },
  error: job.error,
  step: null,
});

/**
 * How far the whole flow's run got with one of its steps (it counts the steps it finished, in order): done, going
 * on, failed there, or not reached (null: queued, or ended at an earlier step).
 */
function stepOfChain(chain: LiveJob, index: number): JobStatus | null {
  if (index < chain.processed) return 'succeeded';
  if (index > chain.processed) return null;
  if (chain.status === 'started' || chain.status === 'progressing') return 'progressing';
  return chain.status === 'failed' ? 'failed' : null;
}

/**
 * The latest run of a flow as its card shows it. A step is also run by the whole flow
 * (triggerBulkScanToDonationFlow runs the four steps in one job): whichever started last, a run of the step itself
 * or a whole-flow run that reached the step, is the step's latest run.
 */
export function latestFlowRun(jobs: readonly LiveJob[], id: FlowId): FlowRun | null {
  const own = latestRun(jobs, id);
  const index = (FLOW_STEPS as readonly string[]).indexOf(id);
  if (id === FLOW_CHAIN || index < 0) return own && ownRun(own);
  const chainName = flowJobName(FLOW_CHAIN);
  let best: { job: LiveJob; status: JobStatus } | null = null;
  for (const job of jobs) {
    if (job.name !== chainName) continue;
    const status = stepOfChain(job, index);
    if (status && (!best || newer(job, best.job))) best = { job, status };
  }
  if (!best || (own && !newer(best.job, own))) return own && ownRun(own);
  return {
    jobId: best.job.id,
    status: best.status,
    count: null,
    error: best.status === 'failed' ? best.job.error : null,
    step: { index, of: FLOW_STEPS.length },
  };
}

/** What a card says about its latest run. */
export function runSummary(run: FlowRun | null): string {
  if (!run) return 'Not run yet';
  if (run.step) {
    const place = `step ${run.step.index + 1} of ${run.step.of}`;
    if (run.status === 'succeeded') return `Done by ${run.jobId} (${place})`;
    if (run.status === 'failed') return `Failed in ${run.jobId} (${place})`;
    return `Running in ${run.jobId} (${place})`;
  }
  const count = run.count
    ? ` (${run.count.processed.toLocaleString('en-US')} / ${run.count.total.toLocaleString('en-US')})`
    : '';
  switch (run.status) {
    case 'initialized':
      return `${run.jobId} is queued`;
    case 'started':
    case 'progressing':
      return `${run.jobId} is running${count}`;
    case 'succeeded':
      return `${run.jobId} finished${count}`;
    case 'failed':
      return `${run.jobId} failed`;
  }
}
