import { z } from 'zod';

/**
 * GET {core-api}/api/retail/reports/donation_totals (spec 7.3).
 * Time bounds: a date 'YYYY-MM-DD' is a calendar day in America/Vancouver (__gte from its start, __lte through its
 * end, __gt after its end); a full ISO date-time is that instant. Lists are comma-joined.
 */
const day = /^\d{4}-\d{2}-\d{2}$/;
const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;
export const timeBound = z
  .string()
  .refine(
    (v) => (day.test(v) || instant.test(v)) && !Number.isNaN(Date.parse(v.length === 10 ? `${v}T00:00:00Z` : v)),
    {
      message: "expected a date 'YYYY-MM-DD' or an ISO date-time with a time zone",
    },
  );

/** A page number: (page - 1) x page_size is the query's offset, and a million pages keeps it inside bigint. */
export const pageParam = z.coerce.number().int().min(1).max(1_000_000).default(1);

/** Comma-joined positive ids: '4' or '4,7'. */
export const idList = z
  .string()
  .regex(/^\d{1,9}(,\d{1,9})*$/, 'expected one id or comma-joined ids, e.g. 4 or 4,7')
  .transform((v) => v.split(',').map(Number));

/** from_store_id: by donor store (a charity's dashboard, decision 0066). */
export const ANNOTATE_FIELDS = ['from_department_id', 'destination_id', 'receiver_id', 'from_store_id'] as const;
export type AnnotateField = (typeof ANNOTATE_FIELDS)[number];

export const annotateList = z
  .string()
  .transform((v) => v.split(',').filter(Boolean))
  .pipe(z.array(z.enum(ANNOTATE_FIELDS)));

/** A page of a list (spec 7.3 style): the total count, the next page's URL or null, and this page's rows. */
export const listPageSchema = <T extends z.ZodTypeAny>(row: T) =>
  z.object({ count: z.number(), next: z.string().nullable(), results: z.array(row) });

export const booleanFlag = z.enum(['true', 'false']).transform((v) => v === 'true');

// ---- the report filter: which donations a report reads (decision 0045) ----

/**
 * Which donations a report reads: those of these companies and these stores and these receivers. An absent list
 * does not limit; an empty one matches nothing. One shape from the dashboard's address to the repositories' SQL: a
 * store selection becomes one (`storeScopeFilter`), the API carries it as from_company_id, from_store_id and
 * receiver_id (`reportFilterParams`), the query schemas read those back into `filter`, the server narrows it to
 * what the caller may see (section 6) and the repositories turn it into SQL.
 */
export interface ReportFilter {
  companyIds?: number[];
  storeIds?: number[];
  receiverIds?: number[];
}

/** The filter's query parameters (spec 7.3): comma-joined ids. */
export const reportFilterFields = {
  from_company_id: idList.optional(),
  from_store_id: idList.optional(),
  receiver_id: idList.optional(),
};

/** A parsed query with its three id lists gathered into its `filter`. */
export function withReportFilter<
  Q extends { from_company_id?: number[]; from_store_id?: number[]; receiver_id?: number[] },
>(query: Q): Omit<Q, 'from_company_id' | 'from_store_id' | 'receiver_id'> & { filter: ReportFilter } {
  const { from_company_id, from_store_id, receiver_id, ...rest } = query;
  const filter: ReportFilter = {};
  if (from_company_id) filter.companyIds = from_company_id;
  if (from_store_id) filter.storeIds = from_store_id;
  if (receiver_id) filter.receiverIds = receiver_id;
  return { ...rest, filter };
}

/** A filter as query parameters, the inverse of the query schemas' reading. */
export function reportFilterParams(filter: ReportFilter): {
  from_company_id?: string;
  from_store_id?: string;
  receiver_id?: string;
} {
  const params: { from_company_id?: string; from_store_id?: string; receiver_id?: string } = {};
  if (filter.companyIds) params.from_company_id = filter.companyIds.join(',');
  if (filter.storeIds) params.from_store_id = filter.storeIds.join(',');
  if (filter.receiverIds) params.receiver_id = filter.receiverIds.join(',');
  return params;
}

