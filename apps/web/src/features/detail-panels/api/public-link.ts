import { clientLinksPaths, type LinkPaths, pathTo, publicLinksPaths } from '@openrescue/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';

export type LinkKind = 'receiver' | 'store';

/**
 * Where a link is managed from: the console (staff, {ops}/public-links) or the client app, by the people who own the
 * store's or receiver's links ({core}/api/public-links, issue 37 section 3). The same answers either way.
 */
export type LinkSide = 'ops' | 'client';
export const linkPaths = (side: LinkSide): LinkPaths => (side === 'client' ? clientLinksPaths : publicLinksPaths);

/** GET {side}/public-links/{kind}/{id} -> { url }: the read-only public reports link. */
export async function getPublicLink(
  kind: LinkKind,
  id: string,
  signal?: AbortSignal,
  side: LinkSide = 'ops',
): Promise<string> {
  const body = await api.get<{ url: string }>(apiUrl(pathTo(linkPaths(side).link, { kind, id })), { signal });
  return body.url;
}

/** POST {side}/public-links/{kind}/{id}/rotate -> { url }: a new link; every older link stops working. */
export async function rotatePublicLink(kind: LinkKind, id: string, side: LinkSide = 'ops'): Promise<string> {
  const body = await api.post<{ url: string }>(apiUrl(pathTo(linkPaths(side).rotate, { kind, id })));
  return body.url;
}

/** POST {side}/public-links/{kind}/{id}/copied: the copy button put the link on the clipboard (the audit trail). */
export async function recordPublicLinkCopied(kind: LinkKind, id: string, side: LinkSide = 'ops'): Promise<void> {
  await api.post(apiUrl(pathTo(linkPaths(side).copied, { kind, id })));
}

const key = (kind: LinkKind, id: string) => ['public-link', kind, id];

export function usePublicLink(kind: LinkKind, id: string, side: LinkSide = 'ops') {
  return useQuery({
    queryKey: key(kind, id),
    queryFn: ({ signal }) => getPublicLink(kind, id, signal, side),
    meta: { errorDialog: false },
  });
}

export function useRotatePublicLink(kind: LinkKind, id: string, side: LinkSide = 'ops') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => rotatePublicLink(kind, id, side),
    onSuccess: (url) => {
      client.setQueryData(key(kind, id), url);
      // A charity user's own record lists its receivers' links (its dashboard shows them).
      if (kind === 'receiver') void client.invalidateQueries({ queryKey: ['clients', 'receiver_user'] });
    },
  });
}

export function useRecordPublicLinkCopied(kind: LinkKind, id: string, side: LinkSide = 'ops') {
  return useMutation({ mutationFn: () => recordPublicLinkCopied(kind, id, side) });
}
