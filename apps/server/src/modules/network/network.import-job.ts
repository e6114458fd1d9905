import { NETWORK_IMPORT_JOB_NAME, type NetworkImportBody, type NetworkImportResult } from '@openrescue/shared';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { JobEvents } from '../../events/job-events.js';
import type { JobControl, JobHandler } from '../../jobs/job-runner.js';
import {
  insertNumberedJob,
  isUnfinished,
  jobWithPayload,
  payloadWith,
  payloadWithout,
  updateUnfinishedJob,
} from '../jobs/job-rows.repository.js';
import { CsvFileError } from './network.csv.js';
import { acceptedRows, planImport, readImportFile, rejectedRows, writePlanned } from './network.import.js';

/** Accepted rows written per transaction (and per step of the job's progress). */
export const IMPORT_BATCH = 200;

export interface ImportJobPayload extends NetworkImportBody {
  result?: NetworkImportResult;
}

const emptyResult = (): NetworkImportResult => ({ rows: 0, created: 0, updated: 0, unchanged: 0, rejected: 0 });

/** A new network import job (in the caller's transaction): network_import_{n}, the file and its mappings as payload. */
export const insertImportJob = (trx: Transaction<DB>, body: NetworkImportBody, userId: string | null) =>
  insertNumberedJob(trx, {
    name: NETWORK_IMPORT_JOB_NAME,
    kind: NETWORK_IMPORT_JOB_NAME,
    payload: body,
    createdBy: userId,
  });

/**
 * The console's import (kind network_import, decision 0054): the same reading and plan as the command line, written
 * in batches of IMPORT_BATCH accepted rows, each one transaction that also moves the job's progress and counts. A
 * resumed run skips the rows already counted as processed (the rows are read from the stored file the same way each
 * time) and plans the rest against what is stored then. The file leaves the job's row when the job ends.
 */
export function createImportHandler(deps: { db: Kysely<DB>; events: JobEvents; productName: string }): JobHandler {
  const { db, events } = deps;
  const changed = async (id: string) => events.changedEverywhere(db, id);

  return {
    kind: NETWORK_IMPORT_JOB_NAME,
    async run(jobId: string, control: JobControl) {
      const job = await jobWithPayload(db, jobId);
      if (!job || !isUnfinished(job.status)) return;
      const payload = job.payload as unknown as ImportJobPayload;
      let accepted;
      let reading;
      try {
        reading = readImportFile(Buffer.from(payload.content_base64, 'base64'), {
          ...payload,
          file: payload.file_name,
          productName: deps.productName,
        });
        accepted = acceptedRows(reading);
      } catch (error) {
        if (!(error instanceof CsvFileError)) throw error;
        await updateUnfinishedJob(db, jobId, {
          status: 'failed',
          error: error.message,
          payload: payloadWithout('content_base64'),
        });
        return changed(jobId);
      }
      await updateUnfinishedJob(db, jobId, { status: 'progressing', total: accepted.length });
      await changed(jobId);
      const result = payload.result ?? emptyResult();
      for (let done = Number(job.processed); done < accepted.length; done += IMPORT_BATCH) {
        if (control.stopping) return;
        const batch = accepted.slice(done, done + IMPORT_BATCH);
        await db.transaction().execute(async (trx) => {
          const counts = await writePlanned(trx, await planImport(trx, batch, deps.productName));
          result.created += counts.created;
          result.updated += counts.updated;
          result.unchanged += counts.unchanged;
          await updateUnfinishedJob(trx, jobId, {
            processed: done + batch.length,
            payload: payloadWith('result', result),
          });
          await events.notify(trx, jobId);
        });
        events.changed(jobId);
      }
      const final = { ...result, rows: reading.rows.length, rejected: rejectedRows(reading).length };
      await updateUnfinishedJob(db, jobId, {
        status: 'succeeded',
        error: final.rejected ? `${final.rejected} rows rejected` : null,
        payload: payloadWith('result', final, 'content_base64'),
      });
      await changed(jobId);
    },
  };
}
