import { type InfiniteData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryValue } from './api-client';
import { api } from './api';

/** Whether an address segment can name a record (an id of 1 to 9 digits); anything else is not asked for. */
export const isRecordId = (id: string) => /^\d{1,9}$/.test(id);

/** The first row a spec 7.3 list answers for `query` (e.g. `?id=7`), or null when it answers none. */
export async function getFirstRecord<T>(
  url: string,
  query: Record<string, QueryValue>,
  signal?: AbortSignal,
): Promise<T | null> {
  const results = (await api.get<{ results?: unknown } | null>(url, { signal, query }))?.results;
  return Array.isArray(results) && results.length > 0 ? (results[0] as T) : null;
}

/** The first segment of every list screen's query key: `[LIST_QUERY_KEY, list, filters]`, pages of `{ results }`. */
export const LIST_QUERY_KEY = 'ops-list';

/** The row with `id` among the pages a list screen has loaded (any filters), if it is there. */
export function findLoadedRow<T>(client: QueryClient, list: string, id: string): T | undefined {
  for (const [, data] of client.getQueriesData<InfiniteData<{ results: T[] }>>({ queryKey: [LIST_QUERY_KEY, list] })) {
    for (const page of data?.pages ?? []) {
      const row = page.results.find((r) => String((r as { id?: unknown }).id) === id);
      if (row) return row;
    }
  }
  return undefined;
}

/**
 * One record of a list for its detail panel, asked of the list endpoint itself so the server's filters and
 * authorization apply (another tenant's row answers like a missing one). `query` undefined: nothing to load.
 * `fromList`: the list screen (its query key's second segment) whose loaded rows are this endpoint's records too.
 */
export function useListRecord<T>(
  key: string,
  url: string,
  query: Record<string, QueryValue> | undefined,
  fromList?: string,
) {
  const client = useQueryClient();
  return useQuery<T | null>({
    queryKey: ['detail', key, query],
    queryFn: ({ signal }) => getFirstRecord<T>(url, query!, signal),
    enabled: Boolean(query),
    meta: { errorDialog: false },
    // `fromList`: the list screen asks the same endpoint with the same expansion, so the row it shows is this very
    // record: the panel opens with it at once while the record is asked for again (it may have changed since).
    // (typed loosely: TanStack's placeholder type cannot tell that a generic T is not a function)
    placeholderData: (() =>
      fromList && query?.id !== undefined ? findLoadedRow<T>(client, fromList, String(query.id)) : undefined) as never,
  });
}
