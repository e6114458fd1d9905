import { lastDayOfMonth } from '@openrescue/shared';
import type { Kysely, Transaction } from 'kysely';
import { renderCompanyReport } from '../../documents/company-report-render.js';
import { documentDate } from '../../documents/report-document.js';
import type { DB } from '../../db/schema.js';
import type { JobEvents } from '../../events/job-events.js';
import type { JobControl, JobHandler } from '../../jobs/job-runner.js';
import type { RenderPool } from '../../jobs/render-pool.js';
import type { FileStore } from '../../storage/file-store.js';
import {
  insertNumberedJob,
  isUnfinished,
  jobWithPayload,
  payloadWith,
  updateUnfinishedJob,
} from '../jobs/job-rows.repository.js';
import { createCompanyReportRepository } from './company-report.repository.js';
import { loadCompanyReport } from './company-report.service.js';

export const COMPANY_REPORT_JOB_KIND = 'company_report';

export interface CompanyReportJobPayload {
  company_id: number;
  month: string;
  money: boolean;
  /** The download names, once the files are stored. */
  files?: { xlsx: string; pdf: string };
}

/** One name per company and month: a second start while one runs finds the running one (the active-name index). */
export const companyReportJobName = (companyId: number, month: string) =>
  `${COMPANY_REPORT_JOB_KIND}_${companyId}_${month.slice(0, 7)}`;

/** Where a job's documents are kept. */
export const companyReportKey = (jobId: string, type: 'xlsx' | 'pdf') => `company-reports/${jobId}.${type}`;

/** A new job (in the caller's transaction): company_report_{company}_{YYYY-MM}_{n}, total = stores + 1. */
export const insertCompanyReportJob = (
  trx: Transaction<DB>,
  payload: CompanyReportJobPayload,
  stores: number,
  userId: string | null,
): Promise<string> =>
  insertNumberedJob(trx, {
    name: companyReportJobName(payload.company_id, payload.month),
    kind: COMPANY_REPORT_JOB_KIND,
    payload,
    createdBy: userId,
    total: stores + 1,
  });

/**
 * The company report job (decision 0068): loads the company's month, renders the spreadsheet and the PDF in parts on
 * the render threads (processed: the stores whose pages are done; the last step is the spreadsheet and the merge),
 * stores both under fixed names, then succeeds. A crash or restart renders it again from the start (same names).
 */
export function createCompanyReportHandler(deps: {
  db: Kysely<DB>;
  files: FileStore;
  events: JobEvents;
  pool: RenderPool;
}): JobHandler {
  const { db, events } = deps;
  const setJob = async (id: string, values: Record<string, unknown>) => {
    await updateUnfinishedJob(db, id, values);
    await events.changedEverywhere(db, id);
  };

  return {
    kind: COMPANY_REPORT_JOB_KIND,
    async run(jobId: string, control: JobControl) {
      const job = await jobWithPayload(db, jobId);
      if (!job || !isUnfinished(job.status)) return;
      const payload = job.payload as unknown as CompanyReportJobPayload;
      deps.pool.warm();
      const company = await createCompanyReportRepository(db).company(payload.company_id);
      if (!company) return setJob(jobId, { status: 'failed', error: 'The company no longer exists.' });
      const doc = await loadCompanyReport(db, company, payload.month, { money: payload.money });
      await setJob(jobId, { status: 'progressing', processed: 0, total: doc.stores.length + 1 });
      // Progress as the parts finish, one update at a time, never moving back.
      let written = Promise.resolve();
      let shown = 0;
      const progress = (done: number) => {
        written = written.then(async () => {
          if (done <= shown || control.stopping) return;
          shown = done;
          await setJob(jobId, { processed: done });
        });
      };
      let rendered;
      try {
        rendered = await renderCompanyReport(deps.pool, doc, {
          date: documentDate(lastDayOfMonth(payload.month)),
          xlsx: true,
          pdf: true,
          progress,
        });
      } catch (error) {
        await written;
        return setJob(jobId, { status: 'failed', error: error instanceof Error ? error.message : String(error) });
      }
      await written;
      if (control.stopping) return;
      await deps.files.write(companyReportKey(jobId, 'xlsx'), rendered.xlsx!);
      await deps.files.write(companyReportKey(jobId, 'pdf'), rendered.pdf!);
      const files = { xlsx: `${doc.file_stem}.xlsx`, pdf: `${doc.file_stem}.pdf` };
      await setJob(jobId, {
        status: 'succeeded',
        processed: doc.stores.length + 1,
        error: null,
        payload: payloadWith('files', files),
      });
    },
  };
}
