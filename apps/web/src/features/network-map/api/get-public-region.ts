import { networkPaths, type PublicNetworkRegion } from '@openrescue/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';
import { ApiRequestError } from '../../../lib/api-errors';

/** GET {core}/api/public/network/region?in_area=&secret=: the public page of a region; 404 on a wrong secret. */
export function getPublicRegion(area: string, secret: string, signal?: AbortSignal) {
  return api.get<PublicNetworkRegion>(apiUrl(networkPaths.publicRegion), { signal, query: { in_area: area, secret } });
}

export const isWrongUrl = (error: unknown) =>
  error instanceof ApiRequestError && (error.status === 404 || error.status === 400);

export const publicRegionQueryOptions = (area: string, secret: string) =>
  queryOptions({
    queryKey: ['network', 'public-region', area, secret],
    queryFn: ({ signal }) => getPublicRegion(area, secret, signal),
    // a wrong secret shows the wrong-url page, not the error dialog
    meta: { errorDialog: false },
    retry: (count, error) => count < 1 && !isWrongUrl(error),
  });

export function usePublicRegion(area: string, secret: string) {
  return useQuery(publicRegionQueryOptions(area, secret));
}
