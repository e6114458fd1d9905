import { lookupsPaths, noPickupsPaths, type NoPickupBody } from '@openrescue/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';
import { LIST_QUERY_KEY } from '../../../lib/list-record';
import type { BulkScanRow } from './get-bulkscans';
import { readPage } from './list-page';
import type { StoreRow } from './get-stores';

/** POST {core}/api/retail/no-pickups (issue 36): one no-pickup; the author is the signed-in user (server side). */
export async function recordNoPickup(body: NoPickupBody): Promise<BulkScanRow> {
  return api.post<BulkScanRow>(apiUrl(noPickupsPaths.record), body);
}

export function useRecordNoPickup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: recordNoPickup,
    // The No-pickups list (and any bulk-scan list) shows the new row.
    onSuccess: () => void client.invalidateQueries({ queryKey: [LIST_QUERY_KEY, 'bulkscan'] }),
  });
}

/** The receivers a store has a pickup schedule with (GET retail/stores?id=&expand=receivers). */
export function useStoreReceivers(storeId: string | null) {
  return useQuery({
    queryKey: ['ops-lists', 'store-receivers', storeId],
    enabled: storeId !== null,
    queryFn: async ({ signal }) => {
      const response = await api.get<unknown>(apiUrl(lookupsPaths.retailStores), {
        signal,
        query: { id: storeId ?? '', expand: 'receivers', page_size: 1 },
      });
      const store = readPage<StoreRow>(response).results[0];
      return (store?.receivers ?? []).flatMap((r) =>
        typeof r === 'object' ? [{ value: String(r.id), label: r.name }] : [],
      );
    },
  });
}
