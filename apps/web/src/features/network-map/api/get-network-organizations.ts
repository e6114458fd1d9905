import { NETWORK_LIMIT, networkPaths, type MapOrganization, type NetworkArea } from '@openrescue/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { accessKey, accessQuery, networkUrl, type NetworkAccess } from '../lib/network-access';

/**
 * The map's organizations: staff get every participant (NetworkOrganizationList); the public page only those it can
 * draw, with the count of all and per category (PublicNetworkOrganizationList, issue 32 item 9).
 */
export interface MapOrganizationList {
  count: number;
  next: string | null;
  results: MapOrganization[];
  /** Public answers: participants per category, Farmers included (they are never in `results`). */
  category_counts?: Record<string, number>;
  /** Public answers: the same of verified 1 participants only (the verified toggle, decision 0060). */
  verified_category_counts?: Record<string, number>;
}

/** GET {core}/api/retail/network/?in_area=&limit= (spec 7.4): 999 for staff, 10000 on the public page. */
export function getNetworkOrganizations(access: NetworkAccess, area: NetworkArea, signal?: AbortSignal) {
  return api.get<MapOrganizationList>(networkUrl(access, networkPaths.organizations), {
    signal,
    query: { ...accessQuery(access, area), limit: access.kind === 'public' ? NETWORK_LIMIT.public : NETWORK_LIMIT.ops },
  });
}

export const networkOrganizationsQueryOptions = (access: NetworkAccess, area: NetworkArea) =>
  queryOptions({
    queryKey: ['network', 'organizations', ...accessKey(access), area],
    queryFn: ({ signal }) => getNetworkOrganizations(access, area, signal),
  });

export function useNetworkOrganizations(access: NetworkAccess, area: NetworkArea) {
  return useQuery(networkOrganizationsQueryOptions(access, area));
}
