/** GET {core}/api/reports/monthly/{store|receiver}/{id} (decision 0004): the shared contract. */
export type { MetricTotals, MonthlyReport, MonthRow, RawRow, YtdRow } from '@openrescue/shared';

export type ReportKind = 'store' | 'receiver';
