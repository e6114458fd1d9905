import { lookupsPaths } from '@openrescue/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';
import { readList } from '../lib/read-list';
import type { CompanyLookup } from '../lib/scope';

/** GET {core}/api/companies (spec 7.3 lookups, read as a data list): the companies the caller may see. */
export async function getCompanies(signal?: AbortSignal): Promise<CompanyLookup[]> {
  const response = await api.get<unknown>(apiUrl(lookupsPaths.companies), { signal, query: { page_size: 9999 } });
  return readList<CompanyLookup>(response).map((c) => ({ id: c.id, name: c.name }));
}

export const companiesQueryOptions = () =>
  queryOptions({ queryKey: ['lookups', 'companies'], queryFn: ({ signal }) => getCompanies(signal) });

export function useCompanies(enabled = true) {
  return useQuery({ ...companiesQueryOptions(), enabled });
}
