import {
  companyReportJobBodySchema,
  companyReportJobParamsSchema,
  companyReportJobSchema,
  companyReportPaths,
  errorBodySchema,
  lastDayOfMonth,
  reportMonthQuerySchema,
} from '@openrescue/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { renderCompanyReport } from '../../documents/company-report-render.js';
import { PDF_CONTENT_TYPE, XLSX_CONTENT_TYPE } from '../../documents/content-types.js';
import { attachmentDisposition } from '../../documents/file-names.js';
import { documentDate } from '../../documents/report-document.js';
import type { RenderPool } from '../../jobs/render-pool.js';
import { fileAnswer } from '../../lib/file-answers.js';
import { errorResponsesWithNotFound, notFound } from '../../lib/http-error.js';
import { userPrincipal } from '../../plugins/access.js';
import { reportMonth } from '../documents/report-month.js';
import { createHeavyReads } from '../reports/heavy-reads.js';
import {
  assertInline,
  companyReportCaller,
  companyReportJob,
  jobCompanyId,
  startCompanyReportJob,
} from './company-report.access.js';
import { companyReportKey } from './company-report.jobs.js';
import { loadCompanyReport } from './company-report.service.js';

const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }).strict();
const errors = { ...errorResponsesWithNotFound, 409: errorBodySchema, 429: errorBodySchema };
const TYPES = { xlsx: XLSX_CONTENT_TYPE, pdf: PDF_CONTENT_TYPE } as const;

/** The company report (issue 37 §2, decision 0068): at once for a small company, as a job with progress for a large one. */
export async function companyReportRoutes(app: FastifyInstance, { ctx, pool }: { ctx: AppContext; pool: RenderPool }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const heavyRead = createHeavyReads(ctx);

  for (const type of ['xlsx', 'pdf'] as const) {
    r.get(companyReportPaths[type], {
      config: { access: 'signed-in' },
      schema: {
        tags: ['reports'],
        description:
          `The company report as ${type === 'xlsx' ? 'a spreadsheet (Summary, then a sheet per store: Month and YTD)' : 'a PDF (summary, then a page per store)'}, ` +
          'for a company user who sees all stores (or staff). 409 above 50 stores: start a job instead.',
        params: idParams,
        querystring: reportMonthQuerySchema,
        response: { 200: fileAnswer(`The company report as .${type}.`, [TYPES[type]]), ...errors },
      },
      handler: (request: FastifyRequest, reply: FastifyReply) =>
        heavyRead('documents', request, reply, async () => {
          const { params, query } = request as FastifyRequest<{
            Params: { id: number };
            Querystring: { month?: string };
          }>;
          const month = reportMonth(query.month);
          const { company, money } = await companyReportCaller(ctx, request, params.id);
          await assertInline(ctx, company.id);
          const doc = await loadCompanyReport(ctx.database.db, company, month, { money });
          const out = await renderCompanyReport(pool, doc, {
            date: documentDate(lastDayOfMonth(month)),
            xlsx: type === 'xlsx',
            pdf: type === 'pdf',
          });
          const data = out[type]!;
          return reply
            .header('content-type', TYPES[type])
            .header('content-disposition', attachmentDisposition(`${doc.file_stem}.${type}`))
            .header('cache-control', 'private, no-store')
            .send(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
        }),
    });
  }

  r.post(companyReportPaths.jobs, {
    config: { access: 'signed-in' },
    schema: {
      tags: ['reports'],
      description:
        'Starts the company report of a month as a durable job (or answers the one running for that company and month); ' +
        'its progress: GET the job; its files once it succeeded.',
      params: idParams,
      body: companyReportJobBodySchema,
      response: { 202: companyReportJobSchema, ...errors },
    },
    handler: async (request, reply) => {
      const month = reportMonth(request.body.month);
      const { company, money } = await companyReportCaller(ctx, request, request.params.id);
      const job = await startCompanyReportJob(
        ctx,
        { company_id: company.id, month, money },
        userPrincipal(request).userId,
      );
      return reply.code(202).send(job);
    },
  });

  async function jobFor(request: FastifyRequest, jobId: string) {
    await companyReportCaller(ctx, request, jobCompanyId(jobId));
    return companyReportJob(ctx, jobId);
  }

  r.get(companyReportPaths.job, {
    config: { access: 'signed-in' },
    schema: {
      tags: ['reports'],
      description:
        "A company report job's status and progress (stores rendered of total), and its files' names once done.",
      params: companyReportJobParamsSchema,
      response: { 200: companyReportJobSchema, ...errors },
    },
    handler: (request) => jobFor(request, request.params.jobId),
  });

  for (const type of ['xlsx', 'pdf'] as const) {
    r.get(type === 'xlsx' ? companyReportPaths.jobXlsx : companyReportPaths.jobPdf, {
      config: { access: 'signed-in' },
      schema: {
        tags: ['reports'],
        description: `The .${type} a succeeded company report job stored (404 until then).`,
        params: companyReportJobParamsSchema,
        response: { 200: fileAnswer(`The company report as .${type}.`, [TYPES[type]]), ...errors },
      },
      handler: async (request, reply) => {
        const job = await jobFor(request, request.params.jobId);
        const file = job.files ? await ctx.files.read(companyReportKey(job.id, type)) : null;
        if (!job.files || !file) throw notFound(`The company report job ${job.id} has no .${type} (yet).`);
        return reply
          .header('content-type', TYPES[type])
          .header('content-length', file.size)
          .header('content-disposition', attachmentDisposition(job.files[type]))
          .header('cache-control', 'private, no-store')
          .send(file.stream() as never);
      },
    });
  }
}
