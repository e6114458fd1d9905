import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { documentsPaths, pathTo } from '@openrescue/shared';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';
import type { Poster } from './types';

export const posterPath = (storeId: string) => apiUrl(pathTo(documentsPaths.poster, { id: storeId }));
export const posterPdfPath = (storeId: string) => apiUrl(pathTo(documentsPaths.posterPdf, { id: storeId }));

/**
 * GET {core}/api/reports/poster/{storeId}?month=YYYY-MM-01: the poster's figures, logo and QR code. `bearer` is a
 * read-only public link's credential, sent instead of the signed-in user's token.
 */
export function getPoster(storeId: string, month: string, signal?: AbortSignal, bearer?: string) {
  return api.get<Poster>(posterPath(storeId), { query: { month }, signal, bearer });
}

export const posterQueryOptions = (storeId: string, month: string, bearer?: string) =>
  queryOptions({
    queryKey:
      bearer === undefined ? ['reports', 'poster', storeId, month] : ['reports', 'poster', storeId, month, { bearer }],
    queryFn: ({ signal }) => getPoster(storeId, month, signal, bearer),
    // A refused link stays refused: no retries.
    ...(bearer === undefined ? {} : { retry: false }),
  });

export function usePoster(storeId: string, month: string, bearer?: string) {
  return useQuery({ ...posterQueryOptions(storeId, month, bearer), placeholderData: keepPreviousData });
}
