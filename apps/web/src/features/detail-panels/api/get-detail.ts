import type { Receiver, Store } from '@openrescue/shared';
import { useQuery } from '@tanstack/react-query';
import { coreUrl } from '../../../config/env';
import { api } from '../../../lib/api';

function first<T>(response: unknown): T | null {
  const results = (response as { results?: unknown } | null)?.results;
  return Array.isArray(results) && results.length > 0 ? (results[0] as T) : null;
}

/** GET {core}/api/retail/receivers?id={id}&expand=store_set: one receiver with the stores it serves. */
export async function getReceiver(id: string, signal?: AbortSignal): Promise<Receiver | null> {
  return first<Receiver>(await api.get<unknown>(coreUrl('retail/receivers'), { signal, query: { id, expand: 'store_set' } }));
}

/** GET {core}/api/retail/stores?id={id}&expand=receivers: one store with its receivers. */
export async function getStore(id: string, signal?: AbortSignal): Promise<Store | null> {
  return first<Store>(await api.get<unknown>(coreUrl('retail/stores'), { signal, query: { id, expand: 'receivers' } }));
}

export function useReceiver(id: string | undefined) {
  return useQuery({
    queryKey: ['detail', 'receiver', id],
    queryFn: ({ signal }) => getReceiver(id!, signal),
    enabled: Boolean(id),
    meta: { errorDialog: false },
  });
}

export function useStore(id: string | undefined) {
  return useQuery({
    queryKey: ['detail', 'store', id],
    queryFn: ({ signal }) => getStore(id!, signal),
    enabled: Boolean(id),
    meta: { errorDialog: false },
  });
}
