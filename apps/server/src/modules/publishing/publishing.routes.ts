import { availableParallelism } from 'node:os';
import {
  appsheetFindBodySchema, appsheetFindQuerySchema, appsheetFindResultSchema, appsheetTableParamsSchema, errorBodySchema,
  generatedFileIdParamsSchema, generatedFilesZipQuerySchema, publishBatchBodySchema, publishBatchResultSchema,
} from '@openrescue/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import type { RenderedDocuments } from '../../documents/publish-render.js';
import type { ReportDocument } from '../../documents/report-document.js';
import { attachmentDisposition } from '../../documents/file-names.js';
import { createRenderPool } from '../../jobs/render-pool.js';
import { errorResponses, errorResponsesWithNotFound } from '../../lib/http-error.js';
import { userPrincipal } from '../../plugins/access.js';
import { generatedFileDownload, generatedFilesZip } from './publishing.downloads.js';
import { createPublishHandler } from './publishing.jobs.js';
import { findAction, selectorQuery, startPublishJob } from './publishing.service.js';
import { storeMissingDocuments } from './publishing.stored-documents.js';

type Render = (report: ReportDocument, date: Date) => Promise<RenderedDocuments>;
const renderOverrides = new WeakMap<AppContext, (report: ReportDocument, date: Date, real: Render) => Promise<RenderedDocuments>>();

/** Tests: wrap the renderer of one app (e.g. to make one file's render fail). */
export function overridePublishRender(ctx: AppContext, wrap: (report: ReportDocument, date: Date, real: Render) => Promise<RenderedDocuments>) {
  renderOverrides.set(ctx, wrap);
}

/** Publishing (spec 2.3, 2.4, 7.1, 7.6; decision 0008): staff only. */
export async function publishingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const pool = createRenderPool({
    size: ctx.env.RENDER_WORKERS ?? Math.min(4, availableParallelism()),
    productName: ctx.env.PRODUCT_NAME,
    log: app.log,
  });
  const real: Render = (report, date) => pool.render(report, date);
  ctx.jobRunner.register(
    createPublishHandler({
      db, files: ctx.files, events: ctx.jobEvents,
      render: (report, date) => (renderOverrides.get(ctx)?.(report, date, real) ?? real(report, date)),
      warm: () => pool.warm(),
    }),
  );
  app.addHook('onClose', async () => pool.close());
  ctx.jobRunner.afterStart('demo documents', async (stopping) => {
    const stored = await storeMissingDocuments(db, ctx.files, real, stopping);
    if (stored) app.log.info({ stored }, 'stored the documents the demo data refers to');
  });

  r.post('/ops-api/appsheet/table/:table/action', {
    config: { access: 'staff' },
    schema: {
      tags: ['publishing'],
      description:
        'Action Find on GeneratedFile, PublishFile or Company with an AppSheet-style Selector (grammar in the ' +
        'publishing contract); 5,000 rows a page, `next` is the following page (POST the same body).',
      params: appsheetTableParamsSchema,
      querystring: appsheetFindQuerySchema,
      body: appsheetFindBodySchema,
      response: { 200: appsheetFindResultSchema, ...errorResponses },
    },
    handler: async (request) => {
      const path = request.url.split('?')[0];
      return findAction(ctx, request.params.table, request.body, request.query.page, path);
    },
  });

  r.post('/ops-api/appsheet/table/PublishFile/batchAction', {
    config: { access: 'staff' },
    schema: {
      tags: ['publishing'],
      description:
        'AdvanceSingleFileChangeTime: starts one durable publish job for Rows (202), or answers "nothing to process" ' +
        '(200, no job); 409 "Job already in queue: {TaskName}" while a job of that name is initialized, started or progressing.',
      body: publishBatchBodySchema,
      response: { 200: publishBatchResultSchema, 202: publishBatchResultSchema, 409: errorBodySchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const principal = userPrincipal(request);
      const answer = await startPublishJob(ctx, principal.userId, request.body);
      return reply.code(answer.status).send(answer.body);
    },
  });

  r.get('/ops-api/files/generated/:id', {
    config: { access: 'staff' },
    schema: {
      tags: ['publishing'],
      description: 'One generated file, streamed with its Content-Length; named from receiver, company and store names, the entry date and the extension.',
      params: generatedFileIdParamsSchema,
      response: errorResponsesWithNotFound,
    },
    handler: async (request, reply) => {
      const file = await generatedFileDownload(db, ctx.files, request.params.id);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.stream() as never);
    },
  });

  r.get('/ops-api/files/generated.zip', {
    config: { access: 'staff' },
    schema: {
      tags: ['publishing'],
      description: 'Download all: the stored documents a GeneratedFile Selector finds (newest first, at most 5,000) as one zip, streamed with its Content-Length.',
      querystring: generatedFilesZipQuerySchema,
      response: errorResponses,
    },
    handler: async (request, reply) => {
      const q = selectorQuery('GeneratedFile', request.query.selector);
      const zip = await generatedFilesZip(db, ctx.files, q);
      if (zip.size !== null) reply.header('content-length', zip.size);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachmentDisposition(zip.fileName))
        .header('x-file-count', zip.count)
        .header('cache-control', 'private, no-store')
        .send(zip.stream as never);
    },
  });
}
