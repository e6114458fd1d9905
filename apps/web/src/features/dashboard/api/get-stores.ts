import { lookupsPaths } from '@openrescue/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';
import { readList } from '../lib/read-list';
import type { StoreLookup } from '../lib/scope';

/** GET {core}/api/stores?page_size=9999 (spec 7.3 lookups): the stores the caller may see. */
export async function getStores(signal?: AbortSignal): Promise<StoreLookup[]> {
  const response = await api.get<unknown>(apiUrl(lookupsPaths.stores), { signal, query: { page_size: 9999 } });
  return readList<StoreLookup>(response).map((s) => ({ id: s.id, name: s.name, company_id: s.company_id }));
}

export const storesQueryOptions = () =>
  queryOptions({ queryKey: ['lookups', 'stores'], queryFn: ({ signal }) => getStores(signal) });

export function useStores(enabled = true) {
  return useQuery({ ...storesQueryOptions(), enabled });
}
