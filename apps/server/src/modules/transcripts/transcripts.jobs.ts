import type { IngestTranscript } from '@openrescue/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { JobEvents } from '../../events/job-events.js';
import type { JobHandler } from '../../jobs/job-runner.js';
import {
  analysisJob,
  callToAnalyse,
  failAnalysis,
  finishAnalysisJob,
  markAnalysisStarted,
  saveAnalysis,
} from './analysis.repository.js';
import { type AnalysisColumns, transcriptText } from './transcripts.ingest.js';
import { findLinks, type Links } from './transcripts.linking.js';
import { organizationNames } from './transcripts.repository.js';

/** The job that analyses a call's transcript (decision 0039): one per transcript sent, named after the call and its seq. */
export const ANALYSIS_JOB_KIND = 'transcript-analysis';
export const analysisJobName = (callId: number, seq: number) => `analyse_call_${callId}_${seq}`;

const FINISHED: string[] = ['succeeded', 'failed'];
const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

export const linkColumns = (links: Links) => ({
  store_id: links.store?.id ?? null,
  store_match: links.store?.match ?? null,
  receiver_id: links.receiver?.id ?? null,
  receiver_match: links.receiver?.match ?? null,
  linked_at: new Date().toISOString(),
});

export interface AnalysisHandlerDeps {
  db: Kysely<DB>;
  events: JobEvents;
  /** The analysis itself, on its thread (transcripts.analysis-thread.ts). */
  analyse(transcript: IngestTranscript, organizations: string[]): Promise<AnalysisColumns>;
}

/**
 * Analyses the transcript waiting in the call's analysis_input, finds the store and receiver its text names, and
 * writes both with analysis_status 'done', unless another transcript was sent for the call meanwhile (analysis_seq
 * moved on: that one's job writes). Safe to run again after a crash: nothing is written until the one transaction
 * at the end. An error marks the analysis 'failed', the job too, with a debug-log entry.
 */
export function createAnalysisHandler(deps: AnalysisHandlerDeps): JobHandler {
  const { db, events } = deps;

  type Outcome = { columns: AnalysisColumns; links: Links } | { error: string } | { replaced: true };
  async function end(jobId: string, callId: number, seq: number, outcome: Outcome) {
    await db.transaction().execute(async (trx) => {
      const job = { id: jobId, callId, seq };
      if ('replaced' in outcome) {
        // nothing to write: the later transcript's job writes
      } else if ('error' in outcome) {
        await failAnalysis(trx, job, outcome.error);
      } else {
        await saveAnalysis(trx, job, { ...outcome.columns, ...linkColumns(outcome.links) });
      }
      await finishAnalysisJob(trx, jobId, 'error' in outcome ? outcome.error : null);
      await events.notify(trx, jobId);
    });
    events.changed(jobId);
  }

  return {
    kind: ANALYSIS_JOB_KIND,
    async run(jobId, control) {
      const job = await analysisJob(db, jobId);
      if (!job || FINISHED.includes(job.status) || control.stopping) return;
      const { transcript_id: callId, seq } = job.payload as { transcript_id: number; seq: number };
      await markAnalysisStarted(db, jobId);
      await events.changedEverywhere(db, jobId);
      const call = await callToAnalyse(db, callId);
      if (!call || call.analysis_seq !== seq || !call.analysis_input) {
        // A later transcript replaced this one (its own job analyses it), or the call is gone.
        await end(jobId, callId, seq, { replaced: true });
        return;
      }
      const transcript = call.analysis_input as IngestTranscript;
      const text = transcriptText(transcript);
      // The database's errors leave the job unfinished (the runner tries again); the analysis's fail it.
      const names = text ? await organizationNames(db, text) : [];
      let outcome: Outcome;
      try {
        outcome = { columns: await deps.analyse(transcript, names), links: { store: null, receiver: null } };
      } catch (error) {
        outcome = { error: message(error) };
      }
      if ('columns' in outcome) {
        outcome.links = await findLinks(db, {
          numbers: [call.tw_from_number, call.tw_to_number],
          callerName: call.tw_caller_name,
          text,
        });
      }
      await end(jobId, callId, seq, outcome);
    },
  };
}
