import { pathTo, publicLinksPaths } from '@openrescue/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';

/** GET {ops}/public-links/store/{id}/poster -> { url }: the short link the store's posters print in their QR code. */
export async function getPosterLink(id: string, signal?: AbortSignal): Promise<string> {
  const body = await api.get<{ url: string }>(apiUrl(pathTo(publicLinksPaths.posterLink, { id })), { signal });
  return body.url;
}

/** POST {ops}/public-links/store/{id}/poster/revoke -> { url }: a new poster link; printed posters stop working. */
export async function revokePosterLink(id: string): Promise<string> {
  const body = await api.post<{ url: string }>(apiUrl(pathTo(publicLinksPaths.revokePosterLink, { id })));
  return body.url;
}

const key = (id: string) => ['poster-link', id];

export function usePosterLink(id: string) {
  return useQuery({
    queryKey: key(id),
    queryFn: ({ signal }) => getPosterLink(id, signal),
    meta: { errorDialog: false },
  });
}

export function useRevokePosterLink(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => revokePosterLink(id),
    onSuccess: (url) => {
      client.setQueryData(key(id), url);
      // The store's poster figures carry the link too.
      void client.invalidateQueries({ queryKey: ['reports', 'poster', id] });
    },
  });
}
