import type { RenderPool } from '../jobs/render-pool.js';
import type { RenderedDocument } from './publish-render.js';
import type { CompanyReportDocument } from './company-report-document.js';

/** Stores per part of a company report's PDF: small enough for steady progress, large enough to merge quickly. */
export const STORES_PER_PART = 25;

const bytes = (d: RenderedDocument): Uint8Array => {
  if (!d.ok) throw new Error(d.error);
  return d.data;
};

/**
 * A company report's documents on the render threads (decision 0068): the spreadsheet as one task; the PDF as its
 * summary and parts of at most STORES_PER_PART stores' pages, spread over the threads, then merged in order.
 * `progress` hears how many stores' pages are rendered so far.
 */
export async function renderCompanyReport(
  pool: RenderPool,
  doc: CompanyReportDocument,
  options: { date: Date; xlsx: boolean; pdf: boolean; progress?: (storesDone: number) => unknown },
): Promise<{ xlsx: Uint8Array | null; pdf: Uint8Array | null }> {
  const xlsx = options.xlsx ? pool.task('company-xlsx', doc, options.date).then(bytes) : Promise.resolve(null);
  let pdf: Promise<Uint8Array | null> = Promise.resolve(null);
  if (options.pdf) {
    const threads = Math.max(1, pool.size);
    const size = Math.max(1, Math.min(STORES_PER_PART, Math.ceil(doc.stores.length / threads)));
    let done = 0;
    const parts = [pool.task('company-pdf', { doc, part: 'summary' }, options.date).then(bytes)];
    for (let i = 0; i < doc.stores.length; i += size) {
      const stores = doc.stores.slice(i, i + size);
      const part = { doc: { ...doc, stores }, part: 'stores' as const };
      parts.push(
        pool
          .task('company-pdf', part, options.date)
          .then(bytes)
          .then((data) => {
            done += stores.length;
            options.progress?.(done);
            return data;
          }),
      );
    }
    pdf = Promise.all(parts).then(async (all) => {
      const title = `${doc.company.heading.name}: company report, ${doc.company.heading.month_label}`;
      return bytes(await pool.task('pdf-merge', { parts: all, title }, options.date));
    });
  }
  const [x, p] = await Promise.all([xlsx, pdf]);
  return { xlsx: x, pdf: p };
}
