import { useQuery } from '@tanstack/react-query';
import type { QueryValue } from './api-client';
import { api } from './api';

/** Whether an address segment can name a record (an id of 1 to 9 digits); anything else is not asked for. */
export const isRecordId = (id: string) => /^\d{1,9}$/.test(id);

/** The first row a spec 7.3 list answers for `query` (e.g. `?id=7`), or null when it answers none. */
export async function getFirstRecord<T>(url: string, query: Record<string, QueryValue>, signal?: AbortSignal): Promise<T | null> {
  const results = (await api.get<{ results?: unknown } | null>(url, { signal, query }))?.results;
  return Array.isArray(results) && results.length > 0 ? (results[0] as T) : null;
}

/**
 * One record of a list for its detail panel, asked of the list endpoint itself so the server's filters and
 * authorization apply (another tenant's row answers like a missing one). `query` undefined: nothing to load.
 */
export function useListRecord<T>(key: string, url: string, query: Record<string, QueryValue> | undefined) {
  return useQuery({
    queryKey: ['detail', key, query],
    queryFn: ({ signal }) => getFirstRecord<T>(url, query!, signal),
    enabled: Boolean(query),
    meta: { errorDialog: false },
  });
}
