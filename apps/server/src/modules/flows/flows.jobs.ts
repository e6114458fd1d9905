import { FLOW_CHAIN, FLOW_STEPS, type FlowId, type FlowStep, isFlowId } from '@openrescue/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { JobEvents } from '../../events/job-events.js';
import type { JobControl, JobHandler } from '../../jobs/job-runner.js';
import {
  failFlowJob,
  finishFlowJob,
  flowJob,
  markFlowStarted,
  recordBatch,
  recordStepDone,
  setRowsLeft,
  setStepCount,
} from './flow-jobs.repository.js';
import { flowStepWork } from './flows.repository.js';

export interface FlowHandlerDeps {
  db: Kysely<DB>;
  events: JobEvents;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);
const FINISHED = ['succeeded', 'failed'];

/**
 * The flow job (kind 'flow', decision 0014). A step runs in batches, each one transaction that does the batch's
 * work, writes its problems to the debug log and moves the job's progress: a crash loses at most the batch in hand,
 * and a resumed run carries on (every step is idempotent by unique keys). A single step counts rows; the whole flow
 * counts its four steps. An error ends the job 'failed' and writes a debug-log entry; if even that cannot be
 * written (the database went away), the job stays unfinished and the runner resumes it.
 */
export function createFlowHandler(deps: FlowHandlerDeps): JobHandler {
  const { db, events } = deps;

  /** Runs one step to its end (or until stopping); progress in rows unless `rows` is false. */
  async function runStep(job: { id: string; name: string }, step: FlowStep, rows: boolean, control: JobControl) {
    const work = flowStepWork(step);
    const pending = await work.pending(db);
    if (rows) {
      await setRowsLeft(db, job.id, pending);
      await events.changedEverywhere(db, job.id);
    }
    while (!control.stopping) {
      const result = await db.transaction().execute(async (trx) => {
        const r = await work.batch(trx, job);
        if (r.processed || r.problems) {
          await recordBatch(trx, job.id, r, rows);
          await events.notify(trx, job.id);
        }
        return r;
      });
      if (!result.processed) return true;
      events.changed(job.id);
    }
    return false;
  }

  async function finish(jobId: string) {
    await db.transaction().execute(async (trx) => {
      await finishFlowJob(trx, jobId);
      await events.notify(trx, jobId);
    });
    events.changed(jobId);
  }

  async function fail(job: { id: string; name: string }, error: unknown) {
    const text = message(error);
    await db.transaction().execute(async (trx) => {
      await failFlowJob(trx, job, text);
      await events.notify(trx, job.id);
    });
    events.changed(job.id);
  }

  return {
    kind: 'flow',
    async run(jobId: string, control: JobControl) {
      const row = await flowJob(db, jobId);
      if (!row || FINISHED.includes(row.status)) return;
      const job = { id: row.id, name: row.name };
      const flow = String((row.payload as { flow?: unknown })?.flow ?? '');
      try {
        if (!isFlowId(flow)) throw new Error(`Unknown flow "${flow}"`);
        if (await markFlowStarted(db, jobId)) await events.changedEverywhere(db, jobId);
        if (await runFlow(job, flow as FlowId, Number(row.processed), control)) await finish(jobId);
      } catch (error) {
        try {
          await fail(job, error);
        } catch {
          throw error; // the job stays unfinished; the runner tries again
        }
      }
    },
  };

  /** True when the flow ran to its end. */
  async function runFlow(job: { id: string; name: string }, flow: FlowId, processed: number, control: JobControl) {
    if (flow !== FLOW_CHAIN) return runStep(job, flow, true, control);
    await setStepCount(db, job.id, FLOW_STEPS.length);
    await events.changedEverywhere(db, job.id);
    // A resumed run starts at the first step not finished (the earlier ones were committed as done).
    for (const step of FLOW_STEPS.slice(processed)) {
      if (!(await runStep(job, step, false, control))) return false;
      await db.transaction().execute(async (trx) => {
        await recordStepDone(trx, job.id);
        await events.notify(trx, job.id);
      });
      events.changed(job.id);
    }
    return true;
  }
}
