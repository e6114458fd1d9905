import { type LiveJob, livePath } from '@openrescue/shared';
import { apiUrl } from '../../../config/env';
import { useLiveCollection } from '../../../lib/live-collection';

export type { LiveJob };

const jobKey = (job: LiveJob) => job.id;

/** GET {ops}/live/tasks (server-sent events): every job, live — added ones appended, modified ones replaced. */
export function useLiveJobs(enabled = true) {
  return useLiveCollection<LiveJob>(apiUrl(livePath('tasks')), jobKey, enabled);
}
