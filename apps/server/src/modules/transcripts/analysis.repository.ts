import { UNFINISHED_JOB_STATUSES } from '@openrescue/shared';
import { type Kysely, sql, type Transaction, type Updateable } from 'kysely';
import type { DB } from '../../db/schema.js';

/** The analysis job's reads and writes (transcripts.jobs.ts): its job row, the call it analyses, the outcome. */

export const analysisJob = (db: Kysely<DB>, jobId: string) =>
  db.selectFrom('jobs').select(['status', 'payload']).where('id', '=', jobId).executeTakeFirst();

export const markAnalysisStarted = (db: Kysely<DB>, jobId: string) =>
  db
    .updateTable('jobs')
    .set({ status: 'started', updated_at: sql`now()` })
    .where('id', '=', jobId)
    .where('status', '=', 'initialized')
    .execute();

/** What the analysis of a call reads: its waiting transcript, which seq it is, and what links it. */
export const callToAnalyse = (db: Kysely<DB>, callId: number) =>
  db
    .selectFrom('transcript')
    .select(['analysis_input', 'analysis_seq', 'tw_from_number', 'tw_to_number', 'tw_caller_name'])
    .where('id', '=', callId)
    .executeTakeFirst();

/** The analysis of the call's `seq`th transcript failed: nothing more waits, with a debug-log entry. */
export async function failAnalysis(
  trx: Transaction<DB>,
  job: { id: string; callId: number; seq: number },
  error: string,
) {
  await trx
    .updateTable('transcript')
    .set({ analysis_status: 'failed', analysis_input: null, updated_at: new Date().toISOString() })
    .where('id', '=', job.callId)
    .where('analysis_seq', '=', job.seq)
    .execute();
  await trx
    .insertInto('custom_debug_log')
    .values({
      target: job.id,
      error: `${job.id} failed: ${error}`,
      detail: JSON.stringify({ job_id: job.id, transcript_id: job.callId }),
      job_id: job.id,
    })
    .execute();
}

/** The call's analysis and links, unless a later transcript (another seq) replaced the one analysed. */
export const saveAnalysis = (
  trx: Transaction<DB>,
  job: { callId: number; seq: number },
  columns: Updateable<DB['transcript']>,
) =>
  trx
    .updateTable('transcript')
    .set({ ...columns, analysis_status: 'done', analysis_input: null, updated_at: new Date().toISOString() })
    .where('id', '=', job.callId)
    .where('analysis_seq', '=', job.seq)
    .execute();

export const finishAnalysisJob = (trx: Transaction<DB>, jobId: string, error: string | null) =>
  trx
    .updateTable('jobs')
    .set({
      status: error === null ? 'succeeded' : 'failed',
      error,
      total: 1,
      processed: 1,
      updated_at: sql`now()`,
    })
    .where('id', '=', jobId)
    .where('status', 'in', UNFINISHED_JOB_STATUSES)
    .execute();
