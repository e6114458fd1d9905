import {
  ERROR_TYPES,
  jobAlreadyInQueueMessage,
  NETWORK_IMPORT_JOB_NAME,
  NETWORK_IMPORT_PREVIEW_ROWS,
  type NetworkImportBody,
  type NetworkImportJob,
  type NetworkImportPreview,
  type NetworkImportResult,
} from '@openrescue/shared';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../lib/http-error.js';
import { jobWithPayload } from '../jobs/job-rows.repository.js';
import { CsvFileError } from './network.csv.js';
import { insertImportJob } from './network.import-job.js';
import { acceptedRows, planImport, readImportFile, rejectedRows } from './network.import.js';

/** The console's import (decision 0054): a preview that writes nothing, then the import as a job. */

function read(ctx: AppContext, body: NetworkImportBody) {
  try {
    return readImportFile(Buffer.from(body.content_base64, 'base64'), {
      ...body,
      file: body.file_name,
      productName: ctx.env.PRODUCT_NAME,
    });
  } catch (error) {
    if (error instanceof CsvFileError)
      throw new HttpError(400, ERROR_TYPES.validation, `${body.file_name}: nothing can be imported`, error.message);
    throw error;
  }
}

export async function previewImport(ctx: AppContext, body: NetworkImportBody): Promise<NetworkImportPreview> {
  const reading = read(ctx, body);
  const planned = await planImport(ctx.database.db, acceptedRows(reading), ctx.env.PRODUCT_NAME);
  const rejected = rejectedRows(reading);
  const counts = { add: 0, update: 0, unchanged: 0 };
  for (const p of planned) counts[p.action] += 1;
  return {
    file: reading.file,
    encoding: reading.encoding,
    rows: reading.rows.length,
    accepted: planned.slice(0, NETWORK_IMPORT_PREVIEW_ROWS).map(({ row, action }) => ({
      row: row.row,
      line: row.line,
      name: row.name,
      type: row.organization.sf_type,
      city: row.organization.city,
      action,
    })),
    accepted_count: planned.length,
    counts,
    rejected: rejected.slice(0, NETWORK_IMPORT_PREVIEW_ROWS),
    rejected_count: rejected.length,
    columns: reading.columns,
    unknown_types: reading.unknownTypes,
    footer: reading.footer,
  };
}

const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505';
const conflict = (detail: string) =>
  new HttpError(409, ERROR_TYPES.conflict, jobAlreadyInQueueMessage(NETWORK_IMPORT_JOB_NAME), detail);

/** Checks the file as the preview does (a file that cannot be read is a 400, not a failed job), then starts the job. */
export async function startImport(ctx: AppContext, userId: string | null, body: NetworkImportBody) {
  read(ctx, body);
  const running = await ctx.repos.jobs.activeByName(NETWORK_IMPORT_JOB_NAME);
  if (running) throw conflict(`${running.id} is ${running.status} (${running.processed} of ${running.total} rows).`);
  let jobId: string;
  try {
    jobId = await ctx.database.db.transaction().execute(async (trx) => {
      const id = await insertImportJob(trx, body, userId);
      await ctx.jobEvents.notify(trx, id);
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('Another import was started a moment ago.');
    throw error;
  }
  ctx.jobEvents.changed(jobId);
  ctx.jobRunner.wake();
  const [job] = await ctx.repos.jobs.byIds([jobId]);
  return { job };
}

export async function importJob(ctx: AppContext, id: string): Promise<NetworkImportJob> {
  const [job] = await ctx.repos.jobs.byIds([id]);
  if (!job || job.kind !== NETWORK_IMPORT_JOB_NAME)
    throw new HttpError(404, ERROR_TYPES.notFound, `No network import ${id}`);
  const row = await jobWithPayload(ctx.database.db, id);
  const result = (row?.payload as { result?: NetworkImportResult } | undefined)?.result ?? null;
  return { job, result };
}
