import {
  COMPANY_REPORT_INLINE_STORES,
  type CompanyReportJob,
  companyReportPaths,
  lastDayOfMonth,
  pathTo,
} from '@openrescue/shared';
import { useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';

export type CompanyReportFormat = 'xlsx' | 'pdf';

/** A company this large gets its report as a job with progress; a smaller one at once (decision 0068). */
export const reportIsJob = (stores: number) => stores > COMPANY_REPORT_INLINE_STORES;

/** GET {core}/api/reports/company/{id}/report.{xlsx|pdf}?month=: the report at once (at most 50 stores). */
export function downloadCompanyReport(companyId: number, month: string, format: CompanyReportFormat): Promise<Blob> {
  const path = format === 'xlsx' ? companyReportPaths.xlsx : companyReportPaths.pdf;
  return api.get<Blob>(apiUrl(pathTo(path, { id: companyId })), { query: { month }, responseType: 'blob' });
}

/** POST {core}/api/reports/company/{id}/report-jobs: starts the job (or finds the one running for the month). */
export function startCompanyReportJob(companyId: number, month: string) {
  return api.post<CompanyReportJob>(apiUrl(pathTo(companyReportPaths.jobs, { id: companyId })), { month });
}

/** A finished job's file. */
export function downloadCompanyReportJobFile(jobId: string, format: CompanyReportFormat): Promise<Blob> {
  const path = format === 'xlsx' ? companyReportPaths.jobXlsx : companyReportPaths.jobPdf;
  return api.get<Blob>(apiUrl(pathTo(path, { jobId })), { responseType: 'blob' });
}

const ended = (job: CompanyReportJob | undefined) => job?.status === 'succeeded' || job?.status === 'failed';

/** GET {core}/api/reports/company-report-jobs/{id}, every second until the job has ended. */
export function useCompanyReportJob(job: CompanyReportJob | null) {
  return useQuery({
    queryKey: ['company-report-job', job?.id],
    queryFn: ({ signal }) =>
      api.get<CompanyReportJob>(apiUrl(pathTo(companyReportPaths.job, { jobId: job!.id })), { signal }),
    enabled: job !== null,
    initialData: job ?? undefined,
    staleTime: 0,
    refetchInterval: (query) => (ended(query.state.data) ? false : 1000),
  });
}

/** The server's download name: 'Harvest Valley Foods', 2026-10 -> 'Harvest_Valley_Foods_company_report_2026-10-31'. */
export function companyReportFileName(company: string, month: string, format: CompanyReportFormat): string {
  const stem =
    company
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/&/g, ' and ')
      .replace(/[^A-Za-z0-9-]+/g, '_')
      .replace(/_+/g, '_')
      .replace(/^[_-]+|[_-]+$/g, '')
      .slice(0, 120) || 'report';
  return `${stem}_company_report_${lastDayOfMonth(month)}.${format}`;
}
