import { pathTo } from '@openrescue/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';
import { linkPaths, type LinkSide } from './public-link';

/** GET {side}/public-links/store/{id}/poster -> { url }: the short link the store's posters print in their QR code. */
export async function getPosterLink(id: string, signal?: AbortSignal, side: LinkSide = 'ops'): Promise<string> {
  const body = await api.get<{ url: string }>(apiUrl(pathTo(linkPaths(side).posterLink, { id })), { signal });
  return body.url;
}

/** POST {side}/public-links/store/{id}/poster/revoke -> { url }: a new poster link; printed posters stop working. */
export async function revokePosterLink(id: string, side: LinkSide = 'ops'): Promise<string> {
  const body = await api.post<{ url: string }>(apiUrl(pathTo(linkPaths(side).revokePosterLink, { id })));
  return body.url;
}

/** POST {side}/public-links/store/{id}/poster/copied: the poster link was copied (the audit trail). */
export async function recordPosterLinkCopied(id: string, side: LinkSide = 'ops'): Promise<void> {
  await api.post(apiUrl(pathTo(linkPaths(side).posterCopied, { id })));
}

const key = (id: string) => ['poster-link', id];

export function usePosterLink(id: string, side: LinkSide = 'ops') {
  return useQuery({
    queryKey: key(id),
    queryFn: ({ signal }) => getPosterLink(id, signal, side),
    meta: { errorDialog: false },
  });
}

export function useRevokePosterLink(id: string, side: LinkSide = 'ops') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => revokePosterLink(id, side),
    onSuccess: (url) => {
      client.setQueryData(key(id), url);
      // The store's poster figures carry the link too.
      void client.invalidateQueries({ queryKey: ['reports', 'poster', id] });
    },
  });
}

export function useRecordPosterLinkCopied(id: string, side: LinkSide = 'ops') {
  return useMutation({ mutationFn: () => recordPosterLinkCopied(id, side) });
}
