import { networkPaths, type NetworkRegions } from '@openrescue/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';

/** GET {core}/api/network/regions (staff): every region's page settings, outlines and public page path. */
export function getNetworkRegions(signal?: AbortSignal) {
  return api.get<NetworkRegions>(apiUrl(networkPaths.regions), { signal });
}

export const networkRegionsQueryOptions = () =>
  queryOptions({ queryKey: ['network', 'regions'], queryFn: ({ signal }) => getNetworkRegions(signal) });

export function useNetworkRegions() {
  return useQuery(networkRegionsQueryOptions());
}
