import type { Job } from '../api/get-jobs';

const at = (job: Job & { created_at?: string }) => Date.parse(job.created_at ?? job.updated_at) || 0;
const runNumber = (job: Job) => Number(job.id.slice(job.id.lastIndexOf('_') + 1)) || 0;

/**
 * Jobs History's order: the newest job first (created last; a job loaded without its creation time counts from its
 * last change), so a job started now appears at the top. Runs created in the same instant: the higher run number
 * first, then the id.
 */
export function newestFirst<T extends Job & { created_at?: string }>(jobs: readonly T[]): T[] {
  return [...jobs].sort(
    (a, b) => at(b) - at(a) || runNumber(b) - runNumber(a) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
  );
}
