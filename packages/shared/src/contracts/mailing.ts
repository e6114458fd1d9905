import { z } from 'zod';
import { pagingQuery } from './lookups.js';
import { CONTACT_ORDERING, orderingParam } from './ordering.js';
import { idList, listPageSchema } from './reports.js';

/**
 * Charity poster contacts (spec 3, 7.3): GET {core-api}/api/retail/reports/charity_poster_contacts/ lists them,
 * POST {core-api}/api/reports/charity_poster_contacts/ queues one report mail per matching contact.
 * A company filter means the contacts of receivers linked to that company's stores.
 */
export const charityPosterContactsQuerySchema = z
  .object({
    ...pagingQuery,
    id: idList.optional(),
    with_company_id: idList.optional(),
    with_receiver_id: idList.optional(),
    ordering: orderingParam(CONTACT_ORDERING).optional(),
  })
  .strict();
export type CharityPosterContactsQuery = z.infer<typeof charityPosterContactsQuerySchema>;

export const charityPosterContactSchema = z.object({
  /** The contact's id (opens its detail panel at /{id}) and the receiver it belongs to. */
  id: z.number(),
  receiver_id: z.number(),
  email: z.string(),
  first_name: z.string().nullable(),
  report_type: z.enum(['CHARITY_REPORT', 'POSTER']),
  organization_name: z.string(),
  report_url: z.string(),
  /** When the contact unsubscribed from the report mail (ISO time), or null: sends skip it until staff re-enable it. */
  unsubscribed_at: z.string().nullable(),
});
export type CharityPosterContact = z.infer<typeof charityPosterContactSchema>;
/**
 * `mailers`: how many report mails a send with these filters queues now (issue 36): the matching contacts who did not
 * unsubscribe, a person listed for both report types of one receiver once. The Send dialog says it before sending.
 */
export const charityPosterContactListSchema = listPageSchema(charityPosterContactSchema).extend({
  mailers: z.number().int(),
});

/** One id as a number or digit string; null or '' (a cleared filter in the client) means no filter. */
const filterId = z
  .union([
    z.number().int().min(1).max(999_999_999),
    z.string().regex(/^\d{1,9}$/, 'expected an id'),
    z.null(),
    z.literal(''),
  ])
  .transform((v) => (v === null || v === '' ? undefined : Number(v)))
  .refine((v) => v === undefined || v >= 1, 'expected an id');

export const MAIL_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The most contacts one send may name (a bound on `contacts`, far above any real list). */
export const MAIL_CONTACTS_MAX = 1_000_000;

/**
 * One send names what it sends (issue 32 item 7: an empty POST used to mail every contact): the report month, whom
 * (a company, a receiver, or `all: true` for every contact) and `contacts`, how many contacts the user confirmed
 * (the list's count; required with `all`). When another number of contacts matches now, the send answers 409 and
 * queues nothing. A cleared filter (null or '') names no one.
 */
export const charityPosterMailRequestSchema = z
  .object({
    with_company_id: filterId.optional(),
    with_receiver_id: filterId.optional(),
    /** Every contact, no filter: said explicitly, never implied by a missing filter. */
    all: z.literal(true).optional(),
    /** The report month, YYYY-MM. */
    month: z.string().regex(MAIL_MONTH_PATTERN, 'expected a month as YYYY-MM'),
    /** How many contacts the user confirmed sending to. */
    contacts: z.number().int().min(1).max(MAIL_CONTACTS_MAX).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const filtered = body.with_company_id !== undefined || body.with_receiver_id !== undefined;
    if (!filtered && body.all !== true) {
      ctx.addIssue({
        code: 'custom',
        path: ['all'],
        message: 'name the contacts: with_company_id, with_receiver_id or all: true',
      });
    }
    if (filtered && body.all === true)
      ctx.addIssue({ code: 'custom', path: ['all'], message: 'all: true takes no filter' });
    if (body.all === true && body.contacts === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['contacts'],
        message: 'required with all: the number of contacts confirmed',
      });
    }
  });
export type CharityPosterMailRequest = z.infer<typeof charityPosterMailRequestSchema>;

/** `result.mailers` is shown as the 'Queued' success toast. */
export const charityPosterMailResponseSchema = z.object({
  result: z.object({ mailers: z.number().int(), send_id: z.string() }),
});
export type CharityPosterMailResponse = z.infer<typeof charityPosterMailResponseSchema>;

/** The report mail's one-click unsubscribe (RFC 8058, decision 0051): `t` is the contact's signed token. */
export const unsubscribeQuerySchema = z.object({ t: z.string().max(64) }).strict();
export const unsubscribeResponseSchema = z.object({ email: z.string(), unsubscribed_at: z.string() });
export const contactIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(999_999_999) }).strict();

/** Two different paths on purpose (DESIGN "Bulk-scan time shift"): GET under retail/, POST without it. */
export const mailingPaths = {
  contacts: '/core-api/api/retail/reports/charity_poster_contacts/',
  mail: '/core-api/api/reports/charity_poster_contacts/',
  /** POST: one-click unsubscribe (the mail's List-Unsubscribe); GET: leads to the page that asks first. */
  unsubscribe: '/core-api/api/mail/unsubscribe',
  /** POST (staff): the contact gets the report mail again. */
  resubscribe: '/core-api/api/retail/reports/charity_poster_contacts/:id/resubscribe',
} as const;
