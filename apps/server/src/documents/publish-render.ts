import { renderReportPdf } from './pdf/report-pdf.js';
import type { ReportDocument } from './report-document.js';
import { monthlyReportXlsxBuffer } from './xlsx/monthly-report-xlsx.js';

export type RenderedDocument = { ok: true; data: Uint8Array } | { ok: false; error: string };
export interface RenderedDocuments {
  xlsx: RenderedDocument;
  pdf: RenderedDocument;
}

/** A document's bytes, or the error that stopped it, as a render thread hands them back. */
export const renderedDocument = (bytes: Promise<Uint8Array>): Promise<RenderedDocument> =>
  bytes.then(
    (data): RenderedDocument => ({ ok: true, data }),
    (error: unknown): RenderedDocument => ({
      ok: false,
      error: error instanceof Error ? error.message : String(error),
    }),
  );

/**
 * A published report's two documents: the spreadsheet (Month, YTD, Raw Data) and the PDF summary, each stamped with
 * `date` so that the same data always gives the same bytes. One failing does not stop the other.
 */
export async function renderPublishedDocuments(
  report: ReportDocument,
  options: { productName: string; date: Date },
): Promise<RenderedDocuments> {
  const [xlsx, pdf] = await Promise.all([
    renderedDocument(monthlyReportXlsxBuffer(report, options)),
    renderedDocument(renderReportPdf(report, options)),
  ]);
  return { xlsx, pdf };
}
