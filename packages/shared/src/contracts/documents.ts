import { z } from 'zod';

/**
 * JSON shapes of the monthly donation report and the store poster (decision 0004). The builders in this folder
 * take exactly these objects, so a download and a published document show the same figures as the screen.
 * Shared by the server (routes, xlsx and pdf builders) and the web app.
 */

/** ?month=YYYY-MM-01 (the first day of a calendar month, America/Vancouver). */
export const monthParam = z
  .string()
  .regex(/^(19|20)\d{2}-(0[1-9]|1[0-2])-01$/, 'expected the first day of a month, YYYY-MM-01');

export const reportMonthQuerySchema = z.object({ month: monthParam.optional() }).strict();

const metrics = {
  weight_kg: z.number(),
  /** kg x 2.20462 rounded up (section 9). */
  weight_lb: z.number(),
  meals_provided: z.number(),
  co2_emissions_kg: z.number(),
  /** Only for admin-style users (section 6). */
  money_saved: z.number().optional(),
  donation_count: z.number(),
};
export const metricTotalsSchema = z.object(metrics);
export type MetricTotals = z.infer<typeof metricTotalsSchema>;

export const monthRowSchema = z.object({
  department_id: z.number(),
  department: z.string(),
  destination_id: z.number(),
  destination: z.string(),
  ...metrics,
});
export type MonthRow = z.infer<typeof monthRowSchema>;

export const ytdRowSchema = z.object({ month: z.string(), ...metrics });
export type YtdRow = z.infer<typeof ytdRowSchema>;

export const rawRowSchema = z.object({
  /** 'YYYY-MM-DD HH:mm:ss' in America/Vancouver. */
  entry_time: z.string(),
  from_company: z.string(),
  from_store: z.string(),
  department: z.string(),
  destination: z.string(),
  weight_kg: z.number(),
});
export type RawRow = z.infer<typeof rawRowSchema>;

export const reportHeadingSchema = z.object({
  kind: z.enum(['store', 'receiver']),
  id: z.number(),
  name: z.string(),
  /** The store's company; for a receiver, the company the viewer's data is limited to (null: every donor). */
  company: z.string().nullable(),
  /** For a receiver: the one store the viewer's data is limited to (a store user's reporting store), else null. */
  store: z.string().nullable().optional(),
  month: z.string(),
  month_label: z.string(),
  month_end: z.string(),
});
export type ReportHeading = z.infer<typeof reportHeadingSchema>;

export const monthlyReportSchema = z.object({
  heading: reportHeadingSchema,
  money_saved_visible: z.boolean(),
  month: z.object({ rows: z.array(monthRowSchema), totals: metricTotalsSchema }),
  ytd: z.object({ from: z.string(), to: z.string(), rows: z.array(ytdRowSchema), totals: metricTotalsSchema }),
  /** Receivers only: the month's donations, oldest first, at most `limit`. */
  raw_data: z
    .object({ count: z.number(), limit: z.number(), truncated: z.boolean(), rows: z.array(rawRowSchema) })
    .nullable(),
  impact_factor_version: z.number(),
  /** What the .xlsx download is called (the same name its Content-Disposition gives). */
  xlsx_filename: z.string(),
  /**
   * When a bulk scan of this month was corrected or deleted after the month's report was published (decision 0061):
   * the report says "Corrected after publishing on <date>". Absent or null otherwise.
   */
  corrected_after_publishing: z.string().nullable().optional(),
});
export type MonthlyReport = z.infer<typeof monthlyReportSchema>;

export const logoSchema = z.object({
  key: z.string(),
  label: z.string(),
  color: z.string(),
  /** Icon drawn in a 24 x 24 box. */
  paths: z.array(z.object({ d: z.string(), fill: z.string() })),
});
export type BrandLogo = z.infer<typeof logoSchema>;

const posterFigures = z.object({
  meals_provided: z.number(),
  weight_kg: z.number(),
  weight_lb: z.number(),
  co2_emissions_kg: z.number(),
});
export type PosterFigures = z.infer<typeof posterFigures>;

export const posterSchema = z.object({
  store: z.object({ id: z.number(), name: z.string(), company: z.string(), start_date: z.string() }),
  month: z.string(),
  month_label: z.string(),
  month_end: z.string(),
  logo: logoSchema,
  /** N: receivers__nr_supported_charities__sum, falling back to receivers__count. */
  supported_count: z.number(),
  supported_count_source: z.enum(['nr_supported_charities', 'receivers_count']),
  last_month: posterFigures,
  since_start: posterFigures.extend({ from: z.string(), from_label: z.string() }),
  impact_factor_version: z.number(),
  public_report_url: z.string(),
  /** The QR code of public_report_url (the short poster link, /p/{code}) as unit squares in a size x size box. */
  qr: z.object({ d: z.string(), size: z.number() }),
  pdf_filename: z.string(),
});
export type Poster = z.infer<typeof posterSchema>;

/** Monthly reports (store or receiver) and store posters, as JSON and as files. */
export const documentsPaths = {
  monthlyReport: <K extends 'store' | 'receiver'>(kind: K) => `/core-api/api/reports/monthly/${kind}/:id` as const,
  monthlyReportXlsx: <K extends 'store' | 'receiver'>(kind: K) =>
    `/core-api/api/reports/monthly/${kind}/:id.xlsx` as const,
  poster: '/core-api/api/reports/poster/:id',
  posterPdf: '/core-api/api/reports/poster/:id.pdf',
} as const;
