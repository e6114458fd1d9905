import { z } from 'zod';
import { pagingQuery, searchParam } from './lookups.js';
import { BULK_SCAN_ORDERING, orderingParam, STIPEND_ORDERING } from './ordering.js';
import { booleanFlag, idList, listPageSchema, timeBound } from './reports.js';

/**
 * Retail operations (spec 7.3, DESIGN section 4 "Bulk-scan entry", "Stipend report", "Public links"):
 * GET retail/bulkscan, POST bulkscan/, GET retail/donations/getAvgWtPerStore, GET retail/stipend-report(.xlsx),
 * and the staff public-link endpoints.
 */

// ---- GET {core-api}/api/retail/bulkscan (the No-pickups screen uses has_reason=true) ----
/** Reason ids are smallints (1 to 8): a longer number would overflow the column's type in the query. */
const reasonIdList = z
  .string()
  .regex(/^\d{1,4}(,\d{1,4})*$/, 'expected one reason id or comma-joined reason ids, e.g. 2 or 2,5')
  .transform((v) => v.split(',').map(Number));

export const bulkScanListQuerySchema = z
  .object({
    ...pagingQuery,
    /** One or more bulk scan ids (the detail panel at /{id} asks for its row this way). */
    id: idList.optional(),
    store_id: idList.optional(),
    receiver_id: idList.optional(),
    reason_id: reasonIdList.optional(),
    has_reason: booleanFlag.optional(),
    entry_time__gte: timeBound.optional(),
    entry_time__lte: timeBound.optional(),
    search: searchParam.optional(),
    ordering: orderingParam(BULK_SCAN_ORDERING).optional(),
  })
  .strict();
export type BulkScanListQuery = z.infer<typeof bulkScanListQuerySchema>;

/** Spec section 3 "Bulk scan record", plus its id, the receiver's name and the reason text. */
export const bulkScanRowSchema = z.object({
  id: z.number(),
  receiver_id: z.number(),
  receiver: z.string(),
  store: z.string(),
  store_id: z.number(),
  reason_id: z.number().nullable(),
  reason: z.string().nullable(),
  destination: z.number(),
  destination_name: z.string(),
  department: z.number().nullable(),
  creation_time: z.string(),
  weight_kg: z.number().nullable(),
  entry_time: z.string(),
  email: z.string().nullable(),
});
export type BulkScanRow = z.infer<typeof bulkScanRowSchema>;
export const bulkScanListSchema = listPageSchema(bulkScanRowSchema);

// ---- POST {core-api}/api/bulkscan/ ----
export const BULK_SCAN_MAX_ITEMS = 1000;
/**
 * How far back a weight may be entered (decision 0038): a back date up to this many days before the network's today
 * (America/Vancouver). The stored time is 7 hours earlier than the picked one, so it may fall on the day before.
 */
export const BULK_SCAN_BACK_DAYS = 90;
/**
 * Items are checked one by one by the server so a 400 can name the item index and its problem. Every rule of spec
 * section 5 "Weight entry" holds on the server too (whole kg, 1 to 3 digits), and no other field is accepted. The
 * author is the signed-in user: `email` stays in the item because spec 7.3 lists it, and is ignored (decision 0038).
 */
export const bulkScanItemSchema = z
  .object({
    store_id: z.number().int().min(1).max(999_999_999),
    department: z.number().int().min(1).max(7),
    /** Ignored: the server records the signed-in user as the author and shows that user's e-mail. */
    email: z.string().max(320).nullable().optional(),
    /** Whole kg, 1 to 999 (section 5: digits only, 1 to 3 digits). */
    weight_kg: z
      .number()
      .int('must be a whole number of kg (digits only)')
      .min(1, 'must be at least 1 kg')
      .max(999, 'must be at most 999 kg'),
    receiver_id: z.number().int().min(1).max(999_999_999),
    destination: z.literal(1),
    /**
     * Already shifted 7 hours back by the client; stored as received. Not after the end of the network's today and
     * not before the back-date window (BULK_SCAN_BACK_DAYS).
     */
    entry_time: z.string().max(40),
  })
  .strict();
export type BulkScanItem = z.infer<typeof bulkScanItemSchema>;
export const bulkScanInsertBodySchema = z.array(z.unknown());
export const bulkScanInsertedSchema = z.array(bulkScanRowSchema);

// ---- GET {core-api}/api/retail/donations/getAvgWtPerStore ----
export const avgWeightQuerySchema = z
  .object({
    from_store: z.coerce.number().int().min(1).max(999_999_999),
    entry_time__gte: timeBound.optional(),
    entry_time__lte: timeBound.optional(),
  })
  .strict();
export const avgWeightSchema = z.object({
  results: z.array(z.object({ from_department_id: z.number(), avg_wt: z.number() })),
});

