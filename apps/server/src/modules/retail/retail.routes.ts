import {
  avgWeightQuerySchema,
  avgWeightSchema,
  bulkScanInsertBodySchema,
  bulkScanInsertedSchema,
  bulkScanListQuerySchema,
  bulkScanListSchema,
  errorBodySchema,
  retailPaths,
  stipendListSchema,
  stipendQuerySchema,
} from '@openrescue/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { errorResponses } from '../../lib/http-error.js';
import { attachmentDisposition } from '../../documents/file-names.js';
import { XLSX_CONTENT_TYPE } from '../../documents/content-types.js';
import { fileAnswer } from '../../lib/file-answers.js';
import { userPrincipal } from '../../plugins/access.js';
import { nextPageUrl } from '../reports/paging.js';
import { boundMicros, intervalOf, microsToIso } from '../reports/time-bounds.js';
import { listBulkScans } from './bulkscan.repository.js';
import { postBulkScans } from './bulkscan.service.js';
import { averageWeights, reasonTexts, stipendMonths, stipendRows } from './stipend.repository.js';

const errors = errorResponses;

/**
 * Staff retail operations (spec 7.3): bulk scans, average weights, stipend report (DESIGN section 4). The hourly
 * pruning of idempotency keys is scheduled by app.ts (idempotency.ts).
 */
export async function retailRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  r.get(retailPaths.bulkScans, {
    config: { access: 'staff' },
    schema: {
      tags: ['retail'],
      description: 'Bulk scan records, newest first; has_reason=true lists the no-pickup records.',
      querystring: bulkScanListQuerySchema,
      response: { 200: bulkScanListSchema, ...errors },
    },
    handler: async (request) => {
      const q = request.query;
      const { count, rows } = await listBulkScans(db, q);
      return { count, next: nextPageUrl(request.url, q.page, q.page_size, count), results: rows };
    },
  });

  r.post(retailPaths.insertBulkScans, {
    config: { access: 'staff' },
    schema: {
      tags: ['retail'],
      description:
        'Inserts hand-entered weights (bulk_scan + donation), all or nothing; optional Idempotency-Key header. ' +
        'Whole kg 1-999, entry_time within the back-date window and not after today; the author is the signed-in user ' +
        '(an email in the items is ignored); any other field is refused (decision 0038).',
      body: bulkScanInsertBodySchema,
      response: { 201: bulkScanInsertedSchema, 422: errorBodySchema, ...errors },
    },
    handler: async (request, reply) => {
      const principal = userPrincipal(request);
      const header = request.headers['idempotency-key'];
      const key = Array.isArray(header) ? header[0] : header;
      const author = { userId: principal.userId, email: principal.email };
      const answer = await postBulkScans(db, author, request.body, key?.trim() || undefined);
      return reply.code(answer.statusCode as 201).send(answer.body as never);
    },
  });

  r.get(retailPaths.averageWeights, {
    config: { access: 'staff' },
    schema: {
      tags: ['retail'],
      description:
        "Average donation weight per department for a store in the window (the 'use average weights' option).",
      querystring: avgWeightQuerySchema,
      response: { 200: avgWeightSchema, ...errors },
    },
    handler: async (request) => {
      const q = request.query;
      const interval = intervalOf(q);
      if (interval.empty) return { results: [] };
      const lo = interval.lo ? microsToIso(boundMicros(interval.lo)) : null;
      const hi = interval.hi ? microsToIso(boundMicros(interval.hi)) : null;
      return { results: await averageWeights(db, q.from_store, lo, hi) };
    },
  });

  r.get(retailPaths.stipend, {
    config: { access: 'staff' },
    schema: {
      tags: ['retail'],
      description: 'One row per receiver x store x month of a pickup schedule (DESIGN section 6 "Stipend fields").',
      querystring: stipendQuerySchema,
      response: { 200: stipendListSchema, ...errors },
    },
    handler: async (request) => {
      const q = request.query;
      const months = stipendMonths(q);
      const { count, rows } = await stipendRows(db, q, months, {
        limit: q.page_size,
        offset: (q.page - 1) * q.page_size,
      });
      return { count, next: nextPageUrl(request.url, q.page, q.page_size, count), results: rows };
    },
  });

  r.get(retailPaths.stipendXlsx, {
    config: { access: 'staff' },
    schema: {
      tags: ['retail'],
      description: 'The filtered stipend report as a spreadsheet, stipend_report_{YYYY-MM}.xlsx (paging ignored).',
      querystring: stipendQuerySchema,
      response: { 200: fileAnswer('The report as an .xlsx workbook.', [XLSX_CONTENT_TYPE]), ...errors },
    },
    handler: async (request, reply) => {
      const q = request.query;
      const months = stipendMonths(q);
      const [{ rows }, reasons] = await Promise.all([stipendRows(db, q, months, null), reasonTexts(db)]);
      // The spreadsheet library loads on first use, not at start.
      const { stipendFileName, stipendXlsxBuffer } = await import('../../documents/xlsx/stipend-xlsx.js');
      const buffer = await stipendXlsxBuffer(rows, reasons, ctx.env.PRODUCT_NAME);
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', attachmentDisposition(stipendFileName(months.from)))
        .send(buffer as never);
    },
  });
}
