import { dashboardExportPaths, type ApiKey, type ApiKeyCreated } from '@openrescue/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';
import { KEY_LIST_FRESHNESS } from '../../../lib/key-list-freshness';

export type { ApiKey, ApiKeyCreated };

const KEYS_URL = () => apiUrl(dashboardExportPaths.apiKeys);
const queryKey = ['company-api-keys'];

/** GET {core}/api/company/api-keys: the company's keys (never the keys themselves), revoked ones included. */
export async function getApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  return (await api.get<{ results: ApiKey[] }>(KEYS_URL(), { signal })).results;
}

/** POST {core}/api/company/api-keys: a new key, shown in this answer only. */
export function createApiKey(name: string): Promise<ApiKeyCreated> {
  return api.post<ApiKeyCreated>(KEYS_URL(), { name });
}

/** DELETE {core}/api/company/api-keys/{id}: the key stops working at once. */
export function revokeApiKey(id: number): Promise<ApiKey> {
  return api.request<ApiKey>(`${KEYS_URL()}/${id}`, { method: 'DELETE' });
}

export function useApiKeys(enabled: boolean) {
  return useQuery({ queryKey, queryFn: ({ signal }) => getApiKeys(signal), ...KEY_LIST_FRESHNESS, enabled });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createApiKey, onSuccess: () => client.invalidateQueries({ queryKey }) });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({ mutationFn: revokeApiKey, onSuccess: () => client.invalidateQueries({ queryKey }) });
}