/** What the dashboard reports on: every store, one company's stores, or one store. */
export type StoreScope = { kind: 'all' } | { kind: 'company'; id: number } | { kind: 'store'; id: number };

/** The dashboard's `store` address parameter and its selector's values: 'all', 'company-4' or 'store-12'. */
export const storeScopeParam = z.union([
  z.literal('all').transform((): StoreScope => ({ kind: 'all' })),
  z
    .string()
    .regex(/^(company|store)-\d{1,9}$/)
    .transform(storeScopeOfKey),
]);

/** The scope a key of `storeScopeKey` names (unchecked: read untrusted values with `storeScopeParam`). */
export function storeScopeOfKey(key: string): StoreScope {
  if (key === 'all') return { kind: 'all' };
  const [kind, id] = key.split('-');
  return { kind: kind as 'company' | 'store', id: Number(id) };
}

/** A store scope as its parameter value, the inverse of `storeScopeParam`. */
export function storeScopeKey(scope: StoreScope): string {
  return scope.kind === 'all' ? 'all' : `${scope.kind}-${scope.id}`;
}

/** The donations a store scope reports on. */
export function storeScopeFilter(scope: StoreScope): ReportFilter {
  if (scope.kind === 'company') return { companyIds: [scope.id] };
  if (scope.kind === 'store') return { storeIds: [scope.id] };
  return {};
}

export const donationTotalsQuerySchema = z
  .object({
    entry_time__gt: timeBound.optional(),
    entry_time__gte: timeBound.optional(),
    entry_time__lte: timeBound.optional(),
    ...reportFilterFields,
    annotate: annotateList.optional(),
    annotate_metrics: booleanFlag.optional(),
    annotate_entry_time: z.enum(['date', 'date-week', 'date-month']).optional(),
    /**
     * Also the same sums for the previous period of the same length and the same period a year earlier, in the same
     * answer (issue 38, decision 0072). Needs entry_time__gte and entry_time__lte as calendar dates.
     */
    compare: booleanFlag.optional(),
    /** Up to 10000 is accepted; a page holds at most TOTALS_PAGE_MAX rows and `next` gives the rest. */
    page_size: z.coerce.number().int().min(1).max(10000).default(50),
    page: pageParam,
  })
  .strict()
  .transform(withReportFilter);
/**
 * The most rows one donation_totals page holds (issue 32, decision 0041): a larger page_size is served in pages of
 * this size. The dashboard's longest series (Max: 60 months x 7 departments) fits in one.
 */
export const TOTALS_PAGE_MAX = 1000;
export type DonationTotalsQuery = z.infer<typeof donationTotalsQuerySchema>;

/** Spec section 3 "Report row": the grouping columns asked for, then the sums. */
export const reportRowSchema = z.object({
  destination_id: z.number().optional(),
  from_department_id: z.number().optional(),
  receiver_id: z.number().optional(),
  from_store_id: z.number().optional(),
  /** Start of the period: the day, the Monday of the week, or the first of the month (America/Vancouver). */
  date: z.string().optional(),
  weight_kg__sum: z.number(),
  meals_provided__sum: z.number().optional(),
  food_rescued_kg__sum: z.number().optional(),
  co2_emissions_kg__sum: z.number().optional(),
  /** Only for admin-style users (section 6). */
  money_saved__sum: z.number().optional(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

/** One comparison period of a `compare=true` answer: its first and last day and its rows (the same page of them). */
export const comparisonPeriodSchema = z.object({
  entry_time__gte: z.string(),
  entry_time__lte: z.string(),
  count: z.number().int(),
  results: z.array(reportRowSchema),
});
export type ComparisonPeriod = z.infer<typeof comparisonPeriodSchema>;

export const donationTotalsSchema = listPageSchema(reportRowSchema).extend({
  /** The impact factor version the sums were computed with (DESIGN.md "Impact metrics"). */
  impact_factor_version: z.number().optional(),
  /** With compare=true: the previous period of the same length and the same period a year earlier. */
  comparison: z.object({ previous: comparisonPeriodSchema, year_ago: comparisonPeriodSchema }).optional(),
});
export type DonationTotals = z.infer<typeof donationTotalsSchema>;
