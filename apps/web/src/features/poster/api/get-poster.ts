import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { coreUrl } from '../../../config/env';
import { api } from '../../../lib/api';
import type { Poster } from './types';

export const posterPath = (storeId: string) => coreUrl(`reports/poster/${encodeURIComponent(storeId)}`);

/** GET {core}/api/reports/poster/{storeId}?month=YYYY-MM-01: the poster's figures, logo and QR code. */
export function getPoster(storeId: string, month: string, signal?: AbortSignal) {
  return api.get<Poster>(posterPath(storeId), { query: { month }, signal });
}

export const posterQueryOptions = (storeId: string, month: string) =>
  queryOptions({ queryKey: ['reports', 'poster', storeId, month], queryFn: ({ signal }) => getPoster(storeId, month, signal) });

export function usePoster(storeId: string, month: string) {
  return useQuery({ ...posterQueryOptions(storeId, month), placeholderData: keepPreviousData });
}
