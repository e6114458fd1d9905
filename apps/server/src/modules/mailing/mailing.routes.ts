import {
  charityPosterContactListSchema, charityPosterContactsQuerySchema, charityPosterMailRequestSchema,
  charityPosterMailResponseSchema, errorBodySchema,
} from '@openrescue/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userPrincipal } from '../../plugins/access.js';
import type { AppContext } from '../../context.js';
import { errorResponses } from '../../lib/http-error.js';
import { nextPageUrl } from '../reports/paging.js';
import { registerMailOutbox } from './mailing.outbox.js';
import { createMailingRepository } from './mailing.repository.js';
import { contactFilters, queueCharityReportMails, reportLinks } from './mailing.service.js';

const errors = errorResponses;
const idempotencyHeaders = z.object({ 'idempotency-key': z.string().min(1).max(200).optional() });

/** Spec 7.3 charity poster contacts: the mailable list and the report mail send (with its outbox worker). */
export async function mailingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = createMailingRepository(ctx.database.db);
  registerMailOutbox(app, ctx);

  r.get('/core-api/api/retail/reports/charity_poster_contacts/', {
    config: { access: 'staff' },
    schema: {
      tags: ['mailing'],
      description:
        'Mailable charity contacts (spec 3): email, first_name, report_type, organization_name (the receiver) and ' +
        "report_url (the receiver's public report link). with_company_id: contacts of receivers linked to its stores; " +
        'id: only the given contacts (the detail panel).',
      querystring: charityPosterContactsQuerySchema,
      response: { 200: charityPosterContactListSchema, ...errors },
    },
    handler: async (request) => {
      const q = request.query;
      const { count, rows } = await repo.contacts({ ...contactFilters(q), ids: q.id }, { limit: q.page_size, offset: (q.page - 1) * q.page_size });
      const links = await reportLinks(ctx, rows);
      const results = rows.map((c) => ({
        id: c.id, receiver_id: c.receiver_id, email: c.email, first_name: c.first_name, report_type: c.report_type,
        organization_name: c.organization_name, report_url: links.get(c.receiver_id) ?? '',
      }));
      return { count, next: nextPageUrl(request.url, q.page, q.page_size, count), results };
    },
  });

  r.post('/core-api/api/reports/charity_poster_contacts/', {
    config: { access: 'staff' },
    schema: {
      tags: ['mailing'],
      description:
        'Queues one report mail per contact named by the body (one send, one transaction; a contact is never ' +
        'queued twice for one send; an Idempotency-Key makes a retry return the same send). result.mailers = queued. ' +
        'The body names the month and whom: with_company_id, with_receiver_id, or all: true with `contacts`, the ' +
        'count the user confirmed; a missing or incomplete body answers 400, another count of matching contacts 409.',
      body: charityPosterMailRequestSchema,
      headers: idempotencyHeaders,
      response: { 200: charityPosterMailResponseSchema, ...errors, 409: errorBodySchema },
    },
    handler: async (request) => {
      const user = userPrincipal(request);
      const result = await queueCharityReportMails(ctx, request.body, {
        userId: user.userId, key: request.headers['idempotency-key'],
      });
      return { result };
    },
  });
}
