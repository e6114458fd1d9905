import type { MonthlyReport, ReportHeading } from '@openrescue/shared';

/**
 * A monthly report as the document builders take it: the shared MonthlyReport (screens and downloads) or a
 * company's report, which only publishing makes (COMPANY_REPORT files).
 */
export type ReportKind = ReportHeading['kind'] | 'company';
export type ReportDocument = Omit<MonthlyReport, 'heading'> & {
  heading: Omit<ReportHeading, 'kind'> & { kind: ReportKind };
};

/**
 * The instant written into a published document's metadata (xlsx core properties and zip entries, PDF info): the
 * end of its month, so that rendering the same data again gives the same bytes (decision 0008).
 */
export function documentDate(monthEnd: string): Date {
  return new Date(`${monthEnd}T23:59:58Z`);
}
