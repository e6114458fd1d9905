import { z } from 'zod';

/** GET {ops-api}/table_metrics (staff): row count and last change of each main table. */
export const TABLE_METRIC_TABLES = [
  'donation',
  'store',
  'receiver',
  'company',
  'bulk_scan',
  'publish_file',
  'generated_file',
  'transcript',
  'network_organization',
  'jobs',
] as const;
export const tableMetricSchema = z.object({
  table: z.enum(TABLE_METRIC_TABLES),
  row_count: z.number(),
  /** true when row_count is the planner's estimate (large tables), false when counted exactly. */
  row_count_estimated: z.boolean(),
  /** ISO instant of the newest insert or update, or null for an empty table. */
  last_change: z.string().nullable(),
});
export const tableMetricListSchema = z.array(tableMetricSchema);
export type TableMetric = z.infer<typeof tableMetricSchema>;

/** GET {core-api}/api/impact-factors (public): every factor version and its source ("About these numbers"). */
export const impactFactorRowSchema = z.object({
  id: z.number(),
  version: z.number(),
  effective_from: z.string(),
  destination_id: z.number(),
  destination: z.string(),
  /** null: the factor applies to every department of the destination. */
  department_id: z.number().nullable(),
  department: z.string().nullable(),
  meals_per_kg: z.number(),
  co2e_per_kg: z.number(),
  money_per_kg: z.number(),
  source_note: z.string(),
  /** In force today for its destination and department (the newest version effective on or before today). */
  current: z.boolean(),
});
export const impactFactorListSchema = z.object({
  /** The newest version in force today: the one donation_totals reports. */
  current_version: z.number().nullable(),
  count: z.number(),
  results: z.array(impactFactorRowSchema),
});
export type ImpactFactorList = z.infer<typeof impactFactorListSchema>;

export const metricsPaths = {
  tableMetrics: '/ops-api/table_metrics',
  impactFactors: '/core-api/api/impact-factors',
} as const;
