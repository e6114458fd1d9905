import {
  NETWORK_PAGE_SIZE,
  networkPaths,
  type NetworkArea,
  type NetworkTotalsComparison,
  type NetworkTotalsRow,
} from '@openrescue/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { accessKey, accessQuery, networkUrl, type NetworkAccess } from '../lib/network-access';

export type NetworkTotalsPath = (typeof networkPaths)['impact' | 'donationTotals'];

/** The sums of a totals answer: staff get weight and money saved too, the public page its three figures only. */
export type NetworkFigures = Partial<NetworkTotalsRow>;

/** One compared period of the panel (decision 0078): its dates and figures. */
export interface NetworkPeriod {
  from: string;
  to: string;
  figures: NetworkFigures;
}

/** The panel's comparison: the year to date beside a year earlier, the last 12 months beside the 12 before. */
export interface NetworkComparison {
  yearToDate: { current: NetworkPeriod; yearAgo: NetworkPeriod };
  last12Months: { current: NetworkPeriod; previous: NetworkPeriod };
}

interface NetworkTotalsAnswer {
  figures: NetworkFigures;
  comparison?: NetworkTotalsComparison;
}

/**
 * GET {core}/api/network/impact or network/donation_totals with in_area, page_size 9999, annotate_metrics (7.4) and
 * compare (decision 0078: the comparison periods come in the same answer).
 */
export async function getNetworkTotals(
  access: NetworkAccess,
  path: NetworkTotalsPath,
  area: NetworkArea,
  signal?: AbortSignal,
): Promise<NetworkTotalsAnswer> {
  const page = await api.get<{ results: NetworkFigures[]; comparison?: NetworkTotalsComparison }>(
    networkUrl(access, path),
    {
      signal,
      query: { ...accessQuery(access, area), page_size: NETWORK_PAGE_SIZE, annotate_metrics: true, compare: true },
    },
  );
  return { figures: page.results[0] ?? {}, comparison: page.comparison };
}

export const networkTotalsQueryOptions = (access: NetworkAccess, path: NetworkTotalsPath, area: NetworkArea) =>
  queryOptions({
    queryKey: ['network', path, ...accessKey(access), area],
    queryFn: ({ signal }) => getNetworkTotals(access, path, area, signal),
  });

const SUMS = [
  'weight_kg__sum',
  'meals_provided__sum',
  'food_rescued_kg__sum',
  'co2_emissions_kg__sum',
  'money_saved__sum',
] as const;

function sumOf(a: NetworkFigures, b: NetworkFigures): NetworkFigures {
  const out: NetworkFigures = {};
  for (const m of SUMS) {
    if (a[m] !== undefined || b[m] !== undefined) out[m] = (a[m] ?? 0) + (b[m] ?? 0);
  }
  return out;
}

type Period = NetworkTotalsComparison['year_to_date']['current'];

/** One compared period of both answers, summed (the two never count the same donation). */
function periodOf(a: Period, b: Period): NetworkPeriod {
  return {
    from: a.entry_time__gte,
    to: a.entry_time__lte,
    figures: sumOf(a.results[0] ?? {}, b.results[0] ?? {}),
  };
}

function comparisonOf(a?: NetworkTotalsComparison, b?: NetworkTotalsComparison): NetworkComparison | undefined {
  if (!a || !b) return undefined;
  return {
    yearToDate: {
      current: periodOf(a.year_to_date.current, b.year_to_date.current),
      yearAgo: periodOf(a.year_to_date.year_ago, b.year_to_date.year_ago),
    },
    last12Months: {
      current: periodOf(a.last_12_months.current, b.last_12_months.current),
      previous: periodOf(a.last_12_months.previous, b.last_12_months.previous),
    },
  };
}

/** The panel's impact: network/impact plus network/donation_totals (they never count the same donation). */
export function useNetworkImpact(access: NetworkAccess, area: NetworkArea) {
  const impact = useQuery(networkTotalsQueryOptions(access, networkPaths.impact, area));
  const donations = useQuery(networkTotalsQueryOptions(access, networkPaths.donationTotals, area));
  const both = impact.data && donations.data ? ([impact.data, donations.data] as const) : undefined;
  return {
    data: both && sumOf(both[0].figures, both[1].figures),
    comparison: both && comparisonOf(both[0].comparison, both[1].comparison),
    isPending: impact.isPending || donations.isPending,
    isError: impact.isError || donations.isError,
  };
}
