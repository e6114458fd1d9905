import type { ReportDocument } from './report-document.js';

/**
 * A company's month as one document (issue 37 §2, decision 0068): the company's own report (its month by department
 * x destination and its year to date, the sum of its stores) and each store's report, stores by name. The builders
 * (xlsx/company-report-xlsx.ts, pdf/company-report-pdf.ts) take exactly this.
 */
export interface CompanyReportDocument {
  company: ReportDocument;
  stores: ReportDocument[];
  /** The download name without its extension, e.g. 'Harvest_Valley_Foods_company_report_2026-10-31'. */
  file_stem: string;
}
