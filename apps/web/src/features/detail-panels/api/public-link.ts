import { pathTo, publicLinksPaths } from '@openrescue/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';

export type LinkKind = 'receiver' | 'store';

/** GET {ops}/public-links/{kind}/{id} -> { url }: the read-only public reports link. */
export async function getPublicLink(kind: LinkKind, id: string, signal?: AbortSignal): Promise<string> {
  const body = await api.get<{ url: string }>(apiUrl(pathTo(publicLinksPaths.link, { kind, id })), { signal });
  return body.url;
}

/** POST {ops}/public-links/{kind}/{id}/rotate -> { url }: a new link; every older link stops working. */
export async function rotatePublicLink(kind: LinkKind, id: string): Promise<string> {
  const body = await api.post<{ url: string }>(apiUrl(pathTo(publicLinksPaths.rotate, { kind, id })));
  return body.url;
}

const key = (kind: LinkKind, id: string) => ['public-link', kind, id];

export function usePublicLink(kind: LinkKind, id: string) {
  return useQuery({
    queryKey: key(kind, id),
    queryFn: ({ signal }) => getPublicLink(kind, id, signal),
    meta: { errorDialog: false },
  });
}

export function useRotatePublicLink(kind: LinkKind, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => rotatePublicLink(kind, id),
    onSuccess: (url) => client.setQueryData(key(kind, id), url),
  });
}
