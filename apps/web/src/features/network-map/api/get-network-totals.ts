import { NETWORK_PAGE_SIZE, networkPaths, type NetworkArea, type NetworkTotalsRow } from '@openrescue/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { accessKey, accessQuery, networkUrl, type NetworkAccess } from '../lib/network-access';

export type NetworkTotalsPath = (typeof networkPaths)['impact' | 'donationTotals'];

/** The sums of a totals answer: staff get weight and money saved too, the public page its three figures only. */
export type NetworkFigures = Partial<NetworkTotalsRow>;

/** GET {core}/api/network/impact or network/donation_totals with in_area, page_size 9999, annotate_metrics (7.4). */
export async function getNetworkTotals(
  access: NetworkAccess,
  path: NetworkTotalsPath,
  area: NetworkArea,
  signal?: AbortSignal,
) {
  const page = await api.get<{ results: NetworkFigures[] }>(networkUrl(access, path), {
    signal,
    query: { ...accessQuery(access, area), page_size: NETWORK_PAGE_SIZE, annotate_metrics: true },
  });
  return page.results[0] ?? {};
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

/** The panel's impact: network/impact plus network/donation_totals (they never count the same donation). */
export function useNetworkImpact(access: NetworkAccess, area: NetworkArea) {
  const impact = useQuery(networkTotalsQueryOptions(access, networkPaths.impact, area));
  const donations = useQuery(networkTotalsQueryOptions(access, networkPaths.donationTotals, area));
  let data: NetworkFigures | undefined;
  if (impact.data && donations.data) {
    data = {};
    for (const m of SUMS) {
      if (impact.data[m] !== undefined || donations.data[m] !== undefined)
        data[m] = (impact.data[m] ?? 0) + (donations.data[m] ?? 0);
    }
  }
  return { data, isPending: impact.isPending || donations.isPending, isError: impact.isError || donations.isError };
}
