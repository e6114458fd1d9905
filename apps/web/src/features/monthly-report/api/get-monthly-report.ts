import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { documentsPaths, pathTo } from '@openrescue/shared';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';
import type { MonthlyReport, ReportKind } from './types';

export const monthlyReportPath = (kind: ReportKind, id: string) =>
  apiUrl(pathTo(documentsPaths.monthlyReport(kind), { id }));
export const monthlyReportXlsxPath = (kind: ReportKind, id: string) =>
  apiUrl(pathTo(documentsPaths.monthlyReportXlsx(kind), { id }));

/**
 * GET {core}/api/reports/monthly/{kind}/{id}?month=YYYY-MM-01: Month, YTD and (receivers) Raw Data. `bearer` is a
 * read-only public link's credential, sent instead of the signed-in user's token.
 */
export function getMonthlyReport(kind: ReportKind, id: string, month: string, signal?: AbortSignal, bearer?: string) {
  return api.get<MonthlyReport>(monthlyReportPath(kind, id), { query: { month }, signal, bearer });
}

export const monthlyReportQueryOptions = (kind: ReportKind, id: string, month: string, bearer?: string) =>
  queryOptions({
    queryKey:
      bearer === undefined
        ? ['reports', 'monthly', kind, id, month]
        : ['reports', 'monthly', kind, id, month, { bearer }],
    queryFn: ({ signal }) => getMonthlyReport(kind, id, month, signal, bearer),
    // A refused link stays refused: no retries.
    ...(bearer === undefined ? {} : { retry: false }),
  });

/** Keeps the previous month on screen while the next one loads, so tabs and tables do not jump. */
export function useMonthlyReport(kind: ReportKind, id: string, month: string, bearer?: string) {
  return useQuery({ ...monthlyReportQueryOptions(kind, id, month, bearer), placeholderData: keepPreviousData });
}
