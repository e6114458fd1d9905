import { renderedDocument, renderPublishedDocuments, type RenderedDocument, type RenderedDocuments } from '../documents/publish-render.js';
import type { ReportDocument } from '../documents/report-document.js';
import { monthlyReportXlsxBuffer } from '../documents/xlsx/monthly-report-xlsx.js';

/** What a render thread makes of a report: a published report's spreadsheet and PDF, or a download's spreadsheet. */
export type RenderKind = 'published' | 'xlsx';
export interface RenderResults {
  published: RenderedDocuments;
  xlsx: RenderedDocument;
}

export interface RenderOptions {
  productName: string;
  date: Date;
}

// A copy owns its memory, so it can be transferred (Node's small buffers share one pooled ArrayBuffer).
const own = (d: RenderedDocument): RenderedDocument => (d.ok ? { ok: true, data: new Uint8Array(d.data) } : d);

/** Renders one task, on whichever thread calls it; the result's documents own their bytes (transferable). */
export async function runRenderTask<K extends RenderKind>(kind: K, report: ReportDocument, options: RenderOptions): Promise<RenderResults[K]> {
  if (kind === 'xlsx') {
    return own(await renderedDocument(monthlyReportXlsxBuffer(report, options))) as RenderResults[K];
  }
  const out = await renderPublishedDocuments(report, options);
  return { xlsx: own(out.xlsx), pdf: own(out.pdf) } as RenderResults[K];
}

/** The buffers a result's documents can hand over to another thread without a copy. */
export function transferList(result: RenderResults[RenderKind]): ArrayBuffer[] {
  const docs = 'ok' in result ? [result] : [result.xlsx, result.pdf];
  return docs.flatMap((d) => (d.ok ? [d.data.buffer as ArrayBuffer] : []));
}
