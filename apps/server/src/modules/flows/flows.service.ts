import {
  ERROR_TYPES,
  FLOW_CHAIN,
  type FlowId,
  flowJobName,
  type FlowStartResult,
  isFlowId,
  isFlowStep,
  jobAlreadyInQueueMessage,
} from '@openrescue/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { insertFlowJob } from './flows.repository.js';

const conflict = (name: string, detail: string) =>
  new HttpError(409, ERROR_TYPES.conflict, jobAlreadyInQueueMessage(name), detail);
const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505';

/** Which flows each endpoint starts: /flow/{id} the whole flow, /trigger/sproc/{id} one step (DESIGN). */
export type FlowEndpoint = 'flow' | 'sproc';

export function flowOf(endpoint: FlowEndpoint, id: string): FlowId {
  const ok = endpoint === 'flow' ? id === FLOW_CHAIN : isFlowStep(id);
  if (!ok) {
    const hint = isFlowId(id)
      ? `${id} starts with POST /ops-api/${id === FLOW_CHAIN ? 'flow' : 'trigger/sproc'}/${id}.`
      : `Known flows: ${FLOW_CHAIN} (POST /ops-api/flow/{id}); loadBulkScanToQa, loadBulkScanQaToAdjScan, migrateAdjScanToDonation, preloadDonation (POST /ops-api/trigger/sproc/{id}).`;
    throw new HttpError(404, ERROR_TYPES.notFound, `Unknown flow: ${id}`, hint);
  }
  return id as FlowId;
}

/**
 * Starts a flow as a durable job named flow_{id} (run ids flow_{id}_{n}) and answers at once; the job runner does
 * the work. 409 'Job already in queue: flow_{id}' while a run of the same flow is initialized, started or progressing.
 * `audit` writes the start's entry in the transaction that queues the job.
 */
export async function startFlow(
  ctx: AppContext,
  userId: string | null,
  flow: FlowId,
  audit: (trx: Kysely<DB>, jobId: string) => Promise<void>,
): Promise<FlowStartResult> {
  const name = flowJobName(flow);
  const running = await ctx.repos.jobs.activeByName(name);
  if (running)
    throw conflict(name, `${running.id} is ${running.status} (${running.processed} of ${running.total} processed).`);
  let jobId: string;
  try {
    jobId = await ctx.database.db.transaction().execute(async (trx) => {
      const id = await insertFlowJob(trx, name, { flow }, userId);
      await ctx.jobEvents.notify(trx, id);
      await audit(trx, id);
      return id;
    });
  } catch (error) {
    // Two starts at once: the one-active-job-per-name index refuses the second (or its id was just taken).
    if (isUniqueViolation(error)) throw conflict(name, 'Another start of this flow was accepted a moment ago.');
    throw error;
  }
  ctx.jobEvents.changed(jobId);
  ctx.jobRunner.wake();
  const [job] = await ctx.repos.jobs.byIds([jobId]);
  return { message: `${jobId} started`, flow, job };
}
