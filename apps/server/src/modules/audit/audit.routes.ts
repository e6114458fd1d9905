import { auditCsvQuerySchema, auditListQuerySchema, auditListSchema, auditPaths } from '@openrescue/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { attachmentDisposition } from '../../documents/file-names.js';
import { fileAnswer } from '../../lib/file-answers.js';
import { errorResponses } from '../../lib/http-error.js';
import { nextPageUrl } from '../reports/paging.js';
import { allAuditEvents, listAuditEvents } from './audit.repository.js';
import { auditCsv } from './audit.service.js';

/** The most entries one CSV holds; a narrower filter gets the rest. */
export const AUDIT_CSV_MAX_ROWS = 50_000;

/**
 * The audit trail (issue 36, decision 0061): staff read it, filtered and paged, or as CSV. Reads only: no route
 * edits or deletes an entry (the table refuses it too, migration 021). Entries are written by recordAudit().
 */
export async function auditRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  r.get(auditPaths.events, {
    config: { access: 'staff' },
    schema: {
      tags: ['audit'],
      description:
        'The audit trail of staff actions, newest first: by person (part of the e-mail, or a user id), object ' +
        '(object_type, object_id), action and network days from/to (both included); paged.',
      querystring: auditListQuerySchema,
      response: { 200: auditListSchema, ...errorResponses },
    },
    handler: async (request) => {
      const q = request.query;
      const { count, rows } = await listAuditEvents(db, q);
      return { count, next: nextPageUrl(request.url, q.page, q.page_size, count), results: rows };
    },
  });

  r.get(auditPaths.eventsCsv, {
    config: { access: 'staff' },
    schema: {
      tags: ['audit'],
      description: `The filtered audit trail as CSV, audit-trail.csv, newest first (paging ignored; at most ${AUDIT_CSV_MAX_ROWS} entries).`,
      querystring: auditCsvQuerySchema,
      response: { 200: fileAnswer('The entries as CSV.', ['text/csv; charset=utf-8']), ...errorResponses },
    },
    handler: async (request, reply) => {
      const events = await allAuditEvents(db, request.query, AUDIT_CSV_MAX_ROWS);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition('audit-trail.csv'))
        .header('cache-control', 'no-store')
        .send(await auditCsv(events));
    },
  });
}
