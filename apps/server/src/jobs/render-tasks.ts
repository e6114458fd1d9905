import { DEPARTMENTS, DESTINATIONS, type MetricTotals, type Poster } from '@openrescue/shared';
import type { PosterLayoutOptions } from '../documents/pdf/poster-layout.js';
import {
  renderedDocument,
  renderPublishedDocuments,
  type RenderedDocument,
  type RenderedDocuments,
} from '../documents/publish-render.js';
import type { CompanyReportDocument } from '../documents/company-report-document.js';
import type { ReportDocument } from '../documents/report-document.js';
import { monthlyReportXlsxBuffer } from '../documents/xlsx/monthly-report-xlsx.js';

/**
 * What a render thread makes: a published report's spreadsheet and PDF, a download's spreadsheet, or a store poster's
 * PDF (issue 32: it was rendered on the HTTP thread).
 */
export type RenderKind = 'published' | 'xlsx' | 'poster' | 'company-xlsx' | 'company-pdf' | 'pdf-merge' | 'warm';
export interface RenderInputs {
  published: ReportDocument;
  xlsx: ReportDocument;
  poster: { poster: Poster; layout: PosterLayoutOptions };
  /** A company report's spreadsheet (decision 0068). */
  'company-xlsx': CompanyReportDocument;
  /** A part of a company report's PDF: its summary, or the pages of `doc.stores`. */
  'company-pdf': { doc: CompanyReportDocument; part: 'summary' | 'stores' };
  /** The parts' PDFs as one. */
  'pdf-merge': { parts: Uint8Array[]; title: string };
  /** A thread's preparation (render-pool.ts `warm({ prepare: true })`, decision 0077). */
  warm: null;
}
export interface RenderResults {
  published: RenderedDocuments;
  xlsx: RenderedDocument;
  poster: RenderedDocument;
  'company-xlsx': RenderedDocument;
  'company-pdf': RenderedDocument;
  'pdf-merge': RenderedDocument;
  warm: RenderedDocument;
}

export interface RenderOptions {
  productName: string;
  date: Date;
}

// A copy owns its memory, so it can be transferred (Node's small buffers share one pooled ArrayBuffer).
const own = (d: RenderedDocument): RenderedDocument => (d.ok ? { ok: true, data: new Uint8Array(d.data) } : d);

const totals = (kg: number): MetricTotals => ({
  weight_kg: kg,
  weight_lb: kg * 2.20462,
  meals_provided: kg / 0.544,
  co2_emissions_kg: kg * 3.36,
  donation_count: 3,
});

/** A two-store company report with names in the scripts whose fonts are small (CJK families load on demand). */
function warmUpDocument(): CompanyReportDocument {
  const report = (kind: 'company' | 'store', id: number, name: string): ReportDocument => ({
    heading: {
      kind,
      id,
      name,
      company: 'Warm-up Foods',
      store: null,
      month: '2026-01-01',
      month_label: 'Jan 2026',
      month_end: '2026-01-31',
    },
    money_saved_visible: false,
    month: {
      rows: DEPARTMENTS.flatMap((d) =>
        DESTINATIONS.map((x) => ({
          department_id: d.id,
          department: d.name,
          destination_id: x.id,
          destination: x.name,
          ...totals(d.id * 10 + x.id),
        })),
      ),
      totals: totals(500),
    },
    ytd: { from: '2026-01-01', to: '2026-01-31', rows: [{ month: '2026-01-01', ...totals(500) }], totals: totals(500) },
    raw_data: null,
    impact_factor_version: 1,
    xlsx_filename: '',
  });
  return {
    company: report('company', 1, 'Warm-up Foods'),
    stores: [report('store', 1, 'Warm-up Kitsilano Гастроном'), report('store', 2, 'سوق الخير ਪੰਜਾਬ ਸਵੀਟਸ')],
    file_stem: 'warm-up',
  };
}

/**
 * Loads every company-report renderer and the fonts of a sample, and renders it (its spreadsheet, its PDF's parts and
 * their merge), so that the thread's first real document does not pay for loading and compiling them.
 */
async function warmUp(options: RenderOptions): Promise<RenderedDocument> {
  const doc = warmUpDocument();
  const xlsx = await runRenderTask('company-xlsx', doc, options);
  const parts = await Promise.all(
    (['summary', 'stores'] as const).map((part) => runRenderTask('company-pdf', { doc, part }, options)),
  );
  const data = parts.flatMap((p) => (p.ok ? [p.data] : []));
  const merged = await runRenderTask('pdf-merge', { parts: data, title: 'warm-up' }, options);
  const failed = [xlsx, ...parts, merged].find((d) => !d.ok);
  return failed ?? { ok: true, data: new Uint8Array(0) };
}

/** Renders one task, on whichever thread calls it; the result's documents own their bytes (transferable). */
export async function runRenderTask<K extends RenderKind>(
  kind: K,
  input: RenderInputs[K],
  options: RenderOptions,
): Promise<RenderResults[K]> {
  if (kind === 'warm') return (await warmUp(options)) as RenderResults[K];
  if (kind === 'poster') {
    const { poster, layout } = input as RenderInputs['poster'];
    // The PDF library loads on the first poster, not with the thread.
    const { renderPosterPdf } = await import('../documents/pdf/poster-pdf.js');
    return own(await renderedDocument(renderPosterPdf(poster, layout))) as RenderResults[K];
  }
  if (kind === 'company-xlsx') {
    const { companyReportXlsxBuffer } = await import('../documents/xlsx/company-report-xlsx.js');
    const doc = input as RenderInputs['company-xlsx'];
    return own(await renderedDocument(companyReportXlsxBuffer(doc, options))) as RenderResults[K];
  }
  if (kind === 'company-pdf') {
    const { renderCompanyReportPdf } = await import('../documents/pdf/company-report-pdf.js');
    const { doc, part } = input as RenderInputs['company-pdf'];
    return own(await renderedDocument(renderCompanyReportPdf(doc, { ...options, part }))) as RenderResults[K];
  }
  if (kind === 'pdf-merge') {
    const { mergePdfs } = await import('../documents/pdf/merge-pdf.js');
    const { parts, title } = input as RenderInputs['pdf-merge'];
    const merged = mergePdfs(parts, { title, producer: options.productName, date: options.date });
    return own(await renderedDocument(merged)) as RenderResults[K];
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
