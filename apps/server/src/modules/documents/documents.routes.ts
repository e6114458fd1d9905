import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { fileAnswer } from '../../lib/file-answers.js';
import { errorResponsesWithNotFound } from '../../lib/http-error.js';
import {
  documentsPaths,
  errorBodySchema,
  monthlyReportSchema,
  posterSchema,
  reportMonthQuerySchema,
} from '@openrescue/shared';
import { attachmentDisposition, posterFileName } from '../../documents/file-names.js';
import { PDF_CONTENT_TYPE, XLSX_CONTENT_TYPE } from '../../documents/content-types.js';
import type { RenderPool } from '../../jobs/render-pool.js';
import { createDocumentsRepository } from './documents.repository.js';
import { createHeavyReads, type HeavyReadKind } from '../reports/heavy-reads.js';
import { resolveViewer } from '../reports/reports.policy.js';
import { correctedAfterPublishing } from '../retail/bulkscan-correction.repository.js';
import { receiverSubject, storeSubject } from './documents.scope.js';
import { loadMonthlyReport, RAW_ROWS_ON_SCREEN, type ReportSubject } from './monthly-report.service.js';
import { loadPoster } from './poster.service.js';
import type { PosterDownloads } from './poster-downloads.js';
import { reportMonth } from './report-month.js';

type DocumentRequest = FastifyRequest<{ Params: { id: number }; Querystring: { month?: string } }>;
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }).strict();
const errors = { ...errorResponsesWithNotFound, 429: errorBodySchema };

/**
 * Monthly donation reports (spec 2.6) and store posters (2.10) as JSON, .xlsx and .pdf (decision 0004). `downloads`:
 * the documents' own thread, `posterPdf`: poster PDFs rendered there through their cache (documents.setup.ts).
 */
export async function documentsRoutes(
  app: FastifyInstance,
  { ctx, downloads, posterPdf }: { ctx: AppContext; downloads: RenderPool; posterPdf: PosterDownloads },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = createDocumentsRepository(ctx.database.db);
  const heavyRead = createHeavyReads(ctx);
  const monthOf = (q: { month?: string }) => reportMonth(q.month);
  /** Every route here is a costly read: one caller's requests in hand are capped (heavy-reads.ts). */
  const limited =
    <T>(kind: HeavyReadKind, work: (request: DocumentRequest, reply: FastifyReply) => Promise<T>) =>
    (request: FastifyRequest, reply: FastifyReply) =>
      heavyRead(kind, request, reply, () => work(request as DocumentRequest, reply));

  async function subjectFor(request: FastifyRequest, kind: 'store' | 'receiver', id: number) {
    const rv = await resolveViewer(ctx, request);
    const found = kind === 'store' ? await storeSubject(ctx, rv, id) : await receiverSubject(ctx, rv, id);
    const subject: ReportSubject & { kind: typeof kind } = {
      kind,
      id,
      name: found.name,
      company: found.company,
      store: 'store' in found ? found.store : null,
      scope: found.scope,
    };
    return { subject, money: rv.moneySaved };
  }

  for (const kind of ['store', 'receiver'] as const) {
    r.get(documentsPaths.monthlyReport(kind), {
      config: { access: 'client' },
      schema: {
        tags: ['reports'],
        description: `Monthly donation report of a ${kind}: Month, YTD${kind === 'receiver' ? ' and Raw Data' : ''} (spec 2.6).`,
        params: idParams,
        querystring: reportMonthQuerySchema,
        response: { 200: monthlyReportSchema, ...errors },
      },
      handler: limited('reports', async (request: DocumentRequest) => {
        const month = monthOf(request.query);
        const { subject, money } = await subjectFor(request, kind, request.params.id);
        const [report, corrected] = await Promise.all([
          loadMonthlyReport(repo, subject, month, { money, raw: kind === 'receiver', rawLimit: RAW_ROWS_ON_SCREEN }),
          correctedAfterPublishing(ctx.database.db, kind, Number(subject.id), month),
        ]);
        return { ...report, corrected_after_publishing: corrected };
      }),
    });

    r.get(documentsPaths.monthlyReportXlsx(kind), {
      config: { access: 'client' },
      schema: {
        tags: ['reports'],
        description: `The ${kind} report as a spreadsheet: sheets Month, YTD and Raw Data.`,
        params: idParams,
        querystring: reportMonthQuerySchema,
        response: { 200: fileAnswer('The report as an .xlsx workbook.', [XLSX_CONTENT_TYPE]), ...errors },
      },
      handler: limited('documents', async (request: DocumentRequest, reply) => {
        const month = monthOf(request.query);
        const { subject, money } = await subjectFor(request, kind, request.params.id);
        // Stores get the Raw Data sheet too: the same indexed query, and publishing wants all three sheets.
        const report = await loadMonthlyReport(repo, subject, month, { money, raw: true });
        const xlsx = await downloads.renderXlsx(report, new Date());
        return reply
          .header('content-type', XLSX_CONTENT_TYPE)
          .header('content-disposition', attachmentDisposition(report.xlsx_filename))
          .header('cache-control', 'private, no-store')
          .send(Buffer.from(xlsx.buffer, xlsx.byteOffset, xlsx.byteLength));
      }),
    });
  }

  async function posterFor(request: DocumentRequest) {
    const month = monthOf(request.query);
    const rv = await resolveViewer(ctx, request);
    const store = await storeSubject(ctx, rv, request.params.id);
    return loadPoster(ctx, repo, store, month);
  }

  r.get(documentsPaths.poster, {
    config: { access: 'client' },
    schema: {
      tags: ['reports'],
      description: 'Store poster figures (spec 2.10): N, the month and since the store started, brand logo, QR link.',
      params: idParams,
      querystring: reportMonthQuerySchema,
      response: { 200: posterSchema, ...errors },
    },
    handler: limited('reports', (request: DocumentRequest) => posterFor(request)),
  });

  r.get(documentsPaths.posterPdf, {
    config: { access: 'client' },
    schema: {
      tags: ['reports'],
      description: 'The store poster as a vector A4-landscape PDF named poster_{date}.pdf.',
      params: idParams,
      querystring: reportMonthQuerySchema,
      response: { 200: fileAnswer('The poster as a PDF.', [PDF_CONTENT_TYPE]), ...errors },
    },
    handler: limited('documents', async (request: DocumentRequest, reply) => {
      const poster = await posterFor(request);
      // On the downloads' render thread (decision 0041), not on this one.
      const pdf = await posterPdf(poster, {
        productName: ctx.env.PRODUCT_NAME,
        aboutUrl: `${ctx.origin}/public/about-the-numbers`,
      });
      return reply
        .header('content-type', PDF_CONTENT_TYPE)
        .header('content-disposition', attachmentDisposition(posterFileName(poster.month_end)))
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    }),
  });
}
