import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { coreUrl } from '../../../config/env';
import { api } from '../../../lib/api';
import type { MonthlyReport, ReportKind } from './types';

export const monthlyReportPath = (kind: ReportKind, id: string) =>
  coreUrl(`reports/monthly/${kind}/${encodeURIComponent(id)}`);

/** GET {core}/api/reports/monthly/{kind}/{id}?month=YYYY-MM-01: Month, YTD and (receivers) Raw Data. */
export function getMonthlyReport(kind: ReportKind, id: string, month: string, signal?: AbortSignal) {
  return api.get<MonthlyReport>(monthlyReportPath(kind, id), { query: { month }, signal });
}

export const monthlyReportQueryOptions = (kind: ReportKind, id: string, month: string) =>
  queryOptions({
    queryKey: ['reports', 'monthly', kind, id, month],
    queryFn: ({ signal }) => getMonthlyReport(kind, id, month, signal),
  });

/** Keeps the previous month on screen while the next one loads, so tabs and tables do not jump. */
export function useMonthlyReport(kind: ReportKind, id: string, month: string) {
  return useQuery({ ...monthlyReportQueryOptions(kind, id, month), placeholderData: keepPreviousData });
}
