import {
  appsheetFindBodySchema,
  appsheetFindQuerySchema,
  appsheetFindResultSchema,
  appsheetTableParamsSchema,
  errorBodySchema,
  generatedFileIdParamsSchema,
  generatedFilesZipQuerySchema,
  publishBatchBodySchema,
  publishBatchResultSchema,
  publishingPaths,
} from '@openrescue/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { auditActorOf } from '../audit/audit.actor.js';
import { recordAudit } from '../audit/audit.service.js';
import { attachmentDisposition } from '../../documents/file-names.js';
import { fileAnswer } from '../../lib/file-answers.js';
import { errorResponses, errorResponsesWithNotFound } from '../../lib/http-error.js';
import { userPrincipal } from '../../plugins/access.js';
import { CONTENT_TYPES, generatedFileDownload, generatedFilesZip } from './publishing.downloads.js';
import { findAction, selectorQuery, startPublishJob } from './publishing.service.js';

/** Publishing (spec 2.3, 2.4, 7.1, 7.6; decision 0008): staff only. Its pool and jobs: publishing.setup.ts. */
export async function publishingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  r.post(publishingPaths.action, {
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

  r.post(publishingPaths.batchAction, {
    config: { access: 'staff' },
    schema: {
      tags: ['publishing'],
      description:
        'AdvanceSingleFileChangeTime: starts one durable publish job for Rows (202), or answers "nothing to process" ' +
        '(200, no job); 409 "Job already in queue: {TaskName}" while a job of that name is initialized, started or progressing.',
      body: publishBatchBodySchema,
      response: {
        200: publishBatchResultSchema,
        202: publishBatchResultSchema,
        409: errorBodySchema,
        ...errorResponses,
      },
    },
    handler: async (request, reply) => {
      const principal = userPrincipal(request);
      const answer = await startPublishJob(ctx, principal.userId, request.body, (trx, jobId, fileIds) =>
        recordAudit(trx, auditActorOf(request), {
          action: 'publish.start',
          objectType: 'publish_job',
          objectId: jobId,
          detail: { publish_file_ids: fileIds },
        }),
      );
      return reply.code(answer.status).send(answer.body);
    },
  });

  r.get(publishingPaths.generatedFile, {
    config: { access: 'staff' },
    schema: {
      tags: ['publishing'],
      description:
        'One generated file, streamed with its Content-Length; named from receiver, company and store names, the entry date and the extension.',
      params: generatedFileIdParamsSchema,
      response: {
        200: fileAnswer('The file: a spreadsheet or a PDF.', [
          ...Object.values(CONTENT_TYPES),
          'application/octet-stream',
        ]),
        ...errorResponsesWithNotFound,
      },
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

  r.get(publishingPaths.generatedZip, {
    config: { access: 'staff' },
    schema: {
      tags: ['publishing'],
      description:
        'Download all: the stored documents a GeneratedFile Selector finds (newest first, at most 5,000) as one zip, streamed with its Content-Length.',
      querystring: generatedFilesZipQuerySchema,
      response: {
        200: fileAnswer('The zip of the files; X-File-Count says how many.', ['application/zip']),
        ...errorResponses,
      },
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
