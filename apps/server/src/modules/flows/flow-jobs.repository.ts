import { UNFINISHED_JOB_STATUSES } from '@openrescue/shared';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

/** The flow job's row (flows.jobs.ts): its state, its progress, the problems its steps found, its end. */

export const flowJob = (db: Kysely<DB>, jobId: string) =>
  db
    .selectFrom('jobs')
    .select(['id', 'name', 'status', 'processed', 'payload'])
    .where('id', '=', jobId)
    .executeTakeFirst();

/** 'initialized' becomes 'started'; false when the job had started before (a resumed run). */
export async function markFlowStarted(db: Kysely<DB>, jobId: string): Promise<boolean> {
  const started = await db
    .updateTable('jobs')
    .set({ status: 'started', updated_at: sql`now()` })
    .where('id', '=', jobId)
    .where('status', '=', 'initialized')
    .executeTakeFirst();
  return Number(started.numUpdatedRows) > 0;
}

/** A single step counts rows: its total is what it did so far plus what is left. */
export async function setRowsLeft(db: Kysely<DB>, jobId: string, pending: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ total: sql`processed + ${pending}`, updated_at: sql`now()` })
    .where('id', '=', jobId)
    .execute();
}

/** The whole flow counts its steps. */
export async function setStepCount(db: Kysely<DB>, jobId: string, steps: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ total: steps, updated_at: sql`now()` })
    .where('id', '=', jobId)
    .execute();
}

/** One batch's progress (rows, when the job counts rows) and the problems it found, in the batch's transaction. */
export async function recordBatch(
  trx: Transaction<DB>,
  jobId: string,
  batch: { processed: number; problems: number },
  rows: boolean,
): Promise<void> {
  await trx
    .updateTable('jobs')
    .set({
      ...(rows
        ? {
            processed: sql`processed + ${batch.processed}`,
            total: sql`greatest(total, processed + ${batch.processed})`,
          }
        : {}),
      status: 'progressing',
      payload: sql`jsonb_set(payload, '{problems}', to_jsonb(coalesce((payload->>'problems')::int, 0) + ${batch.problems}::int))`,
      updated_at: sql`now()`,
    })
    .where('id', '=', jobId)
    .execute();
}

export async function recordStepDone(trx: Transaction<DB>, jobId: string): Promise<void> {
  await trx
    .updateTable('jobs')
    .set({ processed: sql`processed + 1`, status: 'progressing', updated_at: sql`now()` })
    .where('id', '=', jobId)
    .execute();
}

/** Succeeded; the problems found, if any, are its message. */
export async function finishFlowJob(trx: Transaction<DB>, jobId: string): Promise<void> {
  await trx
    .updateTable('jobs')
    .set({
      status: 'succeeded',
      updated_at: sql`now()`,
      error: sql`case when coalesce((payload->>'problems')::int, 0) > 0
        then (payload->>'problems') || ' bulk scans have problems; see Logs' end`,
    })
    .where('id', '=', jobId)
    .where('status', 'in', UNFINISHED_JOB_STATUSES)
    .execute();
}

/** Failed with `text`, and a debug-log entry that says so. */
export async function failFlowJob(trx: Transaction<DB>, job: { id: string; name: string }, text: string) {
  await trx
    .updateTable('jobs')
    .set({ status: 'failed', error: text, updated_at: sql`now()` })
    .where('id', '=', job.id)
    .where('status', 'in', UNFINISHED_JOB_STATUSES)
    .execute();
  await trx
    .insertInto('custom_debug_log')
    .values({
      target: job.name,
      error: `${job.id} failed: ${text}`,
      detail: JSON.stringify({ job_id: job.id }),
      job_id: job.id,
    })
    .execute();
}
