import { type IntegrationKey, transcriptsPaths } from '@openrescue/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';
import { KEY_LIST_FRESHNESS } from '../../../lib/key-list-freshness';

export type { IntegrationKey };
export type CreatedIntegrationKey = IntegrationKey & { key: string };

const KEYS_URL = () => apiUrl(transcriptsPaths.keys);
const queryKey = ['integration-keys'];

/** GET {core}/api/product/calls/integration-keys: every key (never the key itself), revoked ones included. */
export async function getIntegrationKeys(signal?: AbortSignal): Promise<IntegrationKey[]> {
  return (await api.get<{ results: IntegrationKey[] }>(KEYS_URL(), { signal })).results;
}

/** POST {core}/api/product/calls/integration-keys: a new key, shown in this answer only. */
export function createIntegrationKey(name: string): Promise<CreatedIntegrationKey> {
  return api.post<CreatedIntegrationKey>(KEYS_URL(), { name });
}

/** DELETE {core}/api/product/calls/integration-keys/{id}: the key stops working at once. */
export function revokeIntegrationKey(id: number): Promise<IntegrationKey> {
  return api.request<IntegrationKey>(`${KEYS_URL()}/${id}`, { method: 'DELETE' });
}

export function useIntegrationKeys() {
  return useQuery({ queryKey, queryFn: ({ signal }) => getIntegrationKeys(signal), ...KEY_LIST_FRESHNESS });
}

export function useCreateIntegrationKey() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createIntegrationKey, onSuccess: () => client.invalidateQueries({ queryKey }) });
}

export function useRevokeIntegrationKey() {
  const client = useQueryClient();
  return useMutation({ mutationFn: revokeIntegrationKey, onSuccess: () => client.invalidateQueries({ queryKey }) });
}
