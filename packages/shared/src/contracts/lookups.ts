import { z } from 'zod';
import { orderingParam, RECEIVER_ORDERING, STORE_ORDERING } from './ordering.js';
import { idList, listPageSchema, pageParam } from './reports.js';

/**
 * Lookup lists and report headers (spec 7.3, decision 0004): GET {core-api}/api/companies, receivers, stores,
 * reasons, retail/stores, retail/receivers, reports/stores/, reports/stores/{id} and reports/receivers/{id}.
 * Every list is scoped to what the caller may see (section 6); unknown parameters are a 400 that names them.
 */

/** The lists' `ordering` parameter (decision 0065) is part of the paging conventions: exported with them. */
export * from './ordering.js';

/** Lookup and list pages: `page_size` up to 10000 (DESIGN section 6), default 50 (section 9). */
export const pagingQuery = {
  page_size: z.coerce.number().int().min(1).max(10000).default(50),
  page: pageParam,
};

/** Case-insensitive "name contains". */
export const searchParam = z.string().max(200);

// ---- companies: { data: [...] } ("read as a data list") ----
export const companiesQuerySchema = z
  .object({ ...pagingQuery, search: searchParam.optional(), id: idList.optional() })
  .strict();
export const companyLookupSchema = z.object({
  id: z.number(),
  name: z.string(),
  logo_image_url: z.string().nullable(),
});
export const companyLookupListSchema = z.object({ count: z.number(), data: z.array(companyLookupSchema) });
export type CompanyLookupRow = z.infer<typeof companyLookupSchema>;

// ---- receivers and stores lookups: { count, next, results } ----
export const RECEIVER_TYPES = ['HUB', 'FARM'] as const;
export const receiversLookupQuerySchema = z
  .object({
    ...pagingQuery,
    search: searchParam.optional(),
    id: idList.optional(),
    receiver_type: z.enum(RECEIVER_TYPES).optional(),
  })
  .strict();
export const receiverLookupSchema = z.object({
  id: z.number(),
  name: z.string(),
  receiver_type: z.enum(RECEIVER_TYPES),
});
export const receiverLookupListSchema = listPageSchema(receiverLookupSchema);
export type ReceiverLookupRow = z.infer<typeof receiverLookupSchema>;

export const storesLookupQuerySchema = z
  .object({ ...pagingQuery, search: searchParam.optional(), id: idList.optional(), company_id: idList.optional() })
  .strict();
export const storeLookupSchema = z.object({ id: z.number(), name: z.string(), company_id: z.number() });
export const storeLookupListSchema = listPageSchema(storeLookupSchema);
export type StoreLookupRow = z.infer<typeof storeLookupSchema>;

export const reasonsQuerySchema = z.object({ ...pagingQuery }).strict();
export const reasonSchema = z.object({ id: z.number(), reason: z.string() });
export const reasonListSchema = listPageSchema(reasonSchema);

// ---- Store and Receiver (spec section 3) ----
export const receiverRefSchema = z.object({
  id: z.number(),
  name: z.string(),
  receiver_type: z.enum(RECEIVER_TYPES),
  diversion_type: z.string(),
  nr_supported_charities: z.number(),
});
export const storeRefSchema = z.object({ id: z.number(), name: z.string(), company_id: z.number() });

/** Spec section 3 "Store". `receivers` are ids, or objects with `expand=receivers` (reports/stores always expand). */
export const storeSchema = z.object({
  id: z.number(),
  name: z.string(),
  company_id: z.number(),
  company_name: z.string(),
  start_date: z.string(),
  address: z.string(),
  city: z.string(),
  region: z.string(),
  receivers: z.union([z.array(z.number()), z.array(receiverRefSchema)]),
  /** Receivers with a current pickup schedule. */
  receivers__count: z.number(),
  /** The poster's N: charities those receivers support. */
  receivers__nr_supported_charities__sum: z.number(),
});
export type Store = z.infer<typeof storeSchema>;

/** Spec section 3 "Receiver". `store_set`: the stores it serves that the caller may see (ids, or objects expanded). */
export const receiverSchema = z.object({
  id: z.number(),
  name: z.string(),
  receiver_type: z.enum(RECEIVER_TYPES),
  diversion_type: z.string(),
  address: z.string(),
  city: z.string(),
  region: z.string(),
  contact_email: z.string().nullable(),
  nr_supported_charities: z.number(),
  store_set: z.union([z.array(z.number()), z.array(storeRefSchema)]),
});
export type Receiver = z.infer<typeof receiverSchema>;

export const retailStoresQuerySchema = z
  .object({
    ...pagingQuery,
    search: searchParam.optional(),
    id: idList.optional(),
    company_id: idList.optional(),
    expand: z.enum(['receivers']).optional(),
    ordering: orderingParam(STORE_ORDERING).optional(),
  })
  .strict();
export const storeListSchema = listPageSchema(storeSchema);

export const retailReceiversQuerySchema = z
  .object({
    ...pagingQuery,
    search: searchParam.optional(),
    id: idList.optional(),
    receiver_type: z.enum(RECEIVER_TYPES).optional(),
    expand: z.enum(['store_set']).optional(),
    ordering: orderingParam(RECEIVER_ORDERING).optional(),
  })
  .strict();
export const receiverListSchema = listPageSchema(receiverSchema);

export const reportStoresQuerySchema = z.object({ ...pagingQuery, company_id: idList.optional() }).strict();
export const idParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(999_999_999) }).strict();
