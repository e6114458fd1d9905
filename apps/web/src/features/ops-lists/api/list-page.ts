import { DEFAULT_PAGE_SIZE } from '@openrescue/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { QueryValue } from '../../../lib/api-client';
import { api } from '../../../lib/api';
import { LIST_QUERY_KEY } from '../../../lib/list-record';

/** One page of a spec 7.3 list: `{ count, next, results }`. */
export interface ListPage<T> {
  count: number;
  next: string | null;
  results: T[];
}

export function readPage<T>(response: unknown): ListPage<T> {
  if (typeof response !== 'object' || response === null) return { count: 0, next: null, results: [] };
  const body = response as Partial<ListPage<T>>;
  const results = Array.isArray(body.results) ? body.results : [];
  return { count: typeof body.count === 'number' ? body.count : results.length, next: body.next ?? null, results };
}

/** GET one page (page size 50, section 9) of a list at `url` with the given filters. */
export async function getListPage<T>(
  url: string,
  filters: Record<string, QueryValue>,
  page: number,
  signal?: AbortSignal,
): Promise<ListPage<T>> {
  const response = await api.get<unknown>(url, { signal, query: { ...filters, page_size: DEFAULT_PAGE_SIZE, page } });
  return readPage<T>(response);
}

/** A list's first-page query: the screen's hook, and the route's prefetch while its code loads (router.tsx). */
export function infiniteListOptions<T>(key: string, url: string, filters: Record<string, QueryValue>) {
  return infiniteQueryOptions({
    queryKey: [LIST_QUERY_KEY, key, filters],
    queryFn: ({ pageParam, signal }) => getListPage<T>(url, filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: ListPage<T>, all: ListPage<T>[]) =>
      last.next && all.length * DEFAULT_PAGE_SIZE < last.count ? all.length + 1 : undefined,
    meta: { errorDialog: false },
  });
}

/**
 * The list-screen query: pages of 50 loaded one after the other; the screen shows its own errors
 * (errorDialog off) so a failed filter does not stack dialogs.
 */
export function useInfiniteList<T>(key: string, url: string, filters: Record<string, QueryValue>, enabled = true) {
  return useInfiniteQuery({ ...infiniteListOptions<T>(key, url, filters), enabled });
}
