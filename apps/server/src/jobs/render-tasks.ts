import type { Poster } from '@openrescue/shared';
import type { PosterLayoutOptions } from '../documents/pdf/poster-layout.js';
import {
  renderedDocument,
  renderPublishedDocuments,
  type RenderedDocument,
  type RenderedDocuments,
} from '../documents/publish-render.js';
import type { ReportDocument } from '../documents/report-document.js';
import { monthlyReportXlsxBuffer } from '../documents/xlsx/monthly-report-xlsx.js';

/**
 * What a render thread makes: a published report's spreadsheet and PDF, a download's spreadsheet, or a store poster's
 * PDF (issue 32: it was rendered on the HTTP thread).
 */
export type RenderKind = 'published' | 'xlsx' | 'poster';
export interface RenderInputs {
  published: ReportDocument;
  xlsx: ReportDocument;
  poster: { poster: Poster; layout: PosterLayoutOptions };
}
export interface RenderResults {
  published: RenderedDocuments;
  xlsx: RenderedDocument;
  poster: RenderedDocument;
}

export interface RenderOptions {
  productName: string;
  date: Date;
}

// A copy owns its memory, so it can be transferred (Node's small buffers share one pooled ArrayBuffer).
const own = (d: RenderedDocument): RenderedDocument => (d.ok ? { ok: true, data: new Uint8Array(d.data) } : d);

/** Renders one task, on whichever thread calls it; the result's documents own their bytes (transferable). */
export async function runRenderTask<K extends RenderKind>(
  kind: K,
  input: RenderInputs[K],
  options: RenderOptions,
): Promise<RenderResults[K]> {
  if (kind === 'poster') {
    const { poster, layout } = input as RenderInputs['poster'];
    // The PDF library loads on the first poster, not with the thread.
    const { renderPosterPdf } = await import('../documents/pdf/poster-pdf.js');
    return own(await renderedDocument(renderPosterPdf(poster, layout))) as RenderResults[K];
  }
  const report = input as ReportDocument;
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
