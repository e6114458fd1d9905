import type { DonationTotals, Granularity, ReportRow } from '@openrescue/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { coreUrl } from '../../../config/env';
import { api } from '../../../lib/api';
import type { BreakdownField } from '../lib/chart-data';
import { scopeFilter, scopeKey, type Scope } from '../lib/scope';

/** Enough for the longest range by day or by month times every category; the server caps page_size at 10000. */
const PAGE_SIZE = 10000;

export interface DonationTotalsParams {
  /** First and last calendar day, 'YYYY-MM-DD' (America/Vancouver). */
  from: string;
  to: string;
  scope: Scope;
  annotate: BreakdownField;
  /** Set for a line chart: one row per category and period. */
  granularity?: Granularity;
}

/** GET {core}/api/retail/reports/donation_totals (spec 7.3, decision 0004). */
export async function getDonationTotals(params: DonationTotalsParams, signal?: AbortSignal): Promise<ReportRow[]> {
  const response = await api.get<DonationTotals>(coreUrl('retail/reports/donation_totals'), {
    signal,
    query: {
      entry_time__gte: params.from,
      entry_time__lte: params.to,
      ...scopeFilter(params.scope),
      annotate: params.annotate,
      annotate_metrics: true,
      annotate_entry_time: params.granularity,
      page_size: PAGE_SIZE,
    },
  });
  return response?.results ?? [];
}

export const donationTotalsQueryOptions = (params: DonationTotalsParams) =>
  queryOptions({
    queryKey: [
      'reports', 'donation_totals', scopeKey(params.scope), params.from, params.to, params.annotate,
      params.granularity ?? 'total',
    ],
    queryFn: ({ signal }) => getDonationTotals(params, signal),
    // Keep the last figures on screen while a new range or store loads.
    placeholderData: keepPreviousData,
  });

export function useDonationTotals(params: DonationTotalsParams, enabled = true) {
  return useQuery({ ...donationTotalsQueryOptions(params), enabled });
}
