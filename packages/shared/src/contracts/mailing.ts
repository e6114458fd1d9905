import { z } from 'zod';
import { pagingQuery } from './lookups.js';
import { idList, listPageSchema } from './reports.js';

/**
 * Charity poster contacts (spec 3, 7.3): GET {core-api}/api/retail/reports/charity_poster_contacts/ lists them,
 * POST {core-api}/api/reports/charity_poster_contacts/ queues one report mail per matching contact.
 * A company filter means the contacts of receivers linked to that company's stores.
 */
export const charityPosterContactsQuerySchema = z
  .object({ ...pagingQuery, id: idList.optional(), with_company_id: idList.optional(), with_receiver_id: idList.optional() })
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
});
export type CharityPosterContact = z.infer<typeof charityPosterContactSchema>;
export const charityPosterContactListSchema = listPageSchema(charityPosterContactSchema);

/** One id as a number or digit string; null or '' (a cleared filter in the client) means no filter. */
const filterId = z
  .union([z.number().int().min(1).max(999_999_999), z.string().regex(/^\d{1,9}$/, 'expected an id'), z.null(), z.literal('')])
  .transform((v) => (v === null || v === '' ? undefined : Number(v)))
  .refine((v) => v === undefined || v >= 1, 'expected an id');

export const MAIL_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export const charityPosterMailRequestSchema = z
  .object({
    with_company_id: filterId.optional(),
    with_receiver_id: filterId.optional(),
    /** The report month, YYYY-MM; defaults to the previous month. */
    month: z.string().regex(MAIL_MONTH_PATTERN, 'expected a month as YYYY-MM').optional(),
  })
  .strict();
export type CharityPosterMailRequest = z.infer<typeof charityPosterMailRequestSchema>;

/** `result.mailers` is shown as the 'Queued' success toast. */
export const charityPosterMailResponseSchema = z.object({
  result: z.object({ mailers: z.number().int(), send_id: z.string() }),
});
export type CharityPosterMailResponse = z.infer<typeof charityPosterMailResponseSchema>;
