import { lookupsPaths, type Receiver, type Store } from '@openrescue/shared';
import { apiUrl } from '../../../config/env';
import { useListRecord } from '../../../lib/list-record';

/** GET {core}/api/retail/receivers?id={id}&expand=store_set: one receiver with the stores it serves. */
export function useReceiver(id: string | undefined) {
  return useListRecord<Receiver>(
    'receiver',
    apiUrl(lookupsPaths.retailReceivers),
    id ? { id, expand: 'store_set' } : undefined,
    'receivers',
  );
}

/** GET {core}/api/retail/stores?id={id}&expand=receivers: one store with its receivers. */
export function useStore(id: string | undefined) {
  return useListRecord<Store>(
    'store',
    apiUrl(lookupsPaths.retailStores),
    id ? { id, expand: 'receivers' } : undefined,
    'stores',
  );
}
