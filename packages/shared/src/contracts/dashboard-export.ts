import { z } from 'zod';
import { booleanFlag, reportFilterFields, timeBound, withReportFilter } from './reports.js';

/**
 * Issue 38 section 2 (decision 0074): the figures behind a dashboard's cards and graphs, for the scope and range it
 * shows, as JSON, CSV or xlsx (signed-in users, GET .../dashboard_figures[.csv|.xlsx]) and as JSON for integrations
 * with a company API key (GET /core-api/api/integrations/figures). Built on the server from the same totals service
 * as donation_totals, so an export matches the dashboard to the gram.
 */
export const dashboardExportPaths = {
  figures: '/core-api/api/retail/reports/dashboard_figures',
  figuresCsv: '/core-api/api/retail/reports/dashboard_figures.csv',
  figuresXlsx: '/core-api/api/retail/reports/dashboard_figures.xlsx',
  integrationFigures: '/core-api/api/integrations/figures',
  apiKeys: '/core-api/api/company/api-keys',
  apiKey: '/core-api/api/company/api-keys/:id',
} as const;

const dayBound = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "expected a date 'YYYY-MM-DD'");

/**
 * The dashboard's query: its days (at most 5 years, as donation_totals: decision 0073), its scope (as donation_totals
 * takes it), its graphs' granularity and whether it compares.
 */
export const figuresQuerySchema = z
  .object({
    entry_time__gte: dayBound.pipe(timeBound),
    entry_time__lte: dayBound.pipe(timeBound),
    ...reportFilterFields,
    annotate_entry_time: z.enum(['date', 'date-week', 'date-month']).default('date-month'),
    /**
     * Also the comparison periods the dashboard shows: the previous period of the same length and the same period a
     * year earlier (comparisonBounds, decision 0072).
     */
    compare: booleanFlag.optional(),
  })
  .strict()
  .refine((q) => q.entry_time__gte <= q.entry_time__lte, {
    message: 'entry_time__gte must not be after entry_time__lte',
    path: ['entry_time__gte'],
  })
  .transform(withReportFilter);
export type FiguresQuery = z.infer<typeof figuresQuerySchema>;

/** The sums of one row: weight in kg and lb (lb: kgToLb of the kg), the impact figures, money only where allowed. */
const sums = {
  weight_kg: z.number(),
  weight_lb: z.number(),
  food_rescued_kg: z.number(),
  food_rescued_lb: z.number(),
  meals_provided: z.number(),
  co2_emissions_kg: z.number(),
  /** Only for users who may see money saved (section 6); absent otherwise, never 0. */
  money_saved: z.number().optional(),
};
export const figuresSumsSchema = z.object(sums);
export type FiguresSums = z.infer<typeof figuresSumsSchema>;

const categoryRow = z.object({ id: z.number(), name: z.string(), ...sums });
const periodRow = z.object({
  /** Start of the period: the day, the Monday of the week or the first of the month (network time zone). */
  date: z.string(),
  id: z.number(),
  name: z.string(),
  ...sums,
});

export const FIGURES_PERIOD_KINDS = ['current', 'previous', 'year_ago'] as const;
export type FiguresPeriodKind = (typeof FIGURES_PERIOD_KINDS)[number];

export const figuresPeriodSchema = z.object({
  /** 'current' is the range asked for; a comparison period when the dashboard shows one. */
  period: z.enum(FIGURES_PERIOD_KINDS),
  from: z.string(),
  to: z.string(),
  /** The cards: every donation of the period and scope. */
  totals: figuresSumsSchema,
  departments: z.array(categoryRow),
  destinations: z.array(categoryRow),
  departments_by_date: z.array(periodRow),
  destinations_by_date: z.array(periodRow),
});
export type FiguresPeriod = z.infer<typeof figuresPeriodSchema>;

export const figuresSchema = z.object({
  from: z.string(),
  to: z.string(),
  granularity: z.enum(['date', 'date-week', 'date-month']),
  /** The scope's ids as asked (absent: everything the caller may see). */
  from_company_id: z.array(z.number()).optional(),
  from_store_id: z.array(z.number()).optional(),
  receiver_id: z.array(z.number()).optional(),
  money_saved_included: z.boolean(),
  impact_factor_version: z.number().optional(),
  periods: z.array(figuresPeriodSchema),
});
export type Figures = z.infer<typeof figuresSchema>;

// ---- company API keys (read-only figures for integrations) ----
export const apiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  company_id: z.number(),
  /** The key's last four characters, to tell keys apart (never enough to use). */
  key_end: z.string(),
  created_at: z.string(),
  created_by: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.object({ results: z.array(apiKeySchema) });
export const apiKeyCreateSchema = z.object({ name: z.string().trim().min(1).max(100) }).strict();
/** The key itself appears in this answer only; the server keeps its SHA-256. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;
export const apiKeyIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});

/** Requests one company API key may make per minute (the figures API). */
export const API_KEY_REQUESTS_PER_MINUTE = 60;
