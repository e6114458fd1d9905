import { z } from 'zod';
import { JOB_STATUSES } from '../constants.js';
import { monthParam } from './documents.js';

/**
 * The company report (issue 37 §2, decision 0068): one spreadsheet and one PDF for a company's month, a Summary
 * (one row per store, totals, departments, destinations) and a part per store (Month and YTD). A company of at most
 * COMPANY_REPORT_INLINE_STORES stores is answered at once; a larger one is a durable job with progress.
 */
export const COMPANY_REPORT_INLINE_STORES = 50;

export const companyReportPaths = {
  xlsx: '/core-api/api/reports/company/:id/report.xlsx',
  pdf: '/core-api/api/reports/company/:id/report.pdf',
  /** POST: starts (or finds the running) job for the company and month. */
  jobs: '/core-api/api/reports/company/:id/report-jobs',
  job: '/core-api/api/reports/company-report-jobs/:jobId',
  jobXlsx: '/core-api/api/reports/company-report-jobs/:jobId/report.xlsx',
  jobPdf: '/core-api/api/reports/company-report-jobs/:jobId/report.pdf',
} as const;

export const companyReportJobBodySchema = z.object({ month: monthParam.optional() }).strict();
export const companyReportJobParamsSchema = z
  .object({
    jobId: z.string().regex(/^company_report_\d{1,10}_\d{4}-\d{2}_\d{1,9}$/, 'expected a company report job id'),
  })
  .strict();

export const companyReportJobSchema = z.object({
  id: z.string(),
  company_id: z.number(),
  month: z.string(),
  status: z.enum(JOB_STATUSES),
  /** Stores rendered so far, of `total` (each store's part of the PDF, then the spreadsheet counts one more). */
  processed: z.number(),
  total: z.number(),
  error: z.string().nullable(),
  /** The download names once the job has succeeded. */
  files: z.object({ xlsx: z.string(), pdf: z.string() }).nullable(),
});
export type CompanyReportJob = z.infer<typeof companyReportJobSchema>;
