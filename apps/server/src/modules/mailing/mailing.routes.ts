import {
  charityPosterContactListSchema,
  charityPosterContactSchema,
  charityPosterContactsQuerySchema,
  charityPosterMailRequestSchema,
  charityPosterMailResponseSchema,
  contactIdParamsSchema,
  errorBodySchema,
  mailingPaths,
  publicPagePaths,
  unsubscribeQuerySchema,
  unsubscribeResponseSchema,
} from '@openrescue/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userPrincipal } from '../../plugins/access.js';
import type { AppContext } from '../../context.js';
import { auditActorOf } from '../audit/audit.actor.js';
import { recordAudit, recordAuditOnce } from '../audit/audit.service.js';
import { redirectAnswer } from '../../lib/file-answers.js';
import { errorResponses, errorResponsesWithNotFound, notFound } from '../../lib/http-error.js';
import { nextPageUrl } from '../reports/paging.js';
import { type ContactRow, createMailingRepository as repository } from './mailing.repository.js';
import { contactFilters, queueCharityReportMails, reportLinks } from './mailing.service.js';
import { unsubscribe } from './unsubscribe.service.js';

const errors = errorResponses;
/** What a mail client posts (RFC 8058); any form body is taken. */
const oneClickForm = z.looseObject({ 'List-Unsubscribe': z.literal('One-Click') });
const idempotencyHeaders = z.object({ 'idempotency-key': z.string().min(1).max(200).optional() });

/** Spec 7.3 charity poster contacts: the mailable list and the report mail send (outbox worker: mailing.outbox.ts). */
export async function mailingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = repository(ctx.database.db);
  const withLinks = async (rows: ContactRow[]) => {
    const links = await reportLinks(ctx, rows);
    return rows.map((c) => ({
      id: c.id,
      receiver_id: c.receiver_id,
      email: c.email,
      first_name: c.first_name,
      report_type: c.report_type,
      organization_name: c.organization_name,
      report_url: links.get(c.receiver_id) ?? '',
      unsubscribed_at: c.unsubscribed_at?.toISOString() ?? null,
    }));
  };
  // The one-click unsubscribe POST is a form (RFC 8058: multipart or urlencoded, `List-Unsubscribe=One-Click`);
  // the token in the address is all it needs, so the body is read and set aside.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => done(null, body));
  }
  const publicUnsubscribe = {
    access: 'public' as const,
    rateLimit: {
      max: 30,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => `mail-unsubscribe:${request.ip}`,
    },
  };

  r.get(mailingPaths.contacts, {
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
      const { count, rows } = await repo.contacts(
        { ...contactFilters(q), ids: q.id },
        { limit: q.page_size, offset: (q.page - 1) * q.page_size, ordering: q.ordering },
      );
      const results = await withLinks(rows);
      // What Send would queue for these filters (the id filter is the detail panel's, never a send's).
      const mailers = await repo.mailRecipients(contactFilters(q));
      return { count, next: nextPageUrl(request.url, q.page, q.page_size, count), results, mailers };
    },
  });

  r.post(mailingPaths.mail, {
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
      const { with_company_id, with_receiver_id, all, month } = request.body;
      const result = await queueCharityReportMails(
        ctx,
        request.body,
        { userId: user.userId, key: request.headers['idempotency-key'] },
        // An entry written alone (a send to no one): a retry with the same key finds it and writes no second one.
        (db, send) =>
          (send.alone ? recordAuditOnce : recordAudit)(db, auditActorOf(request), {
            action: 'mail.send',
            objectType: 'mail_send',
            objectId: send.send_id,
            detail: { month, with_company_id, with_receiver_id, all, mailers: send.mailers },
          }),
      );
      return { result };
    },
  });

  r.post(mailingPaths.resubscribe, {
    config: { access: 'staff' },
    schema: {
      tags: ['mailing'],
      description: 'Re-enables the report mail for a contact who unsubscribed (unsubscribed_at back to null).',
      params: contactIdParamsSchema,
      response: { 200: charityPosterContactSchema, ...errorResponsesWithNotFound },
    },
    handler: async (request) => {
      if (!(await repo.resubscribe(request.params.id))) throw notFound(`No contact with id ${request.params.id}.`);
      const { rows } = await repo.contacts({ ids: [request.params.id] });
      return (await withLinks(rows))[0];
    },
  });

  r.post(mailingPaths.unsubscribe, {
    config: publicUnsubscribe,
    schema: {
      tags: ['mailing'],
      description:
        "One-click unsubscribe (RFC 8058): the report mail's List-Unsubscribe address. Marks the token's contact " +
        'unsubscribed (Mailable Contacts shows it; sends skip it until staff re-enable it). Any form body.',
      querystring: unsubscribeQuerySchema,
      otherBodies: { 'application/x-www-form-urlencoded': oneClickForm, 'multipart/form-data': oneClickForm },
      response: { 200: unsubscribeResponseSchema, ...errorResponsesWithNotFound },
    },
    handler: async (request) => {
      const done = await unsubscribe(ctx, request.query.t);
      return { email: done.email, unsubscribed_at: done.since };
    },
  });

  r.get(mailingPaths.unsubscribe, {
    // A redirect that reads nothing: no budget to spend.
    config: { access: 'public' },
    schema: {
      tags: ['mailing'],
      description:
        'The List-Unsubscribe address opened in a browser: 303 to the page that asks before unsubscribing (a GET ' +
        'changes nothing, so link checkers cannot unsubscribe anyone).',
      querystring: unsubscribeQuerySchema,
      response: { 303: redirectAnswer('To the page that asks before unsubscribing.') },
    },
    handler: async (request, reply) => reply.redirect(publicPagePaths.unsubscribe(request.query.t), 303),
  });
}
