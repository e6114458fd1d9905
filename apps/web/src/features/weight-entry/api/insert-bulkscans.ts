import { retailPaths } from '@openrescue/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';
import { LIST_QUERY_KEY } from '../../../lib/list-record';

export interface BulkScanInsert {
  store_id: number;
  department: number;
  email: string;
  weight_kg: number;
  receiver_id: number;
  destination: 1;
  entry_time: string;
}

/** POST {core}/api/bulkscan/ with a list; one Idempotency-Key per submit so a retried send inserts once. */
export async function insertBulkScans(items: BulkScanInsert[], idempotencyKey: string): Promise<unknown[]> {
  const body = await api.post<unknown>(apiUrl(retailPaths.insertBulkScans), items, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  if (Array.isArray(body)) return body;
  const results = (body as { results?: unknown } | null)?.results;
  return Array.isArray(results) ? results : [];
}

export function useInsertBulkScans() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ items, key }: { items: BulkScanInsert[]; key: string }) => insertBulkScans(items, key),
    onSuccess: () => void client.invalidateQueries({ queryKey: [LIST_QUERY_KEY] }),
  });
}
