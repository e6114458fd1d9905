import {
  reportFilterParams,
  reportsPaths,
  storeScopeFilter,
  TOTALS_PAGE_MAX,
  type DonationTotals,
  type Granularity,
  type ReportRow,
} from '@openrescue/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';
import type { BreakdownField } from '../lib/chart-data';
import { scopeKey, type Scope } from '../lib/scope';

/**
 * The server's largest page (decision 0041): the longest range by day or by month times every category fits in one;
 * a longer answer is read page by page through `next`.
 */
const PAGE_SIZE = TOTALS_PAGE_MAX;
/** A bound on pages followed, so a wrong `next` cannot loop. */
const MAX_PAGES = 20;

export interface DonationTotalsParams {
  /** First and last calendar day, 'YYYY-MM-DD' (America/Vancouver). */
  from: string;
  to: string;
  scope: Scope;
  annotate: BreakdownField;
  /** Set for a line chart: one row per category and period. */
  granularity?: Granularity;
}

/** One page of GET {core}/api/retail/reports/donation_totals (spec 7.3, decision 0004), compared or not. */
function getTotalsPage(params: DonationTotalsParams, page: number, compare: boolean, signal?: AbortSignal) {
  return api.get<DonationTotals>(apiUrl(reportsPaths.donationTotals), {
    signal,
    query: {
      entry_time__gte: params.from,
      entry_time__lte: params.to,
      ...reportFilterParams(storeScopeFilter(params.scope)),
      annotate: params.annotate,
      annotate_metrics: true,
      annotate_entry_time: params.granularity,
      ...(compare ? { compare: true } : {}),
      page_size: PAGE_SIZE,
      ...(page > 1 ? { page } : {}),
    },
  });
}

/** The query key of a totals request; the compared request's ends with 'compare'. */
const totalsKey = (params: DonationTotalsParams) =>
  [
    'reports',
    'donation_totals',
    scopeKey(params.scope),
    params.from,
    params.to,
    params.annotate,
    params.granularity ?? 'total',
  ] as const;

/** GET {core}/api/retail/reports/donation_totals (spec 7.3, decision 0004), every page of it. */
export async function getDonationTotals(params: DonationTotalsParams, signal?: AbortSignal): Promise<ReportRow[]> {
  const rows: ReportRow[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const response = await getTotalsPage(params, page, false, signal);
    rows.push(...(response?.results ?? []));
    if (!response?.next) break;
  }
  return rows;
}

export const donationTotalsQueryOptions = (params: DonationTotalsParams) =>
  queryOptions({
    queryKey: totalsKey(params),
    queryFn: ({ signal }) => getDonationTotals(params, signal),
    // Keep the last figures on screen while a new range or store loads.
    placeholderData: keepPreviousData,
  });

export function useDonationTotals(params: DonationTotalsParams, enabled = true) {
  return useQuery({ ...donationTotalsQueryOptions(params), enabled });
}

/** The range's rows with the previous period's and the year-earlier period's (compare=true, decision 0072). */
export interface ComparedTotals {
  rows: ReportRow[];
  previous: { from: string; to: string; rows: ReportRow[] };
  yearAgo: { from: string; to: string; rows: ReportRow[] };
}

/**
 * The same request with compare=true: the server answers all three periods from the same rollups in one response.
 * Every page of the range carries the same page of both comparison periods.
 */
export async function getComparedTotals(params: DonationTotalsParams, signal?: AbortSignal): Promise<ComparedTotals> {
  const answer: ComparedTotals = {
    rows: [],
    previous: { from: '', to: '', rows: [] },
    yearAgo: { from: '', to: '', rows: [] },
  };
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const response = await getTotalsPage(params, page, true, signal);
    answer.rows.push(...(response?.results ?? []));
    const comparison = response?.comparison;
    if (comparison) {
      answer.previous.from = comparison.previous.entry_time__gte;
      answer.previous.to = comparison.previous.entry_time__lte;
      answer.previous.rows.push(...comparison.previous.results);
      answer.yearAgo.from = comparison.year_ago.entry_time__gte;
      answer.yearAgo.to = comparison.year_ago.entry_time__lte;
      answer.yearAgo.rows.push(...comparison.year_ago.results);
    }
    const more =
      comparison && (comparison.previous.count > page * PAGE_SIZE || comparison.year_ago.count > page * PAGE_SIZE);
    if (!response?.next && !more) break;
  }
  return answer;
}

export const comparedTotalsQueryOptions = (params: DonationTotalsParams) =>
  queryOptions({
    queryKey: [...totalsKey(params), 'compare'],
    queryFn: ({ signal }) => getComparedTotals(params, signal),
    placeholderData: keepPreviousData,
  });

export function useComparedTotals(params: DonationTotalsParams, enabled = true) {
  return useQuery({ ...comparedTotalsQueryOptions(params), enabled });
}
