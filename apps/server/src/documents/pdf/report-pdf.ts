import { renderToBuffer } from '@react-pdf/renderer';
import type { ReportDocument } from '../report-document.js';
import { pdfFontStack } from './pdf-fonts.js';
import { reportDocument } from './report-layout.js';
import { reportSummary } from './report-summary.js';

export { PDF_CONTENT_TYPE } from '../content-types.js';

export interface ReportPdfOptions {
  productName: string;
  /** Written as the PDF's creation and modification time (and so its file id): documentDate() when publishing. */
  date: Date;
}

/**
 * The monthly report's PDF summary (publishing): one A4 page with the month's figures, department and destination
 * shares and the year to date. The same report and date always give the same bytes.
 */
export async function renderReportPdf(report: ReportDocument, options: ReportPdfOptions): Promise<Buffer> {
  const summary = reportSummary(report, options.productName);
  const element = reportDocument(summary, {
    productName: options.productName,
    monthLabel: report.heading.month_label,
    date: options.date,
    fonts: await pdfFontStack([summary.title, summary.subtitle, options.productName]),
  });
  return renderToBuffer(element as Parameters<typeof renderToBuffer>[0]);
}
