import {
  errorBodySchema,
  liveJobSchema,
  NETWORK_IMPORT_MAX_BYTES,
  networkImportBodySchema,
  networkImportJobParamsSchema,
  networkImportJobSchema,
  networkImportPreviewSchema,
  networkPaths,
} from '@openrescue/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { errorResponses, errorResponsesWithNotFound } from '../../lib/http-error.js';
import { userPrincipal } from '../../plugins/access.js';
import { importJob, previewImport, startImport } from './network.import.service.js';

const tags = ['network'];
// base64 of the largest file, and the JSON around it
const bodyLimit = Math.ceil(NETWORK_IMPORT_MAX_BYTES / 3) * 4 + 64 * 1024;

/**
 * CSV import of CRM accounts from the console (decision 0054; the job handler: network.setup.ts). Staff only. The
 * body carries the file (base64) with the header and type mappings; the preview writes nothing.
 */
export async function networkImportRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(networkPaths.importPreview, {
    config: { access: 'staff' },
    bodyLimit,
    schema: {
      tags,
      description:
        'Reads a CRM account export (CSV) and says what importing it would do: each accepted row (add, update or ' +
        'unchanged) and each rejected row with its reasons, the columns used, unmapped types, the footer skipped. ' +
        'Writes nothing. 400 when the file cannot be read (encoding, not CSV, no name or type column).',
      body: networkImportBodySchema,
      response: { 200: networkImportPreviewSchema, ...errorResponses },
    },
    handler: (request) => previewImport(ctx, request.body),
  });

  r.post(networkPaths.importStart, {
    config: { access: 'staff' },
    bodyLimit,
    schema: {
      tags,
      description:
        'Starts the import of the same body as a job network_import_{n} (progress in accepted rows). 400 as the ' +
        'preview; 409 "Job already in queue: network_import" while another import runs.',
      body: networkImportBodySchema,
      response: { 202: z.object({ job: liveJobSchema }), 409: errorBodySchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      reply.code(202).send(await startImport(ctx, userPrincipal(request).userId, request.body)),
  });

  r.get(networkPaths.importJob, {
    config: { access: 'staff' },
    schema: {
      tags,
      description: 'A network import job: its progress, and once it has ended what it did (added, updated, unchanged).',
      params: networkImportJobParamsSchema,
      response: { 200: networkImportJobSchema, ...errorResponsesWithNotFound },
    },
    handler: (request) => importJob(ctx, request.params.id),
  });
}
