import { renderReportPdf } from './pdf/report-pdf.js';
import type { ReportDocument } from './report-document.js';
import { monthlyReportXlsxBuffer } from './xlsx/monthly-report-xlsx.js';

export type RenderedDocument = { ok: true; data: Uint8Array } | { ok: false; error: string };
export interface RenderedDocuments {
  xlsx: RenderedDocument;
  pdf: RenderedDocument;
}

const failure = (error: unknown): RenderedDocument => ({
  ok: false,
  error: error instanceof Error ? error.message : String(error),
});

/**
 * A published report's two documents: the spreadsheet (Month, YTD, Raw Data) and the PDF summary, each stamped with
 * `date` so that the same data always gives the same bytes. One failing does not stop the other.
 */
export async function renderPublishedDocuments(
  report: ReportDocument,
  options: { productName: string; date: Date },
): Promise<RenderedDocuments> {
  const [xlsx, pdf] = await Promise.all([
    monthlyReportXlsxBuffer(report, options).then((data): RenderedDocument => ({ ok: true, data }), failure),
    renderReportPdf(report, options).then((data): RenderedDocument => ({ ok: true, data }), failure),
  ]);
  return { xlsx, pdf };
}