// ---- GET {core-api}/api/retail/stipend-report ----
const yearMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "expected a month 'YYYY-MM'");
export const stipendQuerySchema = z
  .object({
    ...pagingQuery,
    year_month: yearMonth.optional(),
    year_month__gte: yearMonth.optional(),
    year_month__lte: yearMonth.optional(),
    receiver_id: idList.optional(),
    store_id: idList.optional(),
    company_id: idList.optional(),
    ordering: orderingParam(STIPEND_ORDERING).optional(),
  })
  .strict();
export type StipendQuery = z.infer<typeof stipendQuerySchema>;

const count = z.number();
/** Spec section 3 "Stipend report row" as DESIGN section 6 "Stipend fields" defines it. */
export const stipendRowSchema = z.object({
  item_id: z.string(),
  receiver: z.number(),
  receiver_name: z.string(),
  receiver_type: z.string(),
  receiver_diversion_type: z.string(),
  is_lead_charity: z.boolean(),
  store: z.number(),
  store_name: z.string(),
  store_type: z.string(),
  store_start_date: z.string(),
  year_month: z.string(),
  reason_1: count,
  reason_2: count,
  reason_3: count,
  reason_4: count,
  reason_5: count,
  reason_6: count,
  reason_7: count,
  reason_8: count,
  /** Scheduled days without a pickup and without a no-pickup record. */
  reason_null: count,
  schedule_code: z.string(),
  expected_service_days: count,
  actual_service_days: count,
  expected_non_service_days: count,
  actual_non_service_days: count,
});
export type StipendRow = z.infer<typeof stipendRowSchema>;
export const stipendListSchema = listPageSchema(stipendRowSchema);

// ---- {ops-api}/public-links/{receiver|store}/{id} ----
export const publicLinkParamsSchema = z
  .object({ kind: z.enum(['receiver', 'store']), id: z.coerce.number().int().min(1).max(999_999_999) })
  .strict();
export const publicLinkSchema = z.object({
  kind: z.enum(['receiver', 'store']),
  id: z.number(),
  scope: z.string(),
  token_version: z.number(),
  url: z.string(),
});

// ---- {ops-api}/public-links/store/{id}/poster: the printed posters' short link (decision 0050) ----
export const posterLinkParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(999_999_999) }).strict();
export const posterLinkSchema = z.object({
  store_id: z.number(),
  /** The opaque short id; {origin}/p/{code} is what the poster's QR code carries. */
  code: z.string(),
  url: z.string(),
  created_at: z.string(),
});
export const posterLinkCodeParamsSchema = z.object({ code: z.string().max(64) }).strict();

/** The retail module: bulk scans, weight entry, the stipend report. */
export const retailPaths = {
  bulkScans: '/core-api/api/retail/bulkscan',
  /** POST: weight entry (no `retail/`, and a trailing slash, as the spec spells it). */
  insertBulkScans: '/core-api/api/bulkscan/',
  averageWeights: '/core-api/api/retail/donations/getAvgWtPerStore',
  stipend: '/core-api/api/retail/stipend-report',
  stipendXlsx: '/core-api/api/retail/stipend-report.xlsx',
} as const;

export const publicLinksPaths = {
  link: '/ops-api/public-links/:kind/:id',
  rotate: '/ops-api/public-links/:kind/:id/rotate',
  /** GET: the store's live poster link (made on first use); POST …/revoke: a new one, every printed one stops. */
  posterLink: '/ops-api/public-links/store/:id/poster',
  revokePosterLink: '/ops-api/public-links/store/:id/poster/revoke',
  /** The short address a printed poster's QR code carries: a redirect to the store's public report. */
  posterShort: '/p/:code',
  /** POST: the link (or the poster link) was copied to share it: an entry in the audit trail, nothing else. */
  copied: '/ops-api/public-links/:kind/:id/copied',
  posterCopied: '/ops-api/public-links/store/:id/poster/copied',
} as const;

/**
 * The same links managed from the client app by those who own them (issue 37 section 3, decision 0069): company
 * users with all-store access for their company's stores, charity users for their receivers. Same answers as
 * publicLinksPaths; anything else answers like a missing store or receiver (404).
 */
export const clientLinksPaths = {
  link: '/core-api/api/public-links/:kind/:id',
  rotate: '/core-api/api/public-links/:kind/:id/rotate',
  copied: '/core-api/api/public-links/:kind/:id/copied',
  posterLink: '/core-api/api/public-links/store/:id/poster',
  revokePosterLink: '/core-api/api/public-links/store/:id/poster/revoke',
  posterCopied: '/core-api/api/public-links/store/:id/poster/copied',
} as const;
/** Either set: the console's (staff) or the client app's (owners); the same routes otherwise. */
export type LinkPaths = Omit<typeof publicLinksPaths, 'posterShort'> | typeof clientLinksPaths;
